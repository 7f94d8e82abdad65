import { DateTime } from 'luxon'
import { flags } from '@adonisjs/core/ace'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { monthKey, NOTIFICATION_KINDS, RECORDED_PAYMENT_METHODS, riyadhDate } from '@sakan/common'
import { sqlTimestamp } from '#services/sql_time'
import SyntheticCommand from '#commands/_synthetic_command'

/* SQLite turns a multi-row insert into a compound SELECT, limited to 500 terms. */
const BATCH = 400

/* Payments whose months one statement writes. */
const MONTHS_BATCH = 50_000

/**
 * Inserts a batch and answers the new rows' ids, found again by a column unique to the batch
 * (`key`) and ordered by `order`.
 */
async function insertReadingIds<Row extends Record<string, unknown>>(
  trx: TransactionClientContract,
  table: string,
  rows: Row[],
  key: keyof Row & string,
  order: string
): Promise<number[]> {
  await trx.insertQuery().table(table).multiInsert(rows)
  const ids = await trx
    .from(table)
    .whereIn(
      key,
      rows.map((row) => row[key] as string | number)
    )
    .orderBy(order)
    .select('id')
  return ids.map((row: { id: number }) => row.id)
}

/**
 * Adds synthetic residents and their rent payments, for the back office's scale work
 * (`node ace ledger:generate --payments 1000000 --stays 100000 --notifications 1000000`):
 * `--tenants` residents (default one per 100 payments, at most 10,000), each with an approved
 * application for her own public room and a running stay in it, and the payments spread over
 * as many months back from this one as it takes (mostly completed, some failed or pending, one
 * completed payment per room and month, with the months they cover; about one completed payment
 * in six recorded as received by Ejar, bank transfer or cash). `--stays` beyond the
 * residents are earlier stays of the same rooms, ended, each with a resident and application
 * of its own; `--notifications` messages go to the residents, mostly sent. The same --seed
 * gives the same ledger. Needs as many public rooms as residents (catalog:generate).
 */
export default class LedgerGenerate extends SyntheticCommand {
  static commandName = 'ledger:generate'
  static description = 'Add synthetic residents and N rent payments for scale work'

  @flags.number({ description: 'How many payments to add', required: true })
  declare payments: number

  @flags.number({ description: 'How many residents pay them (default: payments / 100, ≤ 10000)' })
  declare tenants?: number

  @flags.number({ description: 'How many stays in all (default: one per resident, ≤ 200000)' })
  declare stays?: number

  @flags.number({ description: 'How many notifications to add (default 0, ≤ 2000000)' })
  declare notifications?: number

  async run() {
    if (!Number.isInteger(this.payments) || this.payments < 1 || this.payments > 5_000_000)
      return this.refuse('--payments must be a whole number from 1 to 5000000')
    const tenants = this.tenants ?? Math.min(10_000, Math.max(1, Math.ceil(this.payments / 100)))
    const stays = this.stays ?? tenants
    const notifications = this.notifications ?? 0
    if (!Number.isInteger(stays) || stays < tenants || stays > 200_000)
      return this.refuse(`--stays must be a whole number from ${tenants} (the residents) to 200000`)
    if (!Number.isInteger(notifications) || notifications < 0 || notifications > 2_000_000)
      return this.refuse('--notifications must be a whole number from 0 to 2000000')
    const started = performance.now()
    const random = this.randomNumbers()
    const run = Date.now().toString(36)
    const now = DateTime.now()
    const stamp = sqlTimestamp(now)

    const rooms: { id: number; price_halalas: number }[] = await db
      .from('rooms')
      .whereNull('archived_at')
      .orderBy('id', 'desc')
      .limit(tenants)
      .select('id', 'price_halalas')
    if (rooms.length < tenants)
      return this.refuse(
        `${tenants} residents need as many public rooms; there are ${rooms.length}`
      )
    const months = Math.ceil(this.payments / tenants)
    const { year, month } = riyadhDate()
    const monthKeys = Array.from({ length: months }, (_, back) => {
      const index = year * 12 + (month - 1) - back
      return monthKey(Math.floor(index / 12), (index % 12) + 1)
    })

    await db.transaction(async (trx) => {
      const userIds: number[] = []
      for (let start = 0; start < tenants; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, tenants - start) }, (_, index) => {
          const n = start + index + 1
          return {
            firebase_uid: `ledger-${run}-${n}`,
            email: `resident-${run}-${n}@ledger.example`,
            full_name: `Resident ${n}`,
            role: 'tenant',
            email_verified: true,
            created_at: stamp,
            updated_at: stamp,
          }
        })
        userIds.push(...(await insertReadingIds(trx, 'users', rows, 'firebase_uid', 'id')))
      }

      const applicationIds: number[] = []
      for (let start = 0; start < tenants; start += BATCH) {
        const rows = userIds.slice(start, start + BATCH).map((userId, index) => ({
          user_id: userId,
          room_id: rooms[start + index]!.id,
          status: 'approved',
          move_in_date: now.minus({ months }).toISODate(),
          created_at: stamp,
          updated_at: stamp,
          reviewed_at: stamp,
        }))
        applicationIds.push(
          ...(await insertReadingIds(trx, 'applications', rows, 'user_id', 'user_id'))
        )
      }

      let batch: Record<string, unknown>[] = []
      let made = 0
      for (const [back, covered] of monthKeys.entries()) {
        for (let t = 0; t < tenants && made < this.payments; t++, made++) {
          const roll = random()
          const status = roll < 0.9 ? 'completed' : roll < 0.97 ? 'failed' : 'pending'
          const created = now.minus({ months: back, minutes: Math.floor(random() * 60 * 24 * 20) })
          /* About one completed payment in six came by Ejar, transfer or cash, recorded by hand. */
          const recorded = status === 'completed' && roll < 0.15
          const id = `ledger_${run}_${made + 1}`
          batch.push({
            user_id: userIds[t],
            room_id: rooms[t]!.id,
            application_id: applicationIds[t],
            amount_halalas: rooms[t]!.price_halalas,
            month_covered: covered,
            method: recorded ? RECORDED_PAYMENT_METHODS[made % 3] : 'creditCard',
            gateway_payment_id: recorded ? null : id,
            reference: recorded ? id : null,
            status,
            payment_date: status === 'completed' ? sqlTimestamp(created) : null,
            created_at: sqlTimestamp(created),
            updated_at: sqlTimestamp(created),
          })
          if (batch.length === BATCH) {
            await trx.insertQuery().table('payments').multiInsert(batch)
            batch = []
          }
        }
      }
      if (batch.length > 0) await trx.insertQuery().table('payments').multiInsert(batch)

      /* The month each completed payment covers, as a card payment's settlement writes it: by
         ranges of ids, so that no one statement outlasts PostgreSQL's statement timeout. */
      const span: { first: number | null; last: number | null } = await trx
        .from('payments')
        .where((mine) =>
          mine
            .where('gateway_payment_id', 'like', `ledger_${run}_%`)
            .orWhere('reference', 'like', `ledger_${run}_%`)
        )
        .min('id as first')
        .max('id as last')
        .first()
      const first = Number(span.first ?? 0)
      const last = Number(span.last ?? -1)
      for (let from = first; from <= last; from += MONTHS_BATCH) {
        await trx.rawQuery(
          `INSERT INTO payment_months (payment_id, room_id, application_id, month, completed)
           SELECT id, room_id, application_id, month_covered, ? FROM payments
           WHERE id BETWEEN ? AND ? AND COALESCE(gateway_payment_id, reference) LIKE ?
             AND status = 'completed'`,
          [true, from, Math.min(last, from + MONTHS_BATCH - 1), `ledger_${run}_%`]
        )
      }

      /* Her running stay, from her move-in, at her room's price. */
      for (let start = 0; start < tenants; start += BATCH) {
        await trx
          .insertQuery()
          .table('tenancies')
          .multiInsert(
            applicationIds.slice(start, start + BATCH).map((applicationId, index) => ({
              user_id: userIds[start + index],
              room_id: rooms[start + index]!.id,
              application_id: applicationId,
              monthly_rent_halalas: rooms[start + index]!.price_halalas,
              start_date: now.minus({ months }).toISODate(),
              state: 'active',
              deposit_halalas: rooms[start + index]!.price_halalas,
              created_at: stamp,
              updated_at: stamp,
            }))
          )
      }
    })

    await this.earlierStays(stays - tenants, rooms, months, run, now)
    await this.addNotifications(notifications, userIds(run), random, now)
    /* What the list of stays sorts and filters by, as the API's background work reads it (the
       service imported once the application has booted: it reaches VineJS's file rule). */
    await db.rawQuery('ANALYZE')
    const { refreshStaySummaries } = await import('#services/stay_lists')
    const summaries = await refreshStaySummaries(new Date(), Number.POSITIVE_INFINITY)

    /* Fresh planner statistics (the back office's lists choose their indexes by them) and, on
       PostgreSQL, the visibility map autovacuum would have written, so counts read indexes only. */
    if (db.connection().dialect.name === 'postgres')
      for (const table of ['payments', 'payment_months', 'tenancies', 'notifications'])
        await db.rawQuery(`VACUUM ANALYZE ${table}`)
    await db.rawQuery('ANALYZE')
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    this.logger.success(
      `added ${tenants} residents, ${this.payments} payments over ${months} months, ${stays} stays ` +
        `(${summaries} summaries) and ${notifications} notifications in ${seconds} s`
    )
  }

  /**
   * `count` earlier stays of the rooms, each six months long and ended, going back from the
   * running stays' move-in: a resident, an approved application and a stay each.
   */
  private async earlierStays(
    count: number,
    rooms: { id: number; price_halalas: number }[],
    months: number,
    run: string,
    now: DateTime
  ) {
    const stamp = sqlTimestamp(now)
    for (let start = 0; start < count; start += BATCH) {
      await db.transaction(async (trx) => {
        const size = Math.min(BATCH, count - start)
        const past = Array.from({ length: size }, (_, index) => {
          const n = start + index
          const room = rooms[n % rooms.length]!
          const back = months + 6 * (Math.floor(n / rooms.length) + 1)
          return {
            n,
            room,
            startDate: now.minus({ months: back }).toISODate()!,
            endDate: now.minus({ months: back - 6, days: 1 }).toISODate()!,
          }
        })
        const userIds = await insertReadingIds(
          trx,
          'users',
          past.map(({ n }) => ({
            firebase_uid: `ledger-${run}-past-${n}`,
            email: `former-${run}-${n}@ledger.example`,
            full_name: `Former resident ${n}`,
            role: 'tenant',
            email_verified: true,
            created_at: stamp,
            updated_at: stamp,
          })),
          'firebase_uid',
          'id'
        )
        const applicationIds = await insertReadingIds(
          trx,
          'applications',
          past.map((stay, index) => ({
            user_id: userIds[index],
            room_id: stay.room.id,
            status: 'approved',
            move_in_date: stay.startDate,
            created_at: stamp,
            updated_at: stamp,
            reviewed_at: stamp,
          })),
          'user_id',
          'user_id'
        )
        await trx
          .insertQuery()
          .table('tenancies')
          .multiInsert(
            past.map((stay, index) => ({
              user_id: userIds[index],
              room_id: stay.room.id,
              application_id: applicationIds[index],
              monthly_rent_halalas: stay.room.price_halalas,
              start_date: stay.startDate,
              end_date: stay.endDate,
              end_reason: 'Moved out',
              state: 'ended',
              deposit_halalas: stay.room.price_halalas,
              created_at: stamp,
              updated_at: stamp,
            }))
          )
      })
    }
  }

  /** `count` notifications to these residents, newest last: mostly sent, some pending or failed. */
  private async addNotifications(
    count: number,
    recipients: Promise<number[]>,
    random: () => number,
    now: DateTime
  ) {
    if (count === 0) return
    const userIds = await recipients
    for (let start = 0; start < count; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, index) => {
        const n = start + index
        const roll = random()
        const state = roll < 0.9 ? 'sent' : roll < 0.97 ? 'pending' : 'failed'
        const created = now.minus({ minutes: count - n })
        return {
          user_id: userIds[n % userIds.length],
          kind: NOTIFICATION_KINDS[n % NOTIFICATION_KINDS.length],
          locale: n % 3 === 0 ? 'en' : 'ar',
          data: '{}',
          link: '/dashboard',
          state,
          attempts: state === 'pending' ? 0 : 1,
          last_error: state === 'failed' ? 'The mail server refused the message' : null,
          sent_at: state === 'sent' ? sqlTimestamp(created) : null,
          created_at: sqlTimestamp(created),
        }
      })
      await db.insertQuery().table('notifications').multiInsert(rows)
    }
  }
}

/** The residents this run added, by id. */
async function userIds(run: string): Promise<number[]> {
  const rows: { id: number }[] = await db
    .from('users')
    .where('firebase_uid', 'like', `ledger-${run}-%`)
    .whereNot('firebase_uid', 'like', `ledger-${run}-past-%`)
    .orderBy('id')
    .select('id')
  return rows.map((row) => row.id)
}
