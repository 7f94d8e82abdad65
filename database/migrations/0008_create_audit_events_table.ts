import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    /* Append-only record of every administrator decision. */
    this.schema.createTable('audit_events', (table) => {
      table.increments('id')
      table.integer('actor_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.string('action', 60).notNullable()
      table.string('subject_type', 60).notNullable()
      table.integer('subject_id').notNullable()
      table.text('details').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['subject_type', 'subject_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('audit_events')
  }
}
