import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `rooms.available_from`: the day a taken room is free again, when the stay that
 * holds it has an end date ahead. The room stays taken (`availability` false) until then; its
 * pages say "available from {date}". Null for a room that is available, or taken with no end.
 * A room's update already reaches its pages through the change log's triggers.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('rooms', (table) => {
      table.date('available_from').nullable()
    })
  }

  /*
   * A plain DROP COLUMN on both dialects: knex drops a SQLite column by copying the table, and
   * SQLite will not drop `rooms` while other tables' foreign keys point at it.
   */
  async down() {
    this.schema.raw('ALTER TABLE rooms DROP COLUMN available_from')
  }
}
