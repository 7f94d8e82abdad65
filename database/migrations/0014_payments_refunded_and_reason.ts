import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  definePayments,
  FIRST_PAYMENT_STATUSES,
  ONE_COMPLETED_PER_ROOM_MONTH,
} from './0006_create_payments_table.js'
import { rebuildOnSqlite } from '../schema_helpers.js'

/** The statuses this migration leaves (0036 adds `voided`). */
export const REFUNDED_PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded']

/** The columns 0006 created, copied as they are when SQLite rebuilds the table. */
const FIRST_COLUMNS = [
  'id',
  'user_id',
  'room_id',
  'application_id',
  'amount_halalas',
  'currency',
  'method',
  'month_covered',
  'gateway_payment_id',
  'status',
  'payment_date',
  'created_at',
  'updated_at',
].join(', ')

/**
 * Payments gain the status `refunded` (a second payment for a month already paid is given
 * back) and `status_reason` (why). PostgreSQL swaps the CHECK constraint in place; SQLite
 * cannot alter a CHECK, so the table is rebuilt with the same definition, rows and
 * indexes, the one-completed-payment-per-room-month index included.
 */
export default class extends BaseSchema {
  async up() {
    if (this.onSqlite()) return this.rebuildPayments(REFUNDED_PAYMENT_STATUSES, true)
    this.replaceStatusCheck(REFUNDED_PAYMENT_STATUSES)
    this.schema.alterTable('payments', (table) => {
      table.string('status_reason', 40).nullable()
    })
  }

  async down() {
    /* The old list has no `refunded`: the money went back, so such a payment paid nothing. */
    this.defer(async (db) => {
      await db.from('payments').where('status', 'refunded').update({ status: 'failed' })
    })
    if (this.onSqlite()) return this.rebuildPayments(FIRST_PAYMENT_STATUSES, false)
    this.replaceStatusCheck(FIRST_PAYMENT_STATUSES)
    this.schema.alterTable('payments', (table) => {
      table.dropColumn('status_reason')
    })
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }

  /** PostgreSQL: the CHECK that knex's enum created, `payments_status_check`, replaced. */
  private replaceStatusCheck(statuses: readonly string[]) {
    const list = statuses.map((status) => `'${status}'`).join(', ')
    this.schema.raw('ALTER TABLE payments DROP CONSTRAINT payments_status_check')
    this.schema.raw(
      `ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN (${list}))`
    )
  }

  /**
   * SQLite: the table rebuilt with 0006's definition, its rows and its indexes (the
   * one-completed-payment-per-room-month index included). Nothing references payments.
   */
  private rebuildPayments(statuses: readonly string[], withReason: boolean) {
    rebuildOnSqlite(this, 'payments', FIRST_COLUMNS, () => {
      this.schema.createTable('payments', (table) => {
        definePayments(table, statuses)
        if (withReason) table.string('status_reason', 40).nullable()
      })
      this.schema.raw(ONE_COMPLETED_PER_ROOM_MONTH)
    })
  }
}
