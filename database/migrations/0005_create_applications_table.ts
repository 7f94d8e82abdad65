import { BaseSchema } from '@adonisjs/lucid/schema'
import { APPLICATION_STATUSES, ID_DOCUMENT_TYPES } from '@sakan/common'
import { residentRoom } from '../schema_helpers.js'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('applications', (table) => {
      table.increments('id')
      residentRoom(table)
      table.enum('status', APPLICATION_STATUSES).notNullable().defaultTo('pending')
      table.date('move_in_date').notNullable()
      table.text('additional_info').nullable()
      /* An opaque storage key we generated; never a user-supplied path. */
      table.string('document_key', 200).nullable().unique()
      table.enum('document_content_type', ID_DOCUMENT_TYPES).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.integer('reviewed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')

      table.index(['status', 'created_at'])
      table.index(['created_at'])
      table.index(['user_id', 'created_at'])
      table.index(['room_id', 'status'])
    })

    /* One pending application per tenant per room. */
    this.schema.raw(
      `CREATE UNIQUE INDEX applications_one_pending_per_user_room ON applications (user_id, room_id) WHERE status = 'pending'`
    )
  }

  async down() {
    this.schema.dropTable('applications')
  }
}
