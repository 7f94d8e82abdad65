import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An account she closed herself (services/account_closure.ts): when. Her row stays, for the
 * payments and stays that name her, with her personal data replaced by "Former resident #id".
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.timestamp('closed_at', { useTz: true }).nullable()
    })
  }

  /* ALTER TABLE … DROP COLUMN in both dialects: knex would rebuild the table on SQLite, which
     the other tables' foreign keys to users refuse once they hold rows. */
  async down() {
    this.schema.raw('ALTER TABLE users DROP COLUMN closed_at')
  }
}
