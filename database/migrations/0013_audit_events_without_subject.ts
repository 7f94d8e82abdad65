import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Sign-in events join the audit log; a refused sign-in may concern no known user, so an
 * event's subject becomes optional.
 */
export default class extends BaseSchema {
  protected tableName = 'audit_events'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('subject_id').nullable().alter()
    })
  }

  async down() {
    /* Events about no one cannot satisfy the old NOT NULL: they go with the rollback. */
    this.defer(async (db) => {
      await db.from(this.tableName).whereNull('subject_id').delete()
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('subject_id').notNullable().alter()
    })
  }
}
