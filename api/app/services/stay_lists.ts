import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  addDays,
  isRentDate,
  ledgerSummary,
  overdueIfDueBy,
  riyadhToday,
  type Locale,
  type Tenancy as TenancyJson,
  type TenancyState,
} from '@sakan/common'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { rentTerms } from '#config/rent'
import { withNamedIds } from '#services/account_lists'
import { modelRows, type ValidatedListQuery } from '#services/admin_lists'
import { idsContaining } from '#services/list_search'
import type { ListPage } from '#services/paging'
import { ledgerTenancy, stayFactsOf } from '#services/tenancies'
import { serializeTenancy, type StayFacts } from '#transformers/tenancy_transformer'
import { TENANCY_SORTS } from '#validators/tenancy'

/**
 * The list of stays pages, sorts and filters in SQL like every other list. What it owes and
 * whether a month is overdue come from its ledger, so they are kept on its row
 * (`balance_halalas`, `first_unpaid_due`: database/migrations/0029_stay_ledger_summaries.ts)
 * and read again when they may have changed: triggers clear `ledger_on` on every write to what
 * a ledger reads, and `ledger_until` is the first day the calendar alone changes them.
 */

/** How many stays one read of summaries takes (SQLite binds at most 32,766 values). */
const SUMMARY_BATCH = 500

/** How many stale stays a request of the list reads again before it answers. */
export const LIST_REFRESH_LIMIT = 2_000

/** How many a run of the background work reads again at the most (it runs every 10 minutes). */
export const BACKGROUND_REFRESH_LIMIT = 500_000

/** A batch of stays whose kept summary may be stale on `today`, locked: changed ones first. */
async function staleStays(trx: TransactionClientContract, today: string) {
  const changed = await Tenancy.query({ client: trx })
    .whereNull('ledger_on')
    .orderBy('id')
    .limit(SUMMARY_BATCH)
    .forUpdate()
  if (changed.length > 0) return changed
  /* In the index's order (ties by id: one order for every caller, so locks never cross), which
     reads only the stale ones however alike the planner's statistics make the days look. */
  return Tenancy.query({ client: trx })
    .where('ledger_until', '<=', today)
    .orderBy('ledger_until')
    .orderBy('id')
    .limit(SUMMARY_BATCH)
    .forUpdate()
}

/**
 * Whether any stay's kept summary may be stale on `today`: one unlocked read of the two
 * indexes, so a list or rent roll read while every summary holds (most reads) takes no lock
 * and opens no transaction.
 */
async function anyStale(today: string) {
  const found = await db
    .from('tenancies')
    .select('id')
    .where((stale) => stale.whereNull('ledger_on').orWhere('ledger_until', '<=', today))
    .limit(1)
  return found.length > 0
}

/**
 * A `CASE id WHEN … THEN … END` of one column over a batch, with its bindings; typed on
 * PostgreSQL, which reads a bare parameter as text (SQLite keeps the value as bound).
 */
function byId(
  trx: TransactionClientContract,
  values: Map<number, string | number | null>,
  type: 'date' | 'integer'
) {
  const value = trx.dialect.name === 'postgres' ? `CAST(? AS ${type})` : '?'
  const sql = `CASE id ${[...values.keys()].map(() => `WHEN ? THEN ${value}`).join(' ')} END`
  const bindings = [...values].flatMap(([id, kept]) => [id, kept])
  return trx.raw(sql, bindings as (string | number)[])
}

/**
 * What is kept of one stay read today: the due date of her earliest unpaid month, and the day
 * the calendar alone changes what she owes (a deposit owed stops being owed the day after the
 * stay ends). A stay whose dates are no dates of ours (a row written before the bounds) keeps
 * none, read again tomorrow: its list row shows an empty ledger likewise.
 */
function keptFigures(stay: Tenancy, fact: StayFacts, today: string, now: Date) {
  try {
    const summary = ledgerSummary(ledgerTenancy(stay), fact.ledger, rentTerms, now)
    let until = summary.changesOn
    const end = stay.endDate?.toISODate()
    if (fact.owed.deposit > 0 && end && end >= today && isRentDate(end)) {
      const after = addDays(end, 1)
      if (after < until) until = after
    }
    return { firstUnpaidDue: summary.firstUnpaidDue, until }
  } catch (error) {
    logger.error({ err: error, tenancy: stay.id }, 'a stay whose ledger cannot be read is skipped')
    return { firstUnpaidDue: null, until: addDays(today, 1) }
  }
}

/**
 * Reads again the summaries of the stays whose kept figures may be stale today, a batch at a
 * time and at most `limit` stays, each batch in its own transaction with its rows locked (a
 * payment written meanwhile waits, then marks its stay stale again), once an unlocked read has
 * found one. Answers how many it read.
 */
export async function refreshStaySummaries(now: Date = new Date(), limit = LIST_REFRESH_LIMIT) {
  const today = riyadhToday(now)
  let done = 0
  while (done < limit && (await anyStale(today))) {
    const count = await db.transaction(async (trx) => {
      const stays = await staleStays(trx, today)
      if (stays.length === 0) return 0
      const facts = await stayFactsOf(stays, now, trx)
      const on = new Map<number, string>()
      const until = new Map<number, string>()
      const firstUnpaid = new Map<number, string | null>()
      const balance = new Map<number, number>()
      for (const stay of stays) {
        const fact = facts.get(stay.id)!
        const kept = keptFigures(stay, fact, today, now)
        on.set(stay.id, today)
        until.set(stay.id, kept.until)
        firstUnpaid.set(stay.id, kept.firstUnpaidDue)
        balance.set(stay.id, fact.owed.total)
      }
      await trx
        .from('tenancies')
        .whereIn(
          'id',
          stays.map((stay) => stay.id)
        )
        .update({
          ledger_on: byId(trx, on, 'date'),
          ledger_until: byId(trx, until, 'date'),
          first_unpaid_due: byId(trx, firstUnpaid, 'date'),
          balance_halalas: byId(trx, balance, 'integer'),
        })
      return stays.length
    })
    if (count === 0) break
    done += count
  }
  return done
}

/** `refreshStaySummaries` for the background work: logged, never thrown. */
export async function refreshStaySummariesQuietly(now: Date = new Date()) {
  try {
    const read = await refreshStaySummaries(now, BACKGROUND_REFRESH_LIMIT)
    if (read > 0) logger.info('%d stays read again for the list of stays', read)
  } catch (error) {
    logger.error({ err: error }, 'the stays list figures could not be read again')
  }
}

/**
 * The ids of the stays whose tenant's name or e-mail, room number or Ejar number contains `q`:
 * each read from its index, so a page of them is sorted after the match rather than found by
 * walking every stay in the page's order.
 */
function staysContaining(q: string) {
  const stays = () => db.from('tenancies').select('id')
  return stays()
    .whereIn('user_id', idsContaining('users', ['full_name', 'email'], q))
    .unionAll(stays().whereIn('room_id', idsContaining('rooms', ['room_number'], q)))
    .unionAll(idsContaining('tenancies', ['ejar_contract_number'], q))
}

export interface TenancyListQuery extends ValidatedListQuery {
  state?: TenancyState
  overdue?: boolean
  buildingId?: number
}

/**
 * The stays a user may see — hers, or all for the administrator — filtered, sorted and paged
 * in SQL, then each row of the page read with its ledger.
 */
export async function listTenancies(
  user: User,
  query: TenancyListQuery,
  locale: Locale,
  now: Date = new Date()
): Promise<ListPage<TenancyJson[]>> {
  await refreshStaySummaries(now)
  const { buildingRooms } = await withNamedIds({ buildingId: query.buildingId })
  const overdueBy = overdueIfDueBy(rentTerms, now)
  const page = await modelRows(
    Tenancy,
    query,
    TENANCY_SORTS,
    (builder) => {
      builder
        .withScopes((scopes) => scopes.visibleTo(user))
        .if(query.state, (stays) => stays.where('state', query.state!))
        .if(query.overdue === true, (stays) => stays.where('first_unpaid_due', '<=', overdueBy))
        .if(query.overdue === false, (stays) =>
          stays.where((late) =>
            late.whereNull('first_unpaid_due').orWhere('first_unpaid_due', '>', overdueBy)
          )
        )
        .if(buildingRooms, (stays) => stays.whereIn('room_id', buildingRooms!))
        .if(query.q, (stays) => stays.whereIn('id', staysContaining(query.q!)))
    },
    (rows) => rows.preload('user').preload('room', (room) => room.preload('building'))
  )
  const facts = await stayFactsOf(page.rows, now)
  return {
    rows: page.rows.map((stay) => serializeTenancy(stay, facts.get(stay.id)!, locale)),
    total: page.total,
  }
}
