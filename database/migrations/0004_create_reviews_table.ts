import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reviews', (table) => {
      table.increments('id')
      /* A stable natural key so that seeding twice updates instead of duplicating. */
      table.string('key', 60).notNullable().unique()
      table.integer('rating').notNullable().checkBetween([1, 5])
      table.text('comment_en').notNullable()
      table.text('comment_ar').notNullable()
      table.string('author_name_en', 120).notNullable()
      table.string('author_name_ar', 120).notNullable()
      table.string('author_title_en', 160).nullable()
      table.string('author_title_ar', 160).nullable()
      table.string('avatar_key', 200).nullable()
      table.boolean('featured').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['featured', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('reviews')
  }
}
