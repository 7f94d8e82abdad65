import { BaseSchema } from '@adonisjs/lucid/schema'
import { reference } from '../schema_helpers.js'

/**
 * `stay_settlements`: what ending a stay did with the rent paid for months past its
 * end month. One row per payment concerned: its months, their share of what it charged, and
 * whether the gateway refunded it (`refunded`) or it is owed to her as a credit (`credit`).
 * A row is written as a credit before the gateway is asked, then marked refunded once it
 * answers: money the gateway gave back is never lost from the books, and a refund that never
 * happened is never shown as one.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('stay_settlements', (table) => {
      table.increments('id')
      reference(table, 'tenancy_id', 'tenancies.id', 'CASCADE')
      reference(table, 'payment_id', 'payments.id')
      /* `yyyy-MM,yyyy-MM,…`: at most the 12 months one payment covers. */
      table.string('months', 100).notNullable()
      table.integer('amount_halalas').notNullable().checkPositive()
      table.string('outcome', 10).notNullable()
      table.check("outcome IN ('refunded', 'credit')", [], 'stay_settlements_outcome')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      /* A payment's months past a stay's end are settled once. */
      table.unique(['tenancy_id', 'payment_id'])
    })
  }

  async down() {
    this.schema.dropTable('stay_settlements')
  }
}
