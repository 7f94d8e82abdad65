import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The back office's payments filtered by status, newest first, on one index (the bench's
 * "failed payments" over 1,000,000 payments).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payments', (table) => {
      table.index(['status', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable('payments', (table) => {
      table.dropIndex(['status', 'created_at'])
    })
  }
}
