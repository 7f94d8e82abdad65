import { BaseSchema } from '@adonisjs/lucid/schema'
import { MAINTENANCE_CATEGORIES, MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES } from '@sakan/common'
import { residentRoom, reference } from '../schema_helpers.js'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('maintenance_requests', (table) => {
      table.increments('id')
      residentRoom(table)
      reference(table, 'building_id', 'buildings.id')
      table.string('title', 120).notNullable()
      table.text('description').notNullable()
      table.enum('category', MAINTENANCE_CATEGORIES).notNullable()
      table.enum('priority', MAINTENANCE_PRIORITIES).notNullable().defaultTo('medium')
      table.enum('status', MAINTENANCE_STATUSES).notNullable().defaultTo('pending')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['status', 'created_at'])
      table.index(['user_id', 'created_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('maintenance_requests')
  }
}
