import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An ID document lives only while it is needed (services/id_documents_at_rest.ts,
 * `purgeExpiredDocuments`): what remains of it once destroyed is its type (already kept),
 * its size and SHA-256, who decided (`reviewed_by`) and when it was destroyed.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('applications', (table) => {
      table.integer('document_size').nullable()
      table.string('document_sha256', 64).nullable()
      table.timestamp('document_destroyed_at', { useTz: true }).nullable()
    })
  }

  /* ALTER TABLE … DROP COLUMN in both dialects: knex would rebuild the table on SQLite, which
     the other tables' foreign keys to applications refuse once they hold rows. */
  async down() {
    for (const column of ['document_destroyed_at', 'document_sha256', 'document_size']) {
      this.schema.raw(`ALTER TABLE applications DROP COLUMN ${column}`)
    }
  }
}
