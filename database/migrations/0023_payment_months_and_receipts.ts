import { BaseSchema } from '@adonisjs/lucid/schema'
import { riyadhDate } from '@sakan/common'
import { ONE_COMPLETED_PER_ROOM_MONTH } from './0006_create_payments_table.js'
import { reference } from '../schema_helpers.js'

/**
 * What a payment pays for: its `kind` (rent or a stay's deposit); for rent,
 * `payment_months`, a row per month it covers (one, or 3 or 12 paid ahead); and `receipts`,
 * numbered per year, for every completed payment.
 *
 * A room's month is paid once and a stay's deposit once. `payments_one_completed_per_room_month`
 * keeps guarding a rent payment's (first) month, now for rent only; a partial unique index on
 * the `payment_months` rows marked `completed` (kept in step with the payment's status by the
 * service) guards every month a payment covers; another, a stay's one completed deposit.
 */
export default class extends BaseSchema {
  async up() {
    /* Written by the service only ('rent' or 'deposit'); no CHECK, so that `down` can drop it. */
    this.schema.alterTable('payments', (table) => {
      table.string('kind', 10).notNullable().defaultTo('rent')
    })
    this.schema.raw('DROP INDEX payments_one_completed_per_room_month')
    this.schema.raw(`${ONE_COMPLETED_PER_ROOM_MONTH} AND kind = 'rent'`)
    this.schema.raw(
      "CREATE UNIQUE INDEX payments_one_completed_deposit ON payments (application_id) WHERE status = 'completed' AND kind = 'deposit'"
    )

    this.schema.createTable('payment_months', (table) => {
      table.increments('id')
      reference(table, 'payment_id', 'payments.id', 'CASCADE')
      reference(table, 'room_id', 'rooms.id')
      reference(table, 'application_id', 'applications.id')
      table.string('month', 7).notNullable()
      table.check(
        "month LIKE '____-__' AND substr(month, 6, 2) BETWEEN '01' AND '12'",
        [],
        'payment_months_month_format'
      )
      /* The payment it belongs to is completed. */
      table.boolean('completed').notNullable().defaultTo(false)
      table.unique(['payment_id', 'month'])
      table.index(['application_id'])
    })
    this.schema.raw(
      'CREATE UNIQUE INDEX payment_months_one_completed_per_room_month ON payment_months (room_id, month) WHERE completed'
    )

    this.schema.createTable('receipts', (table) => {
      table.increments('id')
      reference(table, 'payment_id', 'payments.id').unique()
      /* Sequential within the calendar year (Riyadh) of the payment, never reused. */
      table.integer('year').notNullable()
      table.integer('number').notNullable().checkPositive()
      table.unique(['year', 'number'])
      /* What the payment paid for when it was issued, in halalas. */
      table.integer('gross_halalas').notNullable()
      table.integer('discount_halalas').notNullable().defaultTo(0)
      table.timestamp('issued_at', { useTz: true }).notNullable()
    })

    this.defer(async (db) => {
      /* Every payment so far paid one month: its row, completed as the payment is. */
      await db.rawQuery(
        `INSERT INTO payment_months (payment_id, room_id, application_id, month, completed)
         SELECT id, room_id, application_id, month_covered, status = 'completed' FROM payments`
      )
      /* And each completed one its receipt, numbered in the order the payments were made. */
      const paid = await db
        .from('payments')
        .where('status', 'completed')
        .orderBy('payment_date')
        .orderBy('id')
        .select('id', 'amount_halalas', 'payment_date', 'created_at')
      const counters = new Map<number, number>()
      for (const payment of paid) {
        const { year } = riyadhDate(new Date(payment.payment_date ?? payment.created_at))
        const number = (counters.get(year) ?? 0) + 1
        counters.set(year, number)
        await db.table('receipts').insert({
          payment_id: payment.id,
          year,
          number,
          gross_halalas: payment.amount_halalas,
          discount_halalas: 0,
          issued_at: payment.payment_date ?? payment.created_at,
        })
      }
    })
  }

  /** Deposits cannot be told from rent once `kind` is gone: they are removed first. */
  async down() {
    this.schema.dropTable('receipts')
    this.schema.dropTable('payment_months')
    this.schema.raw('DROP INDEX payments_one_completed_deposit')
    this.schema.raw('DROP INDEX payments_one_completed_per_room_month')
    this.defer(async (db) => {
      await db.from('payments').where('kind', 'deposit').delete()
    })
    this.schema.raw(ONE_COMPLETED_PER_ROOM_MONTH)
    /* SQLite's own DROP COLUMN (knex would rebuild the table, losing its triggers). */
    this.schema.raw('ALTER TABLE payments DROP COLUMN kind')
  }
}
