import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import { CURRENCIES } from '@sakan/common'
import { residentRoomApplication } from '../schema_helpers.js'

/** The methods as this migration first created them (0036 adds the recorded ones). */
export const FIRST_PAYMENT_METHODS = ['creditCard']

/** The statuses as this migration first created them (0014 adds `refunded`). */
export const FIRST_PAYMENT_STATUSES = ['pending', 'completed', 'failed']

/** A month of a room is paid once. */
export const ONE_COMPLETED_PER_ROOM_MONTH = `CREATE UNIQUE INDEX payments_one_completed_per_room_month ON payments (room_id, month_covered) WHERE status = 'completed'`

/**
 * The payments table with a given status list; 0014 rebuilds it on SQLite (which cannot
 * change a CHECK in place) with the same definition.
 */
export function definePayments(table: Knex.CreateTableBuilder, statuses: readonly string[]) {
  table.increments('id')
  residentRoomApplication(table)
  /* Integer halalas, as the gateway reports them. */
  table.integer('amount_halalas').notNullable().checkPositive()
  table.enum('currency', CURRENCIES).notNullable().defaultTo('SAR')
  table.enum('method', FIRST_PAYMENT_METHODS).notNullable().defaultTo('creditCard')
  table.string('month_covered', 7).notNullable()
  /* yyyy-MM with a real month; LIKE and substr read the same on SQLite and PostgreSQL. */
  table.check(
    "month_covered LIKE '____-__' AND substr(month_covered, 6, 2) BETWEEN '01' AND '12'",
    [],
    'payments_month_covered_format'
  )
  /* The gateway's payment id: one record per gateway payment, ever. */
  table.string('gateway_payment_id', 100).notNullable().unique()
  table.enum('status', statuses).notNullable().defaultTo('pending')
  table.timestamp('payment_date', { useTz: true }).nullable()
  table.timestamp('created_at', { useTz: true }).notNullable()
  table.timestamp('updated_at', { useTz: true }).notNullable()

  table.index(['status', 'payment_date'])
  table.index(['user_id', 'created_at'])
  table.index(['created_at'])
}

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('payments', (table) => definePayments(table, FIRST_PAYMENT_STATUSES))
    this.schema.raw(ONE_COMPLETED_PER_ROOM_MONTH)
  }

  async down() {
    this.schema.dropTable('payments')
  }
}
