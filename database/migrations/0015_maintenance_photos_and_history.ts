import { BaseSchema } from '@adonisjs/lucid/schema'
import { MAINTENANCE_PHOTO_TYPES, MAINTENANCE_STATUSES } from '@sakan/common'
import { reference } from '../schema_helpers.js'

/**
 * A maintenance request keeps its photos (stored privately through Drive, in upload order) and
 * its status history (the creation, then every change, with who made it). Requests filed
 * before this migration get their history backfilled: the creation by their tenant and, when
 * they have moved on since, one change to their current status by an unknown hand.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('maintenance_photos', (table) => {
      table.increments('id')
      reference(table, 'maintenance_request_id', 'maintenance_requests.id', 'CASCADE')
      /* 1-based, the upload order; the photo route's `:n`. */
      table.integer('position').notNullable()
      /* Our own opaque storage key: `maintenance/<uuid>.<ext>`. */
      table.string('key', 120).notNullable().unique()
      table.enum('content_type', MAINTENANCE_PHOTO_TYPES).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['maintenance_request_id', 'position'])
    })

    this.schema.createTable('maintenance_status_changes', (table) => {
      table.increments('id')
      reference(table, 'maintenance_request_id', 'maintenance_requests.id', 'CASCADE')
      /* Null for the creation. */
      table.enum('from_status', MAINTENANCE_STATUSES).nullable()
      table.enum('to_status', MAINTENANCE_STATUSES).notNullable()
      table.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['maintenance_request_id', 'created_at'])
    })

    this.defer(async (db) => {
      const requests = await db
        .from('maintenance_requests')
        .select('id', 'user_id', 'status', 'created_at', 'updated_at')
      for (const request of requests) {
        await db.table('maintenance_status_changes').insert({
          maintenance_request_id: request.id,
          from_status: null,
          to_status: 'pending',
          changed_by: request.user_id,
          created_at: request.created_at,
        })
        if (request.status !== 'pending') {
          await db.table('maintenance_status_changes').insert({
            maintenance_request_id: request.id,
            from_status: 'pending',
            to_status: request.status,
            changed_by: null,
            created_at: request.updated_at,
          })
        }
      }
    })
  }

  async down() {
    this.schema.dropTable('maintenance_status_changes')
    this.schema.dropTable('maintenance_photos')
  }
}
