import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The back office's filters on indexes: payments by month and room, the audit
 * log by actor and by action.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payments', (table) => {
      table.index(['month_covered', 'created_at'])
      table.index(['room_id', 'created_at'])
    })
    this.schema.alterTable('audit_events', (table) => {
      table.index(['actor_id', 'created_at'])
      table.index(['action', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable('audit_events', (table) => {
      table.dropIndex(['action', 'created_at'])
      table.dropIndex(['actor_id', 'created_at'])
    })
    this.schema.alterTable('payments', (table) => {
      table.dropIndex(['room_id', 'created_at'])
      table.dropIndex(['month_covered', 'created_at'])
    })
  }
}
