import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The outbox list's filters, newest first: by state (what failed, what waits) and by kind.
 * Without them a filtered page and its count read every message (1,000,000 in the bench).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('notifications', (table) => {
      table.index(['state', 'id'])
      table.index(['kind', 'id'])
    })
  }

  async down() {
    this.schema.alterTable('notifications', (table) => {
      table.dropIndex(['state', 'id'])
      table.dropIndex(['kind', 'id'])
    })
  }
}
