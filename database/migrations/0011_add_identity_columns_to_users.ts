import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What the API knows of each user's Firebase account: whether Firebase has verified the
 * e-mail (from the token at every sign-in), and, asked at most every SESSION_RECHECK_SECONDS
 * while she has open sessions, when it last asked (epoch ms) and since when her tokens are
 * valid (epoch ms; a session opened before that was signed out everywhere).
 */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.boolean('email_verified').notNullable().defaultTo(false)
      table.bigint('firebase_checked_at').nullable()
      table.bigint('firebase_tokens_valid_after').nullable()
    })
  }

  async down() {
    /*
     * Native DROP COLUMN (SQLite 3.35+, PostgreSQL): Knex would rebuild the SQLite table,
     * which its foreign keys refuse once other tables reference users.
     */
    for (const column of ['firebase_tokens_valid_after', 'firebase_checked_at', 'email_verified']) {
      this.schema.raw(`ALTER TABLE users DROP COLUMN ${column}`)
    }
  }
}
