/*
 * The rent roll (issue 44): how a month went, for one building or all — what the stays owed
 * for it, what of that is paid, what came in and how, who is behind and for how long.
 *
 * Its figures are the ledgers' and the payments list's, by the same rules:
 * - a stay's charge for the month is common's `monthCharge` (the ledger's), so `expected` is
 *   the sum of the month's row over the ledgers, `paid` of those rows paid (a completed payment
 *   covering the month, `payment_months.completed`), `outstanding` the rest and `lateFees` the
 *   late fees of the rest past its grace;
 * - `collected` is what completed payments received in the month (Riyadh) brought, less what was
 *   refunded of them (`collectedIn`, which the administrator's monthly revenue reads too);
 * - the residents behind are the stays whose kept summary (`first_unpaid_due`,
 *   `balance_halalas`: stay_lists.ts) says a month is past its grace, read fresh first.
 *
 * Each figure is one aggregate statement over indexed columns: stays whose month is whole are
 * summed by the database grouped by rent (a few distinct rents), and only stays that begin or
 * end inside the month are read row by row when rent is prorated. Most stays have ended long
 * before a month: the stays are read by the day they hold until (`STAY_UNTIL_SQL`, indexed by
 * migration 0037), so a month costs its own stays, not the whole table.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import {
  addMonths,
  daysInMonth,
  fromHalalas,
  lateFeeOn,
  monthCharge,
  monthIndex,
  overdueBucket,
  overdueIfDueBy,
  OVERDUE_BUCKETS,
  PAYMENT_METHODS,
  riyadhMonthRange,
  riyadhToday,
  type LedgerMonthState,
  type Locale,
  type OverdueBucket,
  type PaymentMethod,
  type RentTerms,
  type RentRoll,
  type RentRollResident,
} from '@sakan/common'
import { DateTime } from 'luxon'
import { rentTerms } from '#config/rent'
import { inBuilding, withNamedIds } from '#services/account_lists'
import { refreshStaySummaries } from '#services/stay_lists'
import { sqlTimestamp } from '#services/sql_time'
import { bilingual } from '#transformers/helpers'
import { rentRollCsvRecord, type RentRollLabels } from '#transformers/rent_roll_export_transformer'

/** At most this many residents behind in a rent roll's answer (the CSV has every one). */
export const RENT_ROLL_BEHIND_LIMIT = 100

/** Months in the rent roll's history, ending with its month. */
const HISTORY_MONTHS = 12

export interface RentRollQuery {
  month: string
  buildingId?: number
}

/** A building (its room ids, read once by `withNamedIds`) or all of them. */
type Scope = { buildingId?: number; buildingRooms?: number[] }

type Client = QueryClientContract

/** The first and last day of a month, `yyyy-MM-dd`. */
function daysOf(month: string) {
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` }
}

/** Rows (of one table, with `room_id`) in the scope's building. */
function scoped<Query extends DatabaseQueryBuilderContract<any>>(
  query: Query,
  scope: Scope
): Query {
  inBuilding(query, scope.buildingId, scope.buildingRooms)
  return query
}

/**
 * SQL: the last day the stay `t` holds, an open stay for ever. Written exactly as migration
 * 0037's index `tenancies_rent_roll` has it, so that both dialects read a month's stays from it.
 */
const STAY_UNTIL_SQL = "COALESCE(t.end_date, '9999-12-31')"

/** Stays (alias `t`) holding a day of `from`..`to`: moved in by `to`, not ended before `from`. */
function holding(client: Client, from: string, to: string, scope: Scope) {
  return scoped(
    client
      .from('tenancies as t')
      .whereRaw(`${STAY_UNTIL_SQL} >= ?`, [from])
      .where('t.start_date', '<=', to),
    scope
  )
}

/** Stays that hold a day of the month. */
function holdingMonth(client: Client, month: string, scope: Scope) {
  const { first, last } = daysOf(month)
  return holding(client, first, last, scope)
}

/**
 * The month's paid months: those a completed payment covers (the ledgers' rule), by the months'
 * index — at most one per stay (`payment_months_one_completed_per_stay_month`).
 */
function paidMonths(client: Client, month: string) {
  return (
    client
      .from('payment_months as m')
      .join('payments as p', 'p.id', 'm.payment_id')
      .where('m.month', month)
      /* Written as the partial index's own condition, which SQLite must see to read it. */
      .whereRaw('m.completed')
      .where('p.status', 'completed')
  )
}

/** The column `paid_by`: how the stay `t`'s month was paid, null while it is not. */
function paidBy(client: Client, month: string) {
  return paidMonths(client, month)
    .whereColumn('m.application_id', 't.application_id')
    .select('p.method')
    .limit(1)
    .as('paid_by')
}

interface MonthFigures {
  stays: number
  expected: number
  paid: number
  lateFees: number
}

/**
 * The month's rent over the ledgers: whole months grouped by rent and paid-or-not in SQL; a
 * month the stay begins or ends inside, row by row when rent is prorated (the ledger's charge).
 */
async function monthFigures(
  client: Client,
  month: string,
  scope: Scope,
  now: Date,
  terms: RentTerms
): Promise<MonthFigures> {
  const { first, last } = daysOf(month)
  const overdueBy = overdueIfDueBy(terms, now)
  const figures: MonthFigures = { stays: 0, expected: 0, paid: 0, lateFees: 0 }
  const add = (charge: number, count: number, paid: boolean, dueDate: string) => {
    figures.stays += count
    figures.expected += charge * count
    if (paid) figures.paid += charge * count
    else if (dueDate <= overdueBy) figures.lateFees += lateFeeOn(charge, terms.lateFee) * count
  }
  const prorated = terms.partialMonth === 'prorated'
  /* With whole-month rent every stay's charge is its rent; prorated, only whole months are. */
  const whole = prorated ? holding(client, last, first, scope) : holdingMonth(client, month, scope)
  /* Every stay by rent and due date, then those paid: the months paid, read by their index. */
  const groups = (query: any) =>
    query
      .select(
        't.monthly_rent_halalas as rent',
        /* A first month begun inside the month falls due on the move-in day. */
        client.raw(`CASE WHEN t.start_date > ? THEN t.start_date ELSE ? END AS due`, [first, first])
      )
      .count('* as n')
      .groupByRaw('1, 2')
  type Group = { rent: number | string; due: string | Date; n: number | string }
  const [all, paid]: [Group[], Group[]] = await Promise.all([
    groups(whole.clone()),
    groups(
      whole
        .clone()
        .whereIn('t.application_id', paidMonths(client, month).select('m.application_id'))
    ),
  ])
  const key = (row: Group) => `${Number(row.rent)}|${dateText(row.due)}`
  const paidCount = new Map(paid.map((row) => [key(row), Number(row.n)]))
  for (const row of all) {
    const settled = paidCount.get(key(row)) ?? 0
    const rent = Number(row.rent)
    const due = dateText(row.due)
    if (settled > 0) add(rent, settled, true, due)
    if (Number(row.n) > settled) add(rent, Number(row.n) - settled, false, due)
  }
  if (prorated) {
    const edges: {
      start_date: string | Date
      end_date: string | Date | null
      rent: number | string
      paid_by: PaymentMethod | null
    }[] = await holdingMonth(client, month, scope)
      .where((edge: any) => edge.where('t.start_date', '>', first).orWhere('t.end_date', '<', last))
      .select('t.start_date', 't.end_date', 't.monthly_rent_halalas as rent', paidBy(client, month))
    for (const row of edges) {
      const startDate = dateText(row.start_date)
      const charge = monthCharge(
        {
          startDate,
          endDate: row.end_date === null ? null : dateText(row.end_date),
          monthlyRent: Number(row.rent),
        },
        month,
        terms
      )
      add(charge, 1, row.paid_by !== null, startDate > first ? startDate : first)
    }
  }
  return figures
}

/** A date column as `yyyy-MM-dd` (PostgreSQL answers a Date at midnight UTC, SQLite text). */
function dateText(value: string | Date): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
}

/** The instants a Riyadh month runs between, as stored. */
function monthBounds(month: string) {
  const [year, number] = month.split('-').map(Number)
  const { start, end } = riyadhMonthRange(new Date(Date.UTC(year!, number! - 1, 15)))
  return {
    start: sqlTimestamp(DateTime.fromJSDate(start)),
    end: sqlTimestamp(DateTime.fromJSDate(end)),
  }
}

/**
 * What completed payments received in each of `months` (Riyadh) brought, less what was
 * refunded of them, by method (halalas). The administrator's monthly revenue is the same sum.
 */
export async function collectedIn(
  months: readonly string[],
  scope: Scope = {},
  client: Client = db.connection()
): Promise<Map<string, Record<PaymentMethod, number>>> {
  const result = new Map<string, Record<PaymentMethod, number>>()
  if (months.length === 0) return result
  const bounds = months.map((month) => ({ month, ...monthBounds(month) }))
  const which = `CASE ${bounds.map(() => 'WHEN p.payment_date < ? THEN ?').join(' ')} END`
  const query = client
    .from('payments as p')
    .where('p.status', 'completed')
    .where('p.payment_date', '>=', bounds[0]!.start)
    .where('p.payment_date', '<', bounds.at(-1)!.end)
    .select(
      client.raw(
        `${which} AS month`,
        bounds.flatMap((bound) => [bound.end, bound.month])
      ),
      'p.method'
    )
    .sum({ halalas: client.raw('p.amount_halalas - p.refunded_halalas') })
    .groupByRaw('1, 2')
  scoped(query, scope)
  for (const month of months) result.set(month, emptyByMethod())
  const rows: { month: string; method: PaymentMethod; halalas: number | string }[] = await query
  for (const row of rows) {
    const byMethod = result.get(row.month)
    if (byMethod) byMethod[row.method] += Number(row.halalas ?? 0)
  }
  return result
}

const emptyByMethod = () =>
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as Record<PaymentMethod, number>

const sarByMethod = (byMethod: Record<PaymentMethod, number>) =>
  Object.fromEntries(
    Object.entries(byMethod).map(([method, halalas]) => [method, fromHalalas(halalas)])
  ) as Record<PaymentMethod, number>

const total = (byMethod: Record<PaymentMethod, number>) =>
  Object.values(byMethod).reduce((sum, value) => sum + value, 0)

/** Days from `from` to `to` (`yyyy-MM-dd`). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** The stays behind today (a month past its grace), in the building: the query the roll reads. */
function behindStays(client: Client, scope: Scope, now: Date) {
  return scoped(
    client.from('tenancies as t').where('t.first_unpaid_due', '<=', overdueIfDueBy(rentTerms, now)),
    scope
  )
}

/** The residents behind, longest first, with their names and rooms (at most `limit`, from `afterId`). */
export async function residentsBehind(
  scope: Scope,
  locale: Locale,
  options: { limit: number; after?: { due: string; id: number } },
  now: Date = new Date(),
  client: Client = db.connection()
): Promise<RentRollResident[]> {
  const today = riyadhToday(now)
  const rows: {
    id: number
    first_unpaid_due: string | Date
    balance_halalas: number | string
    user_id: number
    full_name: string | null
    username: string | null
    email: string
    room_id: number
    room_number: string | null
    building_id: number | null
    name_en: string | null
    name_ar: string | null
  }[] = await behindStays(client, scope, now)
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('rooms as r', 'r.id', 't.room_id')
    .leftJoin('buildings as b', 'b.id', 'r.building_id')
    .if(options.after, (page: any) =>
      page.where((next: any) =>
        next
          .where('t.first_unpaid_due', '>', options.after!.due)
          .orWhere((same: any) =>
            same
              .where('t.first_unpaid_due', options.after!.due)
              .where('t.id', '>', options.after!.id)
          )
      )
    )
    .orderBy('t.first_unpaid_due')
    .orderBy('t.id')
    .limit(options.limit)
    .select(
      't.id',
      't.first_unpaid_due',
      't.balance_halalas',
      't.user_id',
      'u.full_name',
      'u.username',
      'u.email',
      't.room_id',
      'r.room_number',
      'r.building_id',
      'b.name_en',
      'b.name_ar'
    )
  return rows.map((row) => {
    const since = dateText(row.first_unpaid_due)
    const days = Math.max(0, daysBetween(since, today))
    return {
      tenancyId: Number(row.id),
      user: {
        id: Number(row.user_id),
        fullName: row.full_name ?? row.username,
        email: row.email,
      },
      room:
        row.room_number === null
          ? null
          : {
              id: Number(row.room_id),
              roomNumber: row.room_number,
              building:
                row.building_id === null
                  ? null
                  : {
                      id: Number(row.building_id),
                      ...bilingual('name', row.name_en!, row.name_ar!, locale),
                    },
            },
      owed: fromHalalas(Number(row.balance_halalas ?? 0)),
      overdueSince: since,
      days,
      bucket: overdueBucket(Math.max(1, days))!,
    }
  })
}

/** How many residents are behind in each age bucket, and what they owe (halalas). */
async function bucketsBehind(client: Client, scope: Scope, now: Date) {
  const today = riyadhToday(now)
  const since = (days: number) => DateTime.fromISO(today).minus({ days }).toISODate()!
  const rows: { bucket: OverdueBucket; n: number | string; owed: number | string }[] =
    await behindStays(client, scope, now)
      .select(
        client.raw(
          `CASE WHEN t.first_unpaid_due >= ? THEN '1_30' WHEN t.first_unpaid_due >= ? THEN '31_60'
            WHEN t.first_unpaid_due >= ? THEN '61_90' ELSE 'over_90' END AS bucket`,
          [since(30), since(60), since(90)]
        )
      )
      .count('* as n')
      .sum('t.balance_halalas as owed')
      .groupByRaw('1')
  const byBucket = new Map(rows.map((row) => [row.bucket, row]))
  return OVERDUE_BUCKETS.map((bucket) => ({
    bucket,
    residents: Number(byBucket.get(bucket)?.n ?? 0),
    owed: fromHalalas(Number(byBucket.get(bucket)?.owed ?? 0)),
  }))
}

/** The rooms in the building(s), and those a stay holds in the month. */
async function roomCounts(client: Client, month: string, scope: Scope) {
  const rooms = client.from('rooms').whereNull('archived_at')
  if (scope.buildingId) rooms.where('building_id', scope.buildingId)
  const [all, held] = await Promise.all([
    rooms.count('* as n').first(),
    /* `+`: distinct values of the expression, so that SQLite reads the month's stays from their
       index rather than every stay in room order (which its room index offers for DISTINCT). */
    holdingMonth(client, month, scope)
      .select(client.raw('COUNT(DISTINCT +t.room_id) AS n'))
      .first(),
  ])
  return { rooms: Number(all?.n ?? 0), occupied: Number(held?.n ?? 0) }
}

/** Deposits paid and not returned, today (halalas). */
async function depositsHeld(client: Client, scope: Scope) {
  const paid = scoped(
    client
      .from('payments as p')
      .where('p.kind', 'deposit')
      .where('p.status', 'completed')
      .sum({ halalas: client.raw('p.amount_halalas - p.refunded_halalas') }),
    scope
  )
  /* Only the stays that gave some back, from their own index. */
  const returned = scoped(
    client
      .from('tenancies as t')
      .where('t.deposit_returned_halalas', '>', 0)
      .sum('t.deposit_returned_halalas as halalas'),
    scope
  )
  const [given, back] = await Promise.all([paid.first(), returned.first()])
  return Math.max(0, Number(given?.halalas ?? 0) - Number(back?.halalas ?? 0))
}

/**
 * The rent each month of `months` (in order) expected over the stays that hold it, in one pass
 * over the window's stays: summed by the months they begin and hold until (whole-month rent),
 * which a month counts when it lies between; with prorated rent, the stays that begin or end
 * inside the window are read again and their partial months charged as the ledger charges them.
 */
async function expectedIn(
  client: Client,
  months: readonly string[],
  scope: Scope,
  terms: RentTerms
) {
  const expected = new Map(months.map((month) => [month, 0]))
  if (months.length === 0) return expected
  const first = daysOf(months[0]!).first
  const last = daysOf(months.at(-1)!).last
  const monthOf = (day: string) =>
    client.dialect.name === 'postgres' ? `to_char(${day}, 'YYYY-MM')` : `substr(${day}, 1, 7)`
  const rows: { since: string; until: string; halalas: number | string | null }[] = await holding(
    client,
    first,
    last,
    scope
  )
    .select(
      client.raw(`${monthOf('t.start_date')} AS since`),
      client.raw(`${monthOf(STAY_UNTIL_SQL)} AS until`)
    )
    .sum('t.monthly_rent_halalas as halalas')
    .groupByRaw('1, 2')
  for (const row of rows)
    for (const month of months)
      if (row.since <= month && month <= row.until)
        expected.set(month, expected.get(month)! + Number(row.halalas ?? 0))
  if (terms.partialMonth !== 'prorated') return expected
  const edges: {
    start_date: string | Date
    end_date: string | Date | null
    rent: number | string
  }[] = await holding(client, first, last, scope)
    .where((edge: any) =>
      edge.whereBetween('t.start_date', [first, last]).orWhereBetween('t.end_date', [first, last])
    )
    .select('t.start_date', 't.end_date', 't.monthly_rent_halalas as rent')
  for (const row of edges) {
    const stay = {
      startDate: dateText(row.start_date),
      endDate: row.end_date === null ? null : dateText(row.end_date),
      monthlyRent: Number(row.rent),
    }
    for (const month of months) {
      const { first: from, last: to } = daysOf(month)
      const holds = stay.startDate <= to && (stay.endDate === null || stay.endDate >= from)
      if (!holds) continue
      const charge = monthCharge(stay, month, terms)
      if (charge !== stay.monthlyRent)
        expected.set(month, expected.get(month)! + charge - stay.monthlyRent)
    }
  }
  return expected
}

/**
 * What both the rent roll and its CSV read first: the stays' kept summaries brought up to
 * `now`, and the building's room ids (`withNamedIds`).
 */
async function rentRollScope(query: RentRollQuery, now: Date): Promise<Scope> {
  await refreshStaySummaries(now)
  return withNamedIds({ buildingId: query.buildingId })
}

/** The current month in Riyadh, `yyyy-MM`. */
export const currentMonth = (now: Date = new Date()) => riyadhToday(now).slice(0, 7)

/**
 * GET /api/admin/rent-roll: the month's figures, the residents behind, the 12 months before.
 * The month's charges by `terms` (the configured ones; a test names others). Who is behind is
 * read from the stays' kept summaries, written by the configured terms.
 */
export async function rentRoll(
  query: RentRollQuery,
  locale: Locale,
  now: Date = new Date(),
  terms: RentTerms = rentTerms
): Promise<RentRoll> {
  const scope = await rentRollScope(query, now)
  const client = db.connection()
  const history = Array.from({ length: HISTORY_MONTHS }, (_, at) =>
    addMonths(query.month, at - HISTORY_MONTHS + 1)
  ).filter((month) => monthIndex(month) !== null)
  const [figures, rooms, collected, held, buckets, residents, expectedOf] = await Promise.all([
    monthFigures(client, query.month, scope, now, terms),
    roomCounts(client, query.month, scope),
    collectedIn(history, scope, client),
    depositsHeld(client, scope),
    bucketsBehind(client, scope, now),
    residentsBehind(scope, locale, { limit: RENT_ROLL_BEHIND_LIMIT }, now, client),
    expectedIn(client, history.slice(0, -1), scope, terms),
  ])
  expectedOf.set(query.month, figures.expected)
  const thisMonth = collected.get(query.month) ?? emptyByMethod()
  return {
    month: query.month,
    buildingId: query.buildingId ?? null,
    asOf: riyadhToday(now),
    currency: 'SAR',
    rooms: rooms.rooms,
    occupied: rooms.occupied,
    expected: fromHalalas(figures.expected),
    paid: fromHalalas(figures.paid),
    outstanding: fromHalalas(figures.expected - figures.paid),
    lateFees: fromHalalas(figures.lateFees),
    collected: { total: fromHalalas(total(thisMonth)), byMethod: sarByMethod(thisMonth) },
    depositsHeld: fromHalalas(held),
    behind: {
      buckets,
      total: buckets.reduce((sum, bucket) => sum + bucket.residents, 0),
      residents,
    },
    history: history.map((month) => ({
      month,
      expected: fromHalalas(expectedOf.get(month) ?? 0),
      collected: sarByMethod(collected.get(month) ?? emptyByMethod()),
    })),
  }
}

/** Stays read per statement while the CSV streams. */
const CSV_BATCH = 1000

/**
 * The rent roll's CSV lines: one per stay holding the month, by id, read in batches as the
 * download takes them — the month's charge and state as its ledger has them, how it was paid,
 * its late fee, what the stay owes today and since when it is behind.
 */
export async function* rentRollCsvRecords(
  query: RentRollQuery,
  locale: Locale,
  labels: RentRollLabels,
  now: Date = new Date()
) {
  const today = riyadhToday(now)
  const overdueBy = overdueIfDueBy(rentTerms, now)
  const { first } = daysOf(query.month)
  const name = locale === 'ar' ? 'b.name_ar' : 'b.name_en'
  const scope = await rentRollScope(query, now)
  let after = 0
  for (;;) {
    const rows: {
      id: number
      start_date: string | Date
      end_date: string | Date | null
      rent: number | string
      paid_by: PaymentMethod | null
      first_unpaid_due: string | Date | null
      balance_halalas: number | string
      full_name: string | null
      username: string | null
      email: string | null
      room_number: string | null
      building: string | null
    }[] = await holdingMonth(db.connection(), query.month, scope)
      .where('t.id', '>', after)
      .leftJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('rooms as r', 'r.id', 't.room_id')
      .leftJoin('buildings as b', 'b.id', 'r.building_id')
      .orderBy('t.id')
      .limit(CSV_BATCH)
      .select(
        't.id',
        't.start_date',
        't.end_date',
        't.monthly_rent_halalas as rent',
        paidBy(db.connection(), query.month),
        't.first_unpaid_due',
        't.balance_halalas',
        'u.full_name',
        'u.username',
        'u.email',
        'r.room_number',
        `${name} as building`
      )
    if (rows.length === 0) return
    for (const row of rows) {
      const startDate = dateText(row.start_date)
      const rent = Number(row.rent)
      const expected = monthCharge(
        {
          startDate,
          endDate: row.end_date === null ? null : dateText(row.end_date),
          monthlyRent: rent,
        },
        query.month,
        rentTerms
      )
      const due = startDate > first ? startDate : first
      const state: LedgerMonthState = row.paid_by
        ? 'paid'
        : due <= overdueBy
          ? 'overdue'
          : due <= today
            ? 'due'
            : 'upcoming'
      const since = row.first_unpaid_due === null ? null : dateText(row.first_unpaid_due)
      const behind = since !== null && since <= overdueBy
      yield rentRollCsvRecord(
        {
          tenancyId: Number(row.id),
          resident: row.full_name ?? row.username,
          email: row.email,
          building: row.building,
          room: row.room_number,
          monthlyRent: rent,
          expected,
          state,
          paidBy: row.paid_by,
          lateFee: state === 'overdue' ? lateFeeOn(expected, rentTerms.lateFee) : 0,
          owedNow: Number(row.balance_halalas ?? 0),
          overdueSince: behind ? since : null,
          bucket: behind ? overdueBucket(Math.max(1, daysBetween(since!, today))) : null,
        },
        labels
      )
    }
    after = Number(rows.at(-1)!.id)
  }
}
