import { BaseSchema } from '@adonisjs/lucid/schema'
import { ROLES } from '@sakan/common'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('firebase_uid', 128).notNullable().unique()
      table.string('email', 254).notNullable().unique()
      table.string('full_name', 120).nullable()
      table.string('username', 60).nullable()
      table.string('phone', 32).nullable()
      table.string('photo_url', 2048).nullable()
      table.enum('role', ROLES).notNullable().defaultTo('tenant')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
