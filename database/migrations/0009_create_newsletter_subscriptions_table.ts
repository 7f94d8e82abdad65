import { BaseSchema } from '@adonisjs/lucid/schema'
import { LOCALES } from '@sakan/common'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('newsletter_subscriptions', (table) => {
      table.increments('id')
      table.string('email', 254).notNullable().unique()
      table.enum('locale', LOCALES).notNullable().defaultTo('en')
      table.timestamp('created_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('newsletter_subscriptions')
  }
}
