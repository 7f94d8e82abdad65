import { BaseSchema } from '@adonisjs/lucid/schema'
import { CONSENT_CONTEXTS } from '@sakan/common'
import { reference } from '../schema_helpers.js'

/**
 * Her consents to the privacy notice (issue 45): each version she accepted, when and where —
 * at sign-up, at a sign-in (a newer notice asked again) or with an application — and, on her
 * row, the version she last accepted, which the account app compares with the current one.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('consents', (table) => {
      table.increments('id')
      reference(table, 'user_id', 'users.id')
      table.string('version', 10).notNullable()
      table.enum('context', CONSENT_CONTEXTS).notNullable()
      /* The application it came with; no reference: a pending application may be deleted. */
      table.integer('application_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'])
    })
    this.schema.alterTable('users', (table) => {
      table.string('privacy_version', 10).nullable()
    })
  }

  /* ALTER TABLE … DROP COLUMN in both dialects (see 0033). */
  async down() {
    this.schema.raw('ALTER TABLE users DROP COLUMN privacy_version')
    this.schema.dropTable('consents')
  }
}
