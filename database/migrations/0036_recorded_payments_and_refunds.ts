import { BaseSchema } from '@adonisjs/lucid/schema'
import { FIRST_PAYMENT_METHODS } from './0006_create_payments_table.js'
import { REFUNDED_PAYMENT_STATUSES } from './0014_payments_refunded_and_reason.js'
import { STAY_NOTIFICATION_KINDS } from './0028_notification_kinds_of_stays.js'
import { reference, rewriteSqliteTable } from '../schema_helpers.js'

/** The lists this migration leaves (written here, so that a later change of common's is a migration of its own). */
const METHODS = ['creditCard', 'ejar', 'bank_transfer', 'cash']
const STATUSES = ['pending', 'completed', 'failed', 'refunded', 'voided']

const NOTIFICATION_KINDS = [...STAY_NOTIFICATION_KINDS, 'payment_voided']

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

/** A card payment names its gateway payment; a recorded one, its own reference. */
const REFERENCE_CHECK = `(method = 'creditCard' AND gateway_payment_id IS NOT NULL) OR (method <> 'creditCard' AND reference IS NOT NULL)`
/** What was given back never exceeds what was paid. */
const REFUNDED_CHECK = 'refunded_halalas >= 0 AND refunded_halalas <= amount_halalas'

/**
 * Rent that arrives another way, and refunds from the back office (issue 44):
 * - `payments.method` takes `ejar`, `bank_transfer` and `cash` beside `creditCard`; such a
 *   payment has no gateway payment (`gateway_payment_id` null) and its own `reference` (the
 *   Ejar/SADAD reference, the transfer's, the receipt book's number), unique per method among
 *   the payments that stand;
 * - `payments.status` takes `voided` (a recorded payment struck out, with `void_reason`: a
 *   recorded payment is never deleted);
 * - `payments.refunded_halalas`: what the gateway gave back of it so far, and
 *   `payment_refunds`, each refund the administrator asked for (amount, reason, by whom);
 * - `payment_counts` gains the `voided` row, and notifications the kind `payment_voided`.
 * PostgreSQL changes the CHECKs and the NOT NULL in place; SQLite writes the table anew
 * (`rewriteSqliteTable`: its indexes and triggers kept).
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    this.schema.alterTable('payments', (table) => {
      table.string('reference', 100).nullable()
      table.integer('refunded_halalas').notNullable().defaultTo(0)
      table.string('void_reason', 500).nullable()
    })
    if (this.onSqlite()) {
      this.defer((db) =>
        rewriteSqliteTable(db, 'payments', (sql) =>
          this.sqliteChecks(
            sql,
            REFUNDED_PAYMENT_STATUSES,
            STATUSES,
            FIRST_PAYMENT_METHODS,
            METHODS
          )
            .replace(
              '`gateway_payment_id` varchar(100) not null',
              '`gateway_payment_id` varchar(100) null'
            )
            .replace(
              /\)$/,
              `, constraint payments_reference check (${REFERENCE_CHECK}), constraint payments_refunded check (${REFUNDED_CHECK}))`
            )
        )
      )
    } else {
      this.replaceChecks(STATUSES, METHODS)
      this.schema.raw('ALTER TABLE payments ALTER COLUMN gateway_payment_id DROP NOT NULL')
      this.schema.raw(
        `ALTER TABLE payments ADD CONSTRAINT payments_reference CHECK (${REFERENCE_CHECK})`
      )
      this.schema.raw(
        `ALTER TABLE payments ADD CONSTRAINT payments_refunded CHECK (${REFUNDED_CHECK})`
      )
    }
    this.schema.raw(
      `CREATE UNIQUE INDEX payments_one_standing_reference ON payments (method, reference) WHERE reference IS NOT NULL AND status <> 'voided'`
    )
    /* A reference searched for (the payments list's search), whatever its method. */
    this.schema.raw('CREATE INDEX payments_reference ON payments (reference)')
    /* The rent roll's "collected": a month's completed payments by method, read from the index alone. */
    this.schema.raw(
      'CREATE INDEX payments_collected ON payments (status, payment_date, method, amount_halalas, refunded_halalas, room_id)'
    )
    /* Its deposits held: the completed deposits (one per stay at most), from the index alone. */
    this.schema.raw(
      "CREATE INDEX payments_deposits_held ON payments (room_id, amount_halalas, refunded_halalas) WHERE kind = 'deposit' AND status = 'completed'"
    )
    /* The rent roll: a month's paid stays, and the stays holding a month, from indexes alone. */
    this.schema.raw(
      'CREATE INDEX payment_months_completed_by_month ON payment_months (month, application_id) WHERE completed'
    )
    this.schema.raw(
      'CREATE INDEX tenancies_rent_roll ON tenancies (start_date, end_date, monthly_rent_halalas, room_id, application_id)'
    )
    this.schema.createTable('payment_refunds', (table) => {
      table.increments('id')
      reference(table, 'payment_id', 'payments.id')
      table.integer('amount_halalas').notNullable().checkPositive()
      table.string('reason', 500).notNullable()
      /* `pending` while the gateway is asked (its amount held against the payment), then `completed` or `failed`. */
      table.string('state', 10).notNullable()
      table.check("state IN ('pending', 'completed', 'failed')", [], 'payment_refunds_state')
      table.integer('actor_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['payment_id'])
    })
    this.defer(async (db) => {
      await db.table('payment_counts').insert({ status: 'voided', total: 0 })
    })
    this.replaceNotificationKinds(STAY_NOTIFICATION_KINDS, NOTIFICATION_KINDS)
  }

  /** What the old lists cannot hold goes first: recorded payments, with their receipts and refunds. */
  async down() {
    this.defer(async (db) => {
      await db.from('notifications').where('kind', 'payment_voided').delete()
    })
    this.replaceNotificationKinds(NOTIFICATION_KINDS, STAY_NOTIFICATION_KINDS)
    this.schema.dropTable('payment_refunds')
    this.schema.raw('DROP INDEX tenancies_rent_roll')
    this.schema.raw('DROP INDEX payment_months_completed_by_month')
    this.schema.raw('DROP INDEX payments_deposits_held')
    this.schema.raw('DROP INDEX payments_collected')
    this.schema.raw('DROP INDEX payments_reference')
    this.schema.raw('DROP INDEX payments_one_standing_reference')
    this.defer(async (db) => {
      const recorded = db.from('payments').whereNot('method', 'creditCard').select('id')
      await db.from('stay_settlements').whereIn('payment_id', recorded).delete()
      await db.from('receipts').whereIn('payment_id', recorded).delete()
      await db.from('payment_months').whereIn('payment_id', recorded).delete()
      await db.from('payments').whereNot('method', 'creditCard').delete()
      await db.from('payments').where('status', 'voided').update({ status: 'failed' })
      await db.from('payment_counts').where('status', 'voided').delete()
    })
    if (this.onSqlite()) {
      this.defer((db) =>
        rewriteSqliteTable(db, 'payments', (sql) =>
          this.sqliteChecks(
            sql,
            STATUSES,
            REFUNDED_PAYMENT_STATUSES,
            METHODS,
            FIRST_PAYMENT_METHODS
          )
            .replace(
              '`gateway_payment_id` varchar(100) null',
              '`gateway_payment_id` varchar(100) not null'
            )
            .replace(
              /, constraint payments_reference check \(.*\), constraint payments_refunded check \(.*\)\)$/,
              ')'
            )
        )
      )
    } else {
      this.schema.raw('ALTER TABLE payments DROP CONSTRAINT payments_refunded')
      this.schema.raw('ALTER TABLE payments DROP CONSTRAINT payments_reference')
      this.replaceChecks(REFUNDED_PAYMENT_STATUSES, FIRST_PAYMENT_METHODS)
      this.schema.raw('ALTER TABLE payments ALTER COLUMN gateway_payment_id SET NOT NULL')
    }
    /* ALTER TABLE … DROP COLUMN in both dialects (see 0033). */
    this.schema.raw('ALTER TABLE payments DROP COLUMN void_reason')
    this.schema.raw('ALTER TABLE payments DROP COLUMN refunded_halalas')
    this.schema.raw('ALTER TABLE payments DROP COLUMN reference')
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }

  /** SQLite: the status and method CHECKs as knex's enum wrote them, with other lists. */
  private sqliteChecks(
    sql: string,
    fromStatuses: readonly string[],
    toStatuses: readonly string[],
    fromMethods: readonly string[],
    toMethods: readonly string[]
  ) {
    const swap = (text: string, column: string, from: readonly string[], to: readonly string[]) => {
      const old = `check (\`${column}\` in (${list(from)}))`
      if (!text.includes(old)) throw new Error(`0036: payments.${column} is not as expected`)
      return text.replace(old, `check (\`${column}\` in (${list(to)}))`)
    }
    return swap(swap(sql, 'status', fromStatuses, toStatuses), 'method', fromMethods, toMethods)
  }

  /** `notifications_kind` (0024's CHECK) with another list of kinds. */
  private replaceNotificationKinds(from: readonly string[], to: readonly string[]) {
    if (!this.onSqlite()) {
      this.schema.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind')
      this.schema.raw(
        `ALTER TABLE notifications ADD CONSTRAINT notifications_kind CHECK (kind IN (${list(to)}))`
      )
      return
    }
    this.defer((db) =>
      rewriteSqliteTable(db, 'notifications', (sql) => {
        const old = `kind IN (${list(from)})`
        if (!sql.includes(old)) throw new Error('0036: notifications.kind is not as expected')
        return sql.replace(old, `kind IN (${list(to)})`)
      })
    )
  }

  /** PostgreSQL: the CHECKs knex's enums created, replaced. */
  private replaceChecks(statuses: readonly string[], methods: readonly string[]) {
    for (const [column, values] of [
      ['status', statuses],
      ['method', methods],
    ] as const) {
      this.schema.raw(`ALTER TABLE payments DROP CONSTRAINT payments_${column}_check`)
      this.schema.raw(
        `ALTER TABLE payments ADD CONSTRAINT payments_${column}_check CHECK (${column} IN (${list(values)}))`
      )
    }
  }
}
