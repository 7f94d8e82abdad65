import { DateTime } from 'luxon'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { monthKey, riyadhDate } from '@sakan/common'
import { sqlTimestamp } from '#services/sql_time'
import { mulberry32 } from './catalog_generate.js'

/* SQLite turns a multi-row insert into a compound SELECT, limited to 500 terms. */
const BATCH = 400

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
 * (`node ace ledger:generate --payments 1000000`): `--tenants` residents (default one per 100
 * payments, at most 10,000), each with an approved application for her own public room, and
 * the payments spread over as many months back from this one as it takes (mostly completed,
 * some failed or pending, one completed payment per room and month). One transaction; the same
 * --seed gives the same ledger. Needs as many public rooms as residents (catalog:generate).
 */
export default class LedgerGenerate extends BaseCommand {
  static commandName = 'ledger:generate'
  static description = 'Add synthetic residents and N rent payments for scale work'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'How many payments to add', required: true })
  declare payments: number

  @flags.number({ description: 'How many residents pay them (default: payments / 100, ≤ 10000)' })
  declare tenants?: number

  @flags.number({ description: 'Random seed (default: time based)' })
  declare seed?: number

  async run() {
    if (!Number.isInteger(this.payments) || this.payments < 1 || this.payments > 5_000_000) {
      this.logger.error('--payments must be a whole number from 1 to 5000000')
      this.exitCode = 1
      return
    }
    const tenants = this.tenants ?? Math.min(10_000, Math.max(1, Math.ceil(this.payments / 100)))
    const started = performance.now()
    const random = mulberry32(this.seed ?? Date.now())
    const run = Date.now().toString(36)
    const now = DateTime.now()
    const stamp = sqlTimestamp(now)

    const rooms: { id: number; price_halalas: number }[] = await db
      .from('rooms')
      .whereNull('archived_at')
      .orderBy('id', 'desc')
      .limit(tenants)
      .select('id', 'price_halalas')
    if (rooms.length < tenants) {
      this.logger.error(`${tenants} residents need as many public rooms; there are ${rooms.length}`)
      this.exitCode = 1
      return
    }
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
          batch.push({
            user_id: userIds[t],
            room_id: rooms[t]!.id,
            application_id: applicationIds[t],
            amount_halalas: rooms[t]!.price_halalas,
            month_covered: covered,
            gateway_payment_id: `ledger_${run}_${made + 1}`,
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
    })

    /* Fresh planner statistics (the back office's lists choose their indexes by them) and, on
       PostgreSQL, the visibility map autovacuum would have written, so counts read indexes only. */
    if (db.connection().dialect.name === 'postgres') await db.rawQuery('VACUUM ANALYZE payments')
    await db.rawQuery('ANALYZE')
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    this.logger.success(
      `added ${tenants} residents and ${this.payments} payments over ${months} months in ${seconds} s`
    )
  }
}
