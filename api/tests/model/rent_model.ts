/*
 * The model of the rent domain's money for the model-based test: stays per room with
 * their dates; per stay the months paid and by which gateway payment, the deposit paid and
 * returned; per gateway payment what it was for and what the gateway took and gave back.
 *
 * Each command says when it applies (`check`), does its step for real through the API (HTTP
 * routes as the browser and the administrator call them, the sandbox as the card form uses it,
 * approval through `reviewApplication`), compares what happened with what the model expects,
 * updates the model, then asserts the books' invariants against the database and the gateway
 * (`assertBooks`), never against the model alone.
 */
import fc from 'fast-check'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  addDays,
  addMonthsToDate,
  dayIndex,
  depositStateOf,
  monthIndex,
  monthKeyOf,
  monthsStillPaid,
  riyadhMonthRange,
  riyadhToday,
  staysOverlap,
  type Ledger,
  toHalalas,
} from '@sakan/common'
import type Room from '#models/room'
import Tenancy from '#models/tenancy'
import User from '#models/user'
import { rentTerms } from '#config/rent'
import { reviewApplication } from '#services/applications'
import { ledgersOf } from '#services/tenancies'
import { rentRoll } from '#services/rent_roll'
import Payment from '#models/payment'
import { listTenancies } from '#services/stay_lists'
import { as } from '#tests/helpers'
import {
  CARDS,
  gatewayPayment,
  payWithCard,
  SANDBOX_SECRET_KEY,
  sandbox,
  TEST_WEBHOOK_SECRET,
  webhookEvent,
} from '#tests/payments'
import { advanceDays } from '#tests/model/clock'
import { ApplicationFactory } from '../../../database/factories/index.js'

/** The longest a ledger read may take. */
export const LEDGER_READ_LIMIT_MS = 200

/* ─── the model ──────────────────────────────────────────────────────────────────────────── */

export interface ModelStay {
  tenancyId: number
  applicationId: number
  resident: number
  room: number
  start: string
  end: string | null
  ended: boolean
  rent: number
  deposit: number
  /** Month number → the gateway id of the payment that covers it. */
  paid: Map<number, string>
  depositPaid: number
  depositReturned: number
}

export interface ModelPayment {
  gatewayId: string
  /** The stay it was meant for (index in `stays`), or null for a forged one. */
  stay: number | null
  kind: 'rent' | 'deposit'
  months: number[]
  amount: number
  /** Whether it pays something here (completed, and not refunded since). */
  credited: boolean
  /** Whether the gateway has given any of it back (a refusal, a refund, a settlement). */
  refundedAtGateway: boolean
  /** Whether ending its stay settled some of its months (refunded or owed as a credit). */
  settled: boolean
  /** Those months. */
  settledMonths?: number[]
  /** Recorded by the administrator (Ejar, transfer, cash): no gateway payment; `gatewayId` is `recorded:<id>`. */
  recorded?: { id: number; method: string; reference: string; voided: boolean }
  /** What the administrator refunded of it through the gateway (halalas). */
  adminRefunded?: number
}

/** The key a payment row has in the model: its gateway id, or `recorded:<id>`. */
const keyOf = (row: { id: number; gateway_payment_id: string | null }) =>
  row.gateway_payment_id ?? `recorded:${row.id}`

export interface Model {
  stays: ModelStay[]
  payments: ModelPayment[]
  steps: number
  /** What the steps did, counted (printed at the end: the sequences did reach the cases). */
  tally: Map<string, number>
}

function count(model: Model, outcome: string) {
  model.tally.set(outcome, (model.tally.get(outcome) ?? 0) + 1)
}

export interface Real {
  client: ApiClient
  admin: User
  residents: User[]
  rooms: Room[]
  /** Whether ending a stay writes `stay_settlements` rows. */
  settlements: boolean
}

export const RESIDENTS = 3
export const ROOMS = 2
const MAX_STAYS = 5

const today = () => riyadhToday()
const monthOf = (date: string) => monthIndex(date.slice(0, 7))!
const dayOf = (date: string) => dayIndex(date)!

/** The months a stay can pay now: its first through its end month, or 12 months ahead of today. */
function payableBounds(stay: ModelStay) {
  const first = monthOf(stay.start)
  const ahead = monthOf(today()) + 12
  const last = Math.min(stay.end ? monthOf(stay.end) : Infinity, ahead)
  return { first, last: Math.max(first, last) }
}

/** Whether two day spans (an open end is forever) share a day: the model's own overlap rule. */
function spansMeet(
  a: { start: string; end: string | null },
  b: { start: string; end: string | null }
) {
  const aEnd = a.end ? dayOf(a.end) : Infinity
  const bEnd = b.end ? dayOf(b.end) : Infinity
  return dayOf(a.start) <= bEnd && dayOf(b.start) <= aEnd
}

/** The price the model expects for rent months: the plan's discount off their rent. */
function expectedRent(stay: ModelStay, count: number) {
  const gross = stay.rent * count
  const percent = count === 3 ? 5 : count === 12 ? 10 : 0
  return gross - Math.round((gross * percent) / 100)
}

/** Whether the configured terms are the defaults the model prices with (no late fee, full months). */
const defaultTerms =
  rentTerms.partialMonth === 'full' &&
  rentTerms.lateFee.kind === 'amount' &&
  rentTerms.lateFee.halalas === 0 &&
  rentTerms.prepayDiscountPercent[3] === 5 &&
  rentTerms.prepayDiscountPercent[12] === 10

function fail(message: string): never {
  throw new Error(message)
}

/**
 * What `read` answers, once one of up to three tries took at most `LEDGER_READ_LIMIT_MS`. When
 * the machine is so busy that none did, a try whose own work (this process's CPU time: the API
 * answers in it) stayed within the limit passes too: an unbounded ledger burns CPU, a busy
 * machine only waits for it.
 */
async function withinLimit<T>(what: string, read: () => Promise<T>): Promise<T> {
  const tries: string[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now()
    const cpu = process.cpuUsage()
    const result = await read()
    const wall = performance.now() - started
    const used = process.cpuUsage(cpu)
    const work = (used.user + used.system) / 1000
    tries.push(`${wall.toFixed(0)} ms (CPU ${work.toFixed(0)} ms)`)
    if (wall <= LEDGER_READ_LIMIT_MS) return result
    if (attempt === 2 && work <= LEDGER_READ_LIMIT_MS) return result
  }
  return fail(`${what} took ${tries.join(', ')}`)
}

function expectStatus(what: string, actual: number, expected: number | number[], body?: unknown) {
  const allowed = Array.isArray(expected) ? expected : [expected]
  if (!allowed.includes(actual)) {
    fail(`${what}: expected ${allowed.join(' or ')}, got ${actual} ${JSON.stringify(body ?? null)}`)
  }
}

/** The administrator's and residents' requests go out as fresh sessions at the moved time. */
async function session(user: User) {
  /* A user checked with Firebase "now" (the moved clock) is not re-checked against the emulator. */
  await User.query().where('id', user.id).update({ firebase_checked_at: Date.now() })
  return user
}

/* ─── the books, from the database and the gateway ───────────────────────────────────────── */

interface PaymentRow {
  id: number
  application_id: number
  gateway_payment_id: string | null
  status: string
  kind: string
  amount_halalas: number
  refunded_halalas: number
}

interface SettlementRow {
  tenancy_id: number
  payment_id: number
  months: string
  amount_halalas: number
  outcome: string
}

/**
 * Asserts the invariants against the database and the gateway: every completed payment is on
 * exactly one stay's books; no month of a stay is covered twice, nor outside the stay; no two
 * stays of a room share a day; a stay's deposit held + returned = paid; what the gateway kept
 * = what is recorded completed less what was refunded of it; every ledger read within the limit.
 * Then that the database says what the model says.
 */
export async function assertBooks(model: Model, real: Real) {
  const roomIds = real.rooms.map((room) => room.id)
  const tenancies = await Tenancy.query().whereIn('room_id', roomIds).orderBy('id')
  const payments: PaymentRow[] = await db
    .from('payments')
    .whereIn('room_id', roomIds)
    .select(
      'id',
      'application_id',
      'gateway_payment_id',
      'status',
      'kind',
      'amount_halalas',
      'refunded_halalas'
    )
  const months: { payment_id: number; application_id: number; month: string }[] = await db
    .from('payment_months as m')
    .join('payments as p', 'p.id', 'm.payment_id')
    .whereIn('p.room_id', roomIds)
    .where('p.status', 'completed')
    /* A month given back (its stay ended before it, or its share refunded) pays no more. */
    .where('m.completed', true)
    .select('m.payment_id', 'm.application_id', 'm.month')
  const settlements: SettlementRow[] = real.settlements
    ? await db
        .from('stay_settlements')
        .whereIn(
          'tenancy_id',
          tenancies.map((tenancy) => tenancy.id)
        )
        .select('tenancy_id', 'payment_id', 'months', 'amount_halalas', 'outcome')
    : []

  /*
   * Every ledger read answers within the limit: all stays at once, the list the API serves and
   * one resident's own. A read is timed up to three times and its fastest counts: an unbounded
   * ledger is slow every time, while a busy machine (the suite shares two cores with others)
   * only now and then.
   */
  const ledgers = await withinLimit('ledgersOf', () => ledgersOf(tenancies))
  const listed = await withinLimit('listTenancies', () => listTenancies(real.admin, {}, 'en'))
  const rowOf = new Map(listed.rows.map((row) => [row.id, row]))
  /*
   * The list filters and sorts in SQL by figures kept on each stay's row: after any writes and
   * days gone by, they agree with the ledgers read now.
   */
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b)
  const overdueRows = await listTenancies(real.admin, { overdue: true }, 'en')
  const overdue = ids(listed.rows.filter((row) => row.overdue)).join(',')
  if (ids(overdueRows.rows).join(',') !== overdue)
    fail(`the overdue filter lists ${ids(overdueRows.rows)}, the ledgers make ${overdue}`)
  const byBalance = await listTenancies(real.admin, { _sort: 'balance', _order: 'desc' }, 'en')
  for (const [at, row] of byBalance.rows.entries()) {
    const before = byBalance.rows[at - 1]
    if (before && before.balance < row.balance)
      fail(
        `sorted by balance, stay ${row.id} (${row.balance}) follows ${before.id} (${before.balance})`
      )
  }
  /* One stay's ledger as its resident reads it (a different stay each step). */
  const read = model.stays[model.steps % Math.max(1, model.stays.length)]
  if (read) {
    const resident = await session(real.residents[read.resident]!)
    const response = await withinLimit(`GET /api/tenancies/${read.tenancyId}/ledger`, () =>
      as(real.client.get(`/api/tenancies/${read.tenancyId}/ledger`), resident)
    )
    expectStatus(`her ledger of stay ${read.tenancyId}`, response.status(), 200, response.body())
    const served = (response.body() as { month: string; paymentId: number | null }[])
      .map((month) => `${month.month}:${month.paymentId}`)
      .join(',')
    const own = (ledgers.get(read.tenancyId)?.months ?? [])
      .map((month) => `${month.month}:${month.paymentId}`)
      .join(',')
    if (served !== own)
      fail(`her ledger of stay ${read.tenancyId} reads ${served}, ledgersOf ${own}`)
  }

  await assertRentRollAgrees(ledgers)

  const stayOfApplication = new Map(tenancies.map((tenancy) => [tenancy.applicationId, tenancy]))
  const settledMonths = new Map<string, Set<string>>()
  for (const row of settlements) {
    const key = `${row.tenancy_id}:${row.payment_id}`
    const set = settledMonths.get(key) ?? new Set<string>()
    for (const month of row.months.split(',')) set.add(month)
    settledMonths.set(key, set)
  }

  /* No two stays hold a room on the same day. */
  for (const [at, a] of tenancies.entries()) {
    for (const b of tenancies.slice(at + 1)) {
      if (a.roomId !== b.roomId) continue
      const spanA = { startDate: a.startDate.toISODate()!, endDate: a.endDate?.toISODate() ?? null }
      const spanB = { startDate: b.startDate.toISODate()!, endDate: b.endDate?.toISODate() ?? null }
      if (staysOverlap(spanA, spanB))
        fail(`stays ${a.id} and ${b.id} share room ${a.roomId}: ${JSON.stringify([spanA, spanB])}`)
    }
  }

  /* No month of a stay covered twice; none outside its stay (unless its end settled it). */
  const covered = new Map<string, number>()
  for (const row of months) {
    const key = `${row.application_id}:${row.month}`
    const other = covered.get(key)
    if (other !== undefined)
      fail(
        `month ${row.month} of application ${row.application_id} paid by ${other} and ${row.payment_id}`
      )
    covered.set(key, row.payment_id)
    const stay = stayOfApplication.get(row.application_id)
    if (!stay) fail(`payment ${row.payment_id} covers ${row.month} of no stay`)
    const settled = settledMonths.get(`${stay.id}:${row.payment_id}`)?.has(row.month) ?? false
    const month = monthIndex(row.month)!
    const first = monthOf(stay.startDate.toISODate()!)
    const last = stay.endDate ? monthOf(stay.endDate.toISODate()!) : Infinity
    if ((month < first || month > last) && !settled)
      fail(
        `payment ${row.payment_id} covers ${row.month}, outside stay ${stay.id} (${stay.startDate.toISODate()} – ${stay.endDate?.toISODate() ?? '…'})`
      )
  }

  /* Every completed payment is on exactly one stay's books. */
  for (const payment of payments.filter((row) => row.status === 'completed')) {
    if (!stayOfApplication.has(payment.application_id))
      fail(`completed payment ${payment.id} belongs to no stay`)
    if (payment.kind === 'deposit') continue
    const onLedgers = tenancies.filter((tenancy) =>
      ledgers.get(tenancy.id)!.months.some((month) => month.paymentId === payment.id)
    )
    const own = months.filter((row) => row.payment_id === payment.id)
    const stay = stayOfApplication.get(payment.application_id)!
    const settled = settledMonths.get(`${stay.id}:${payment.id}`) ?? new Set<string>()
    const standing = own.filter((row) => !settled.has(row.month))
    if (standing.length > 0 && (onLedgers.length !== 1 || onLedgers[0]!.id !== stay.id))
      fail(
        `completed payment ${payment.id} is on the ledgers of stays [${onLedgers.map((t) => t.id)}], not on stay ${stay.id}'s alone`
      )
    if (standing.length === 0 && onLedgers.length > 0)
      fail(
        `payment ${payment.id}, settled in full, still shows on stays [${onLedgers.map((t) => t.id)}]`
      )
  }

  /* A stay's deposit: held + returned = paid, and the state the API shows is the derived one. */
  for (const tenancy of tenancies) {
    const paid = payments
      .filter(
        (row) =>
          row.application_id === tenancy.applicationId &&
          row.kind === 'deposit' &&
          row.status === 'completed'
      )
      .reduce((sum, row) => sum + Number(row.amount_halalas), 0)
    const returned = tenancy.depositReturnedHalalas ?? 0
    if (returned > paid) fail(`stay ${tenancy.id} returned ${returned} of a deposit paid ${paid}`)
    const row = rowOf.get(tenancy.id)
    if (!row) fail(`stay ${tenancy.id} is not in the administrator's list`)
    const state = depositStateOf(paid, returned)
    if (row.deposit.state !== state)
      fail(
        `stay ${tenancy.id}'s deposit is "${row.deposit.state}", paid ${paid} and returned ${returned} make it "${state}"`
      )
    const shownPaid = (row.deposit as { paid?: number }).paid
    if (shownPaid !== undefined && toHalalas(shownPaid) !== paid)
      fail(
        `stay ${tenancy.id} shows a deposit paid of ${shownPaid} SAR, its payments make ${paid / 100}`
      )
  }

  /* Money: per gateway payment, what the gateway kept = recorded completed less refunded of it. */
  const byGatewayId = new Map(payments.map((row) => [keyOf(row), row]))
  const adminRefunds: { payment_id: number; halalas: number | string }[] = await db
    .from('payment_refunds')
    .whereIn(
      'payment_id',
      payments.map((row) => row.id)
    )
    .where('state', 'completed')
    .groupBy('payment_id')
    .select('payment_id')
    .sum('amount_halalas as halalas')
  const refundedByAdmin = new Map(
    adminRefunds.map((row) => [Number(row.payment_id), Number(row.halalas)])
  )
  const states = await Promise.all(
    model.payments.map((payment) =>
      payment.recorded ? Promise.resolve(null) : gatewayPayment(payment.gatewayId)
    )
  )
  for (const [at, payment] of model.payments.entries()) {
    const state = states[at]
    if (payment.recorded) {
      /* A recorded payment stands (completed) until it is voided, and is never deleted. */
      const row = byGatewayId.get(payment.gatewayId)
      const status = payment.recorded.voided ? 'voided' : 'completed'
      if (row?.status !== status)
        fail(
          `recorded payment ${payment.recorded.id} is "${row?.status}"; the model says "${status}"`
        )
      continue
    }
    if (!state) continue
    const kept =
      state.status === 'paid' || state.status === 'refunded' || state.status === 'captured'
        ? Number(state.amount) - Number(state.refunded ?? 0)
        : 0
    const row = byGatewayId.get(payment.gatewayId)
    const recorded = row?.status === 'completed' ? Number(row.amount_halalas) : 0
    /* A stay's settlement refunds part of a payment that stands, or all of one marked refunded. */
    const refunded =
      row?.status === 'completed'
        ? settlements
            .filter(
              (settlement) => settlement.payment_id === row.id && settlement.outcome === 'refunded'
            )
            .reduce((sum, settlement) => sum + Number(settlement.amount_halalas), 0) +
          (refundedByAdmin.get(row.id) ?? 0)
        : 0
    if (kept !== recorded - refunded)
      fail(
        `gateway payment ${payment.gatewayId} kept ${kept} at the gateway (${state.status}), the books say ${recorded} recorded less ${refunded} refunded`
      )
    /* Ending its stay settled the months the model says, at their share of what it charged. */
    if (payment.settledMonths && real.settlements) {
      const rows = settlements.filter((settlement) => settlement.payment_id === row?.id)
      const named = rows.flatMap((settlement) => settlement.months.split(',')).sort()
      const expected = payment.settledMonths.map(monthKeyOf).sort()
      if (named.join(',') !== expected.join(','))
        fail(`payment ${payment.gatewayId} settled [${named}]; the model expects [${expected}]`)
      const share = (payment.amount * expected.length) / payment.months.length
      const amount = rows.reduce((sum, settlement) => sum + Number(settlement.amount_halalas), 0)
      if (Math.abs(amount - share) > expected.length)
        fail(
          `payment ${payment.gatewayId} settled ${amount} for ${expected.length} of its ${payment.months.length} months of ${payment.amount}`
        )
    }
    /* And the model's word on it. */
    const keeps = payment.credited ? payment.amount - (payment.adminRefunded ?? 0) : 0
    if (!payment.settled && kept !== keeps)
      fail(`gateway payment ${payment.gatewayId} kept ${kept}; the model expects ${keeps}`)
  }

  /* The database says what the model says: each stay's paid months and deposit. */
  const idOf = new Map(payments.map((row) => [keyOf(row), row.id]))
  for (const stay of model.stays) {
    const ledger = ledgers.get(stay.tenancyId)
    if (!ledger) fail(`the model's stay ${stay.tenancyId} is not in the database`)
    const paid = new Map(
      ledger.months
        .filter((month) => month.state === 'paid')
        .map((month) => [monthIndex(month.month)!, month.paymentId])
    )
    const expected = new Map(
      [...stay.paid].map(([month, gatewayId]) => [month, idOf.get(gatewayId) ?? null])
    )
    const show = (map: Map<number, unknown>) =>
      JSON.stringify([...map].sort(([a], [b]) => a - b).map(([m, id]) => `${monthKeyOf(m)}:${id}`))
    if (show(paid) !== show(expected))
      fail(`stay ${stay.tenancyId}'s ledger shows paid ${show(paid)}, the model ${show(expected)}`)
    const row = rowOf.get(stay.tenancyId)!
    const state = depositStateOf(stay.depositPaid, stay.depositReturned)
    const returned = toHalalas(row.deposit.returnedAmount ?? 0)
    if (row.deposit.state !== state || returned !== stay.depositReturned)
      fail(
        `stay ${stay.tenancyId}'s deposit is "${row.deposit.state}", ${returned} returned; the model says "${state}", ${stay.depositReturned}`
      )
    /* What she owes lists the deposit while it is due and the stay has not ended by today. */
    const owed = (row as { owed?: { deposit: number } }).owed
    const running = stay.end === null || dayOf(stay.end) >= dayOf(today())
    if (owed && toHalalas(owed.deposit) !== (state === 'due' && running ? stay.deposit : 0))
      fail(`stay ${stay.tenancyId} owes a deposit of ${owed.deposit} SAR while it is "${state}"`)
  }
}

/**
 * The rent roll of this month says what the ledgers and the payments say: its expected rent is
 * the sum of the month's rows over every ledger, its paid part the rows paid, and what it
 * collected the completed payments received in the month (Riyadh) less what was refunded.
 */
async function assertRentRollAgrees(ledgers: Map<number, Ledger>) {
  const now = new Date()
  const month = riyadhToday(now).slice(0, 7)
  const roll = await rentRoll({ month }, 'en', now)
  let expected = 0
  let paid = 0
  for (const ledger of ledgers.values()) {
    for (const row of ledger.months) {
      if (row.month !== month) continue
      expected += row.amount
      if (row.state === 'paid') paid += row.amount
    }
  }
  const { start, end } = riyadhMonthRange(now)
  const received = await Payment.query().where('status', 'completed').whereNotNull('payment_date')
  const collected = received
    .filter((payment) => {
      const at = payment.paymentDate!.toMillis()
      return at >= start.getTime() && at < end.getTime()
    })
    .reduce((sum, payment) => sum + payment.amountHalalas - payment.refundedHalalas, 0)
  /* And each of the 12 months before, as the chart draws them. */
  for (const past of roll.history) {
    let owed = 0
    for (const ledger of ledgers.values())
      for (const row of ledger.months) if (row.month === past.month) owed += row.amount
    if (toHalalas(past.expected) !== owed)
      fail(`the rent roll's ${past.month} expects ${toHalalas(past.expected)}, the ledgers ${owed}`)
  }
  const figures = `expected ${toHalalas(roll.expected)}/${expected}, paid ${toHalalas(roll.paid)}/${paid}, collected ${toHalalas(roll.collected.total)}/${collected}`
  if (
    toHalalas(roll.expected) !== expected ||
    toHalalas(roll.paid) !== paid ||
    toHalalas(roll.outstanding) !== expected - paid ||
    toHalalas(roll.collected.total) !== collected
  )
    fail(`the rent roll of ${month} disagrees with the books (roll/books): ${figures}`)
}

/* ─── the commands ───────────────────────────────────────────────────────────────────────── */

type Step = fc.AsyncCommand<Model, Real>

/** Runs a command's step, then the books' invariants. */
abstract class RentCommand implements Step {
  abstract check(model: Readonly<Model>): boolean
  abstract step(model: Model, real: Real): Promise<void>
  abstract toString(): string
  async run(model: Model, real: Real) {
    model.steps += 1
    await this.step(model, real)
    await assertBooks(model, real)
  }
}

type MoveIn = 'past' | 'today' | 'ahead' | 'after_end' | 'inside_end'

/** A resident applies for a room, and the administrator approves (409 when it would overlap). */
class ApplyAndApprove extends RentCommand {
  constructor(
    readonly resident: number,
    readonly room: number,
    readonly moveIn: MoveIn,
    readonly days: number
  ) {
    super()
  }
  check(model: Readonly<Model>) {
    /* Her stays in one room are one at a time in the model: the quote names a room, not a stay. */
    return (
      model.stays.length < MAX_STAYS &&
      !model.stays.some((stay) => stay.resident === this.resident && stay.room === this.room)
    )
  }
  moveInDate(model: Model): string {
    const now = today()
    const ending = model.stays.filter((stay) => stay.room === this.room && stay.end !== null)
    const endAhead = ending.filter((stay) => dayOf(stay.end!) >= dayOf(now))
    switch (this.moveIn) {
      case 'past':
        return addDays(now, -(1 + (this.days % 75)))
      case 'today':
        return now
      case 'ahead':
        return addDays(now, 1 + (this.days % 120))
      case 'after_end': {
        const last = ending
          .map((stay) => stay.end!)
          .sort()
          .at(-1)
        return last ? addDays(last, 1 + (this.days % 10)) : addDays(now, 1 + (this.days % 120))
      }
      case 'inside_end': {
        const stay = endAhead[0]
        if (!stay) return now
        const from = Math.max(dayOf(stay.start), dayOf(now))
        const span = dayOf(stay.end!) - from
        return addDays(now, from - dayOf(now) + (span > 0 ? this.days % (span + 1) : 0))
      }
    }
  }
  async step(model: Model, real: Real) {
    const date = this.moveInDate(model)
    if (dayOf(date) > dayOf(addMonthsToDate(today(), 12))) return
    const resident = real.residents[this.resident]!
    const room = real.rooms[this.room]!
    const application = await ApplicationFactory.merge({
      userId: resident.id,
      roomId: room.id,
      status: 'pending',
      moveInDate: DateTime.fromISO(date),
    }).create()
    const overlaps = model.stays.some(
      (stay) => stay.room === this.room && spansMeet(stay, { start: date, end: null })
    )
    let status = 200
    try {
      await reviewApplication(real.admin, application.id, 'approved')
    } catch (error) {
      status = Number((error as { status?: number }).status ?? 500)
      if (status === 500) throw error
    }
    expectStatus(
      `approving a move-in on ${date} in room ${this.room}`,
      status,
      overlaps ? 409 : 200
    )
    count(model, status === 200 ? 'approved' : 'overlap refused')
    if (status !== 200) {
      /* Refused: the administrator rejects it, as she would, so that she may apply again. */
      await reviewApplication(real.admin, application.id, 'rejected')
      return
    }
    const tenancy = await Tenancy.findByOrFail('applicationId', application.id)
    model.stays.push({
      tenancyId: tenancy.id,
      applicationId: application.id,
      resident: this.resident,
      room: this.room,
      start: date,
      end: null,
      ended: false,
      rent: tenancy.monthlyRentHalalas,
      deposit: tenancy.depositHalalas,
      paid: new Map(),
      depositPaid: 0,
      depositReturned: 0,
    })
  }
  toString() {
    return `apply+approve(resident ${this.resident}, room ${this.room}, ${this.moveIn} ${this.days})`
  }
}

type What = 'month' | 'plan3' | 'plan12' | 'deposit'
/**
 * At the quote; at another amount; with a declined card; after the quote's claim expired; or
 * at the quote after the administrator ended the stay today meanwhile (months past it refused).
 */
type Charge = 'quote' | 'wrong' | 'declined' | 'expired' | 'ended_meanwhile'
type Recorder = 'post' | 'webhook' | 'both'

/** The quote's query and the POST's body for these months (or the deposit). */
function coverage(what: What, months: string[]): Record<string, string | string[]> {
  if (what === 'deposit') return { kind: 'deposit' }
  return months.length === 1 ? { monthCovered: months[0]! } : { monthsCovered: months }
}

/** The card form's metadata for a quote: whose, which room, its claim, and what it covers. */
function metadataOf(
  userId: number,
  roomId: number,
  what: What,
  months: string[],
  claim: unknown
): Record<string, string | number> {
  return {
    roomId,
    userId,
    ...(typeof claim === 'string' ? { claim } : {}),
    ...(what === 'deposit'
      ? { kind: 'deposit' }
      : months.length === 1
        ? { monthCovered: months[0]! }
        : { monthsCovered: months.join(',') }),
  }
}

async function quote(real: Real, user: User, roomId: number, cover: Record<string, unknown>) {
  const qs: Record<string, string> = { roomId: String(roomId) }
  for (const [key, value] of Object.entries(cover))
    qs[key] = Array.isArray(value) ? value.join(',') : String(value)
  const response = await as(real.client.get('/api/payments/quote').qs(qs), await session(user))
  return { status: response.status(), body: response.body() }
}

async function postPayment(
  real: Real,
  user: User,
  roomId: number,
  reference: string,
  cover: Record<string, unknown>
) {
  const response = await as(real.client.post('/api/payments'), await session(user)).json({
    roomId,
    paymentReference: reference,
    ...cover,
  })
  return { status: response.status(), body: response.body() }
}

async function deliverWebhook(real: Real, gatewayId: string) {
  const response = await real.client
    .post('/api/payments/webhook')
    .json(await webhookEvent(gatewayId, TEST_WEBHOOK_SECRET))
  expectStatus(`the webhook of ${gatewayId}`, response.status(), 200, response.body())
}

/** A resident pays one month, a plan or the deposit of one of her stays. */
class Pay extends RentCommand {
  constructor(
    readonly stay: number,
    readonly what: What,
    readonly pick: number,
    readonly charge: Charge,
    readonly recorder: Recorder
  ) {
    super()
  }
  check(model: Readonly<Model>) {
    return model.stays.length > 0
  }
  /** The months asked for: a month from the one before the stay to the one after what it can pay, or a plan from the earliest unpaid month. */
  monthsAsked(stay: ModelStay): number[] {
    const { first, last } = payableBounds(stay)
    if (this.what === 'deposit') return []
    if (this.what === 'month') return [first - 1 + (this.pick % (last - first + 3))]
    let start = first
    while (start <= last && stay.paid.has(start)) start++
    const count = this.what === 'plan3' ? 3 : 12
    return Array.from({ length: count }, (_, at) => Math.min(start, last) + at)
  }
  async step(model: Model, real: Real) {
    const index = this.stay % model.stays.length
    const stay = model.stays[index]!
    const user = real.residents[stay.resident]!
    const roomId = real.rooms[stay.room]!.id
    const asked = this.monthsAsked(stay)
    const months = asked.map(monthKeyOf)
    const { first, last } = payableBounds(stay)
    const payable =
      this.what === 'deposit'
        ? stay.depositPaid === 0
        : asked.every((month) => month >= first && month <= last && !stay.paid.has(month))
    const cover = coverage(this.what, months)

    const quoted = await quote(real, user, roomId, cover)
    expectStatus(
      `the quote of ${this.what} ${months.join(',')} for stay ${stay.tenancyId}`,
      quoted.status,
      payable ? 200 : 422,
      quoted.body
    )
    if (!payable) {
      count(model, 'quote refused')
      return
    }
    const amount = toHalalas(Number(quoted.body.amount))
    const expected = this.what === 'deposit' ? stay.deposit : expectedRent(stay, asked.length)
    if (defaultTerms && amount !== expected)
      fail(
        `the quote of ${months.join(',') || 'the deposit'} is ${amount}; the model expects ${expected}`
      )

    const charged = this.charge === 'wrong' ? amount + 100 : amount
    /* She leaves the quote open past its claim's lifetime (an hour), then pays. */
    if (this.charge === 'expired') advanceDays(2 / 24)
    if (this.charge === 'ended_meanwhile' && !stay.ended && dayOf(today()) >= dayOf(stay.start))
      await new End(this.stay, 'now', 0).step(model, real)
    const gatewayId = await payWithCard({
      card: this.charge === 'declined' ? CARDS.declined : CARDS.paid,
      amountHalalas: charged,
      metadata: metadataOf(user.id, roomId, this.what, months, quoted.body.claim),
    })
    const credited =
      this.charge === 'quote' ||
      (this.charge === 'ended_meanwhile' &&
        asked.every((month) => stay.end === null || month <= monthOf(stay.end)))
    const payment: ModelPayment = {
      gatewayId,
      stay: index,
      kind: this.what === 'deposit' ? 'deposit' : 'rent',
      months: asked,
      amount: charged,
      credited,
      refundedAtGateway: !credited && this.charge !== 'declined',
      settled: false,
    }
    model.payments.push(payment)

    if (this.recorder !== 'webhook') {
      const posted = await postPayment(real, user, roomId, gatewayId, cover)
      const expectedStatus = credited ? 201 : this.charge === 'declined' ? [201, 200, 422] : 422
      expectStatus(
        `recording ${gatewayId} (${this.charge})`,
        posted.status,
        expectedStatus,
        posted.body
      )
    }
    if (this.recorder !== 'post') await deliverWebhook(real, gatewayId)

    count(
      model,
      credited
        ? `${this.what} paid${this.charge === 'quote' ? '' : ' (ended meanwhile)'}`
        : `${this.charge} charge refused`
    )
    if (!credited) return
    if (this.what === 'deposit') stay.depositPaid += charged
    for (const month of asked) stay.paid.set(month, gatewayId)
  }
  toString() {
    return `pay(stay ${this.stay}, ${this.what} ${this.pick}, ${this.charge}, ${this.recorder})`
  }
}

/** The gateway sends an earlier payment's event again: nothing changes. */
class ReplayWebhook extends RentCommand {
  constructor(readonly payment: number) {
    super()
  }
  check(model: Readonly<Model>) {
    return model.payments.length > 0
  }
  async step(model: Model, real: Real) {
    const card = model.payments.filter((payment) => !payment.recorded)
    if (card.length === 0) return
    await deliverWebhook(real, card[this.payment % card.length]!.gatewayId)
  }
  toString() {
    return `webhook replay(payment ${this.payment})`
  }
}

/**
 * A card payment the server did not price for the one who made it: a month before her stay,
 * named in the metadata with no claim (refused and refunded, never credited); or a resident's
 * deposit claim paid by someone else under that other's name. The server trusts only the
 * verified claim: the other's POST is refused (422 and refunded where she has a stay in that
 * room, 403 where she has none), and the gateway's event credits the claim to its owner's stay,
 * unless the POST refunded it first.
 */
class Forged extends RentCommand {
  constructor(
    readonly stay: number,
    readonly variant: 'outside' | 'another',
    readonly recorder: 'post' | 'webhook'
  ) {
    super()
  }
  check(model: Readonly<Model>) {
    return (
      model.stays.length > 0 &&
      (this.variant === 'outside' || model.stays.some((stay) => stay.depositPaid === 0))
    )
  }
  async step(model: Model, real: Real) {
    if (this.variant === 'outside') return this.outside(model, real)
    const owner = model.stays.find((other) => other.depositPaid === 0)!
    const roomId = real.rooms[owner.room]!.id
    const quoted = await quote(real, real.residents[owner.resident]!, roomId, { kind: 'deposit' })
    expectStatus('the deposit quote', quoted.status, 200, quoted.body)
    const amount = toHalalas(Number(quoted.body.amount))
    const other = (owner.resident + 1) % RESIDENTS
    const payer = real.residents[other]!
    const gatewayId = await payWithCard({
      amountHalalas: amount,
      metadata: metadataOf(payer.id, roomId, 'deposit', [], quoted.body.claim),
    })
    const payment: ModelPayment = {
      gatewayId,
      stay: model.stays.indexOf(owner),
      kind: 'deposit',
      months: [],
      amount,
      credited: false,
      refundedAtGateway: false,
      settled: false,
    }
    model.payments.push(payment)
    if (this.recorder === 'post') {
      /*
       * Not hers to record (409 where she has a stay in the room, else 403), and not hers to
       * refund either: the webhook credits it to whom the claim names.
       */
      const staysThere = model.stays.some(
        (stay) => stay.resident === other && stay.room === owner.room
      )
      const posted = await postPayment(real, payer, roomId, gatewayId, { kind: 'deposit' })
      expectStatus(
        `recording ${gatewayId}, her claim paid by another`,
        posted.status,
        staysThere ? 409 : 403,
        posted.body
      )
    }
    await deliverWebhook(real, gatewayId)
    count(model, 'claim paid by another')
    payment.credited = true
    owner.depositPaid += amount
  }
  async outside(model: Model, real: Real) {
    const stay = model.stays[this.stay % model.stays.length]!
    const roomId = real.rooms[stay.room]!.id
    const payer = real.residents[stay.resident]!
    const month = monthKeyOf(payableBounds(stay).first - 1)
    const gatewayId = await payWithCard({
      amountHalalas: stay.rent,
      metadata: metadataOf(payer.id, roomId, 'month', [month], undefined),
    })
    model.payments.push({
      gatewayId,
      stay: null,
      kind: 'rent',
      months: [],
      amount: stay.rent,
      credited: false,
      refundedAtGateway: true,
      settled: false,
    })
    if (this.recorder === 'post') {
      const posted = await postPayment(real, payer, roomId, gatewayId, { monthCovered: month })
      expectStatus(
        `recording ${gatewayId}, ${month} with no claim`,
        posted.status,
        422,
        posted.body
      )
    } else {
      await deliverWebhook(real, gatewayId)
    }
    count(model, 'month outside refused')
  }
  toString() {
    return `forged(stay ${this.stay}, ${this.variant}, ${this.recorder})`
  }
}

/** The administrator ends a stay today or with an end ahead; months paid past it are settled. */
class End extends RentCommand {
  constructor(
    readonly stay: number,
    readonly when: 'now' | 'ahead',
    readonly days: number
  ) {
    super()
  }
  check(model: Readonly<Model>) {
    return model.stays.length > 0
  }
  async step(model: Model, real: Real) {
    const stay = model.stays[this.stay % model.stays.length]!
    const endDate = this.when === 'now' ? today() : addDays(today(), 1 + (this.days % 100))
    const response = await as(
      real.client.post(`/api/tenancies/${stay.tenancyId}/end`),
      await session(real.admin)
    ).json({ endDate, reason: 'Moved out' })
    const early = dayOf(endDate) < dayOf(stay.start)
    /* Ended already (409); a date before the move-in (422) may be refused first. */
    const expected = stay.ended ? (early ? [409, 422] : 409) : early ? 422 : 200
    expectStatus(
      `ending stay ${stay.tenancyId} on ${endDate}`,
      response.status(),
      expected,
      response.body()
    )
    count(model, expected === 200 ? `ended ${this.when}` : 'end refused')
    if (expected !== 200) return
    stay.end = endDate
    stay.ended = true
    const endMonth = monthOf(endDate)
    for (const [month, gatewayId] of [...stay.paid]) {
      if (month <= endMonth) continue
      stay.paid.delete(month)
      const payment = model.payments.find((one) => one.gatewayId === gatewayId)!
      if (!payment.settled) count(model, 'payment settled')
      payment.settled = true
      payment.settledMonths = [...(payment.settledMonths ?? []), month]
    }
  }
  toString() {
    return `end(stay ${this.stay}, ${this.when} ${this.days})`
  }
}

/** The administrator returns part of a stay's deposit, all of what is held, or more than that. */
class ReturnDeposit extends RentCommand {
  constructor(
    readonly stay: number,
    readonly how: 'partial' | 'full' | 'more'
  ) {
    super()
  }
  check(model: Readonly<Model>) {
    return model.stays.length > 0
  }
  async step(model: Model, real: Real) {
    /* A stay holding a deposit when there is one (twice in a row returns from it again). */
    const holding = model.stays.filter((one) => one.depositPaid > one.depositReturned)
    const choices = holding.length > 0 && this.stay % 4 !== 0 ? holding : model.stays
    const stay = choices[this.stay % choices.length]!
    const held = stay.depositPaid - stay.depositReturned
    const halalas =
      this.how === 'partial'
        ? Math.max(100, Math.floor(held / 200) * 100)
        : this.how === 'full'
          ? Math.max(held, 100)
          : held + 100
    const response = await as(
      real.client.post(`/api/tenancies/${stay.tenancyId}/deposit-return`),
      await session(real.admin)
    ).json({ amount: halalas / 100, reason: 'Room left clean' })
    /* Nothing held: 409 (more than nothing may also be refused as more than held, 422). */
    const expected =
      held <= 0 ? (this.how === 'more' ? [409, 422] : 409) : halalas > held ? 422 : 200
    expectStatus(
      `returning ${halalas} of stay ${stay.tenancyId}'s deposit (held ${held})`,
      response.status(),
      expected,
      response.body()
    )
    count(model, expected === 200 ? `deposit returned ${this.how}` : 'deposit return refused')
    if (expected === 200) stay.depositReturned += halalas
  }
  toString() {
    return `deposit return(stay ${this.stay}, ${this.how})`
  }
}

/** The gateway refunds an earlier payment (its dashboard), then sends the event. */
class GatewayRefund extends RentCommand {
  constructor(readonly payment: number) {
    super()
  }
  refundable(model: Readonly<Model>) {
    return model.payments.filter(
      (payment) =>
        payment.credited &&
        !payment.recorded &&
        !payment.settled &&
        !payment.refundedAtGateway &&
        /* A deposit already (partly) returned is not refunded at the gateway as well. */
        !(payment.kind === 'deposit' && model.stays[payment.stay!]!.depositReturned > 0)
    )
  }
  check(model: Readonly<Model>) {
    return this.refundable(model).length > 0
  }
  async step(model: Model, real: Real) {
    const choices = this.refundable(model)
    const payment = choices[this.payment % choices.length]!
    const response = await fetch(`${sandbox().url}/v1/payments/${payment.gatewayId}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SANDBOX_SECRET_KEY}:`).toString('base64')}`,
      },
      body: '{}',
    })
    await response.body?.cancel()
    expectStatus(`refunding ${payment.gatewayId} at the gateway`, response.status, 200)
    await deliverWebhook(real, payment.gatewayId)
    count(model, 'refunded at the gateway')
    payment.credited = false
    payment.refundedAtGateway = true
    const stay = model.stays[payment.stay!]!
    if (payment.kind === 'deposit') stay.depositPaid -= payment.amount
    for (const month of payment.months)
      if (stay.paid.get(month) === payment.gatewayId) stay.paid.delete(month)
  }
  toString() {
    return `gateway refund(payment ${this.payment})`
  }
}

type Recorded = 'month' | 'months' | 'deposit'

/**
 * The administrator records rent (or the deposit) received by Ejar, transfer or cash: at the
 * stay's price (201), another amount (422), for months outside it or not in a row (422), paid
 * already (409), or under a reference a standing payment of that method holds (409).
 */
class RecordPayment extends RentCommand {
  constructor(
    readonly stay: number,
    readonly what: Recorded,
    readonly pick: number,
    readonly count: number,
    readonly amount: 'price' | 'wrong',
    readonly reference: 'new' | 'taken'
  ) {
    super()
  }
  check(model: Readonly<Model>) {
    return model.stays.length > 0
  }
  async step(model: Model, real: Real) {
    const index = this.stay % model.stays.length
    const stay = model.stays[index]!
    const { first, last } = payableBounds(stay)
    const start = first - 1 + (this.pick % (last - first + 3))
    const asked =
      this.what === 'deposit'
        ? []
        : Array.from({ length: this.what === 'month' ? 1 : this.count }, (_, at) => start + at)
    const method = (['ejar', 'bank_transfer', 'cash'] as const)[this.pick % 3]!
    const standing = model.payments.filter(
      (payment) =>
        payment.recorded && !payment.recorded.voided && payment.recorded.method === method
    )
    const taken = this.reference === 'taken' && standing.length > 0
    const reference = taken ? standing[0]!.recorded!.reference : `REF-${model.steps}-${this.pick}`
    const inside = asked.every((month) => month >= first && month <= last)
    const paidAlready =
      this.what === 'deposit' ? stay.depositPaid > 0 : asked.some((month) => stay.paid.has(month))
    const price = this.what === 'deposit' ? stay.deposit : expectedRent(stay, asked.length)
    const amount = this.amount === 'price' ? price : price + 100
    const response = await as(
      real.client.post(`/api/admin/tenancies/${stay.tenancyId}/payments`),
      await session(real.admin)
    ).json({
      kind: this.what === 'deposit' ? 'deposit' : 'rent',
      ...(this.what === 'deposit' ? {} : { monthsCovered: asked.map(monthKeyOf) }),
      method,
      reference,
      receivedOn: today(),
      amount: amount / 100,
    })
    /* Months outside, then paid already, then the amount, then the reference: the first refusal wins. */
    const expected =
      !inside || asked.length > 12
        ? 422
        : paidAlready
          ? 409
          : !defaultTerms
            ? [201, 422, 409]
            : this.amount === 'wrong'
              ? 422
              : taken
                ? 409
                : 201
    expectStatus(
      `recording ${this.what} ${asked.map(monthKeyOf)} for stay ${stay.tenancyId} (${this.amount}, ${this.reference})`,
      response.status(),
      expected,
      response.body()
    )
    if (response.status() !== 201) {
      count(model, 'record refused')
      return
    }
    const id = Number(response.body().id)
    model.payments.push({
      gatewayId: `recorded:${id}`,
      stay: index,
      kind: this.what === 'deposit' ? 'deposit' : 'rent',
      months: asked,
      amount: toHalalas(Number(response.body().amount)),
      credited: true,
      refundedAtGateway: false,
      settled: false,
      recorded: { id, method, reference, voided: false },
    })
    count(model, `${this.what} recorded`)
    if (this.what === 'deposit') stay.depositPaid += toHalalas(Number(response.body().amount))
    for (const month of asked) stay.paid.set(month, `recorded:${id}`)
  }
  toString() {
    return `record(stay ${this.stay}, ${this.what} ${this.pick}×${this.count}, ${this.amount}, ${this.reference})`
  }
}

/**
 * The administrator voids a recorded payment: its months (or the deposit) are owed again —
 * unless it is voided already, or something was given back against it (409).
 */
class VoidPayment extends RentCommand {
  constructor(readonly payment: number) {
    super()
  }
  check(model: Readonly<Model>) {
    return model.payments.some((payment) => payment.recorded)
  }
  async step(model: Model, real: Real) {
    const recorded = model.payments.filter((payment) => payment.recorded)
    const payment = recorded[this.payment % recorded.length]!
    const stay = model.stays[payment.stay!]!
    const response = await as(
      real.client.post(`/api/admin/payments/${payment.recorded!.id}/void`),
      await session(real.admin)
    ).json({ reason: 'Recorded in error' })
    const refused =
      payment.recorded!.voided ||
      payment.settled ||
      (payment.kind === 'deposit' && stay.depositReturned > 0)
    expectStatus(
      `voiding recorded payment ${payment.recorded!.id}`,
      response.status(),
      refused ? 409 : 200,
      response.body()
    )
    count(model, refused ? 'void refused' : 'voided')
    if (refused) return
    payment.recorded!.voided = true
    payment.credited = false
    if (payment.kind === 'deposit') stay.depositPaid -= payment.amount
    for (const month of payment.months)
      if (stay.paid.get(month) === payment.gatewayId) stay.paid.delete(month)
  }
  toString() {
    return `void(payment ${this.payment})`
  }
}

/**
 * The administrator refunds part of a card payment of rent through the gateway, the rest of
 * it, or more than is left (422). Months whose share went back are owed again (common's
 * `monthsStillPaid`); a smaller refund leaves them paid.
 */
class AdminRefund extends RentCommand {
  constructor(
    readonly payment: number,
    readonly how: 'part' | 'rest' | 'more'
  ) {
    super()
  }
  refundable(model: Readonly<Model>) {
    return model.payments.filter(
      (payment) =>
        payment.credited && !payment.recorded && !payment.settled && payment.kind === 'rent'
    )
  }
  check(model: Readonly<Model>) {
    return this.refundable(model).length > 0
  }
  async step(model: Model, real: Real) {
    const choices = this.refundable(model)
    const payment = choices[this.payment % choices.length]!
    const left = payment.amount - (payment.adminRefunded ?? 0)
    const halalas =
      this.how === 'part'
        ? Math.max(1, Math.floor(left / 3))
        : this.how === 'rest'
          ? left
          : left + 1
    const id = (await db.from('payments').where('gateway_payment_id', payment.gatewayId).first())!
      .id
    const response = await as(
      real.client.post(`/api/admin/payments/${id}/refund`),
      await session(real.admin)
    ).json({ amount: halalas / 100, reason: 'Goodwill' })
    expectStatus(
      `refunding ${halalas} of ${payment.gatewayId} (${left} left)`,
      response.status(),
      this.how === 'more' ? 422 : 200,
      response.body()
    )
    count(model, this.how === 'more' ? 'refund refused' : `refunded ${this.how}`)
    if (this.how === 'more') return
    payment.adminRefunded = (payment.adminRefunded ?? 0) + halalas
    const stay = model.stays[payment.stay!]!
    if (payment.adminRefunded >= payment.amount) {
      payment.credited = false
      payment.adminRefunded = 0
      payment.refundedAtGateway = true
    }
    const keep = payment.credited
      ? monthsStillPaid(payment.months.length, payment.amount, payment.adminRefunded)
      : 0
    for (const month of payment.months.slice(keep))
      if (stay.paid.get(month) === payment.gatewayId) stay.paid.delete(month)
  }
  toString() {
    return `admin refund(payment ${this.payment}, ${this.how})`
  }
}

/** Time passes: some days, or a calendar month. */
class Clock extends RentCommand {
  constructor(readonly days: number | 'month') {
    super()
  }
  check() {
    return true
  }
  async step() {
    const now = today()
    advanceDays(this.days === 'month' ? dayOf(addMonthsToDate(now, 1)) - dayOf(now) : this.days)
  }
  toString() {
    return this.days === 'month' ? 'clock(+1 month)' : `clock(+${this.days} days)`
  }
}

const applyArb = fc
  .tuple(
    fc.nat({ max: RESIDENTS - 1 }),
    fc.nat({ max: ROOMS - 1 }),
    fc.constantFrom<MoveIn>('past', 'today', 'ahead', 'after_end', 'inside_end'),
    fc.nat({ max: 400 })
  )
  .map(([resident, room, moveIn, days]) => new ApplyAndApprove(resident, room, moveIn, days))

const stayPick = fc.nat({ max: 9 })

const payArb = fc
  .tuple(
    stayPick,
    fc.constantFrom<What>('month', 'month', 'plan3', 'plan12', 'deposit'),
    fc.nat({ max: 30 }),
    fc.constantFrom<Charge>(
      'quote',
      'quote',
      'quote',
      'quote',
      'wrong',
      'declined',
      'expired',
      'ended_meanwhile'
    ),
    fc.constantFrom<Recorder>('post', 'webhook', 'both')
  )
  .map((args) => new Pay(...args))

/**
 * A sequence: a first stay (most steps need one), then up to `maxCommands` steps drawn at
 * random, paying and applying more often than the rest.
 */
export function rentSequences(maxCommands: number, replayPath?: string) {
  const steps = fc.commands<Model, Real, false>(
    [
      applyArb,
      applyArb,
      payArb,
      payArb,
      payArb,
      fc.nat({ max: 20 }).map((payment) => new ReplayWebhook(payment)),
      fc
        .tuple(stayPick, fc.constantFrom('outside', 'another'), fc.constantFrom('post', 'webhook'))
        .map(([stay, variant, recorder]) => new Forged(stay, variant, recorder)),
      fc
        .tuple(stayPick, fc.constantFrom('now', 'ahead'), fc.nat({ max: 400 }))
        .map(([stay, when, days]) => new End(stay, when, days)),
      fc
        .tuple(stayPick, fc.constantFrom('partial', 'partial', 'full', 'more'))
        .map(([stay, how]) => new ReturnDeposit(stay, how)),
      fc.nat({ max: 20 }).map((payment) => new GatewayRefund(payment)),
      fc
        .tuple(
          stayPick,
          fc.constantFrom<Recorded>('month', 'month', 'months', 'deposit'),
          fc.nat({ max: 30 }),
          fc.integer({ min: 2, max: 13 }),
          fc.constantFrom<'price' | 'wrong'>('price', 'price', 'price', 'wrong'),
          fc.constantFrom<'new' | 'taken'>('new', 'new', 'new', 'taken')
        )
        .map((args) => new RecordPayment(...args)),
      fc.nat({ max: 20 }).map((payment) => new VoidPayment(payment)),
      fc
        .tuple(
          fc.nat({ max: 20 }),
          fc.constantFrom<'part' | 'rest' | 'more'>('part', 'rest', 'more')
        )
        .map(([payment, how]) => new AdminRefund(payment, how)),
      fc
        .oneof(fc.integer({ min: 1, max: 45 }), fc.constant<'month'>('month'))
        .map((days) => new Clock(days)),
    ],
    { maxCommands, size: 'max', ...(replayPath ? { replayPath } : {}) }
  )
  return fc.tuple(applyArb, steps)
}
