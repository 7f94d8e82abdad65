import { BaseSchema } from '@adonisjs/lucid/schema'
import { PAYMENT_STATUSES } from '@sakan/common'
import {
  definePayments,
  FIRST_PAYMENT_STATUSES,
  ONE_COMPLETED_PER_ROOM_MONTH,
} from './0006_create_payments_table.js'

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
    if (this.onSqlite()) return this.rebuildOnSqlite(PAYMENT_STATUSES, true)
    this.replaceStatusCheck(PAYMENT_STATUSES)
    this.schema.alterTable('payments', (table) => {
      table.string('status_reason', 40).nullable()
    })
  }

  async down() {
    /* The old list has no `refunded`: the money went back, so such a payment paid nothing. */
    this.defer(async (db) => {
      await db.from('payments').where('status', 'refunded').update({ status: 'failed' })
    })
    if (this.onSqlite()) return this.rebuildOnSqlite(FIRST_PAYMENT_STATUSES, false)
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
   * SQLite: the old table set aside (its indexes dropped, their names being global), the
   * new one created by 0006's definition, the rows copied, the old table dropped. Nothing
   * references payments, so foreign keys stay on.
   */
  private rebuildOnSqlite(statuses: readonly string[], withReason: boolean) {
    this.schema.renameTable('payments', 'payments_old')
    this.defer(async (db) => {
      const indexes = await db.rawQuery(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'payments_old' AND sql IS NOT NULL`
      )
      for (const { name } of indexes as { name: string }[])
        await db.rawQuery(`DROP INDEX "${name}"`)
    })
    this.schema.createTable('payments', (table) => {
      definePayments(table, statuses)
      if (withReason) table.string('status_reason', 40).nullable()
    })
    this.schema.raw(ONE_COMPLETED_PER_ROOM_MONTH)
    this.schema.raw(
      `INSERT INTO payments (${FIRST_COLUMNS}) SELECT ${FIRST_COLUMNS} FROM payments_old`
    )
    this.schema.dropTable('payments_old')
  }
}
