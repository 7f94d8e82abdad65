import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (@adonisjs/session's database store): the cookie holds only the id,
 * so Log Out and "sign out of all devices" end a session for good. `user_id` is the store's
 * tag (a string, no foreign key: the store writes it), used to find every session of a user.
 */
export default class extends BaseSchema {
  protected tableName = 'sessions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at').notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
