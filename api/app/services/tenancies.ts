import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import {
  amountOwed,
  dateOf,
  dayIndex,
  depositReturnable,
  depositStateOf,
  endDateRefusal,
  freeFrom,
  fromHalalas,
  rentLedger,
  riyadhToday,
  toHalalas,
  type DepositState,
  type Ledger,
  type LedgerPayment,
  type LedgerTenancy,
  type NotificationData,
  type NotificationKind,
  type PaymentMethod,
  type PaymentStatus,
} from '@sakan/common'
import type Application from '#models/application'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { rentTerms } from '#config/rent'
import type { StayFacts } from '#transformers/tenancy_transformer'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import { audit } from '#services/audit'
import { notify, roomFacts } from '#services/notifications'
import { sqlTimestamp } from '#services/sql_time'
import { lockedById } from '#services/sql_locks'
import {
  refundSettlements,
  settlementsOf,
  takeMonthsPastEnd,
  type PendingSettlement,
} from '#services/stay_settlement'
import { conflict, notFound } from '#exceptions/refusals'

/**
 * Stays: opened when an application is approved, read with their rent ledger
 * (common/src/ledger.ts) from the payments made under the application.
 */

/** Opens the stay of an application being approved, in the approval's transaction. */
export async function openTenancy(
  trx: TransactionClientContract,
  application: Application,
  monthlyRentHalalas: number
): Promise<Tenancy> {
  return Tenancy.create(
    {
      userId: application.userId,
      roomId: application.roomId,
      applicationId: application.id,
      monthlyRentHalalas,
      startDate: application.moveInDate,
      endDate: null,
      state: 'active',
      depositHalalas: monthlyRentHalalas,
    },
    { client: trx }
  )
}

/** How many stays one read asks about (SQLite binds at most 32,766 values). */
const READ_CHUNK = 500

/** The ids in chunks of `READ_CHUNK`. */
function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = []
  for (let at = 0; at < values.length; at += READ_CHUNK) out.push(values.slice(at, at + READ_CHUNK))
  return out
}

/**
 * The rent payments each stay's ledger reads: those made under its application, with their
 * months. A month given back when the stay ended (`payment_months.completed` false under a
 * payment still completed) no longer counts as paid.
 */
async function ledgerPayments(
  tenancies: readonly Tenancy[],
  client: QueryClientContract = db.connection()
) {
  const byApplication = new Map<number, LedgerPayment[]>()
  const rows: { application_id: number; id: number; status: PaymentStatus; month: string }[] = []
  for (const ids of chunks(tenancies.map((tenancy) => tenancy.applicationId))) {
    rows.push(
      ...(await client
        .from('payment_months as m')
        /* Her months first, then their payments: SQLite joins in the order written after a
           CROSS JOIN, whatever its statistics say (stale ones after a bulk load made it scan
           every payment); PostgreSQL plans it as the inner join it is. */
        .joinRaw('CROSS JOIN payments AS p')
        .whereRaw('p.id = m.payment_id')
        .whereIn('m.application_id', ids)
        .where('m.completed', true)
        .where('p.status', 'completed')
        .orderBy('p.id')
        .orderBy('m.month')
        .select('m.application_id', 'p.id', 'p.status', 'm.month'))
    )
  }
  const byPayment = new Map<number, LedgerPayment>()
  for (const row of rows) {
    let payment = byPayment.get(row.id)
    if (!payment) {
      payment = { id: row.id, status: row.status, months: [] }
      byPayment.set(row.id, payment)
      const list = byApplication.get(row.application_id) ?? []
      list.push(payment)
      byApplication.set(row.application_id, list)
    }
    ;(payment.months as string[]).push(row.month)
  }
  return byApplication
}

const isoDate = (date: DateTime | null) => (date ? date.toISODate() : null)

/** How each payment a ledger names came, and what was given back of it. */
export async function ledgerPaymentFacts(ledgers: Iterable<Ledger>) {
  const ids = new Set<number>()
  for (const ledger of ledgers)
    for (const month of ledger.months) if (month.paymentId !== null) ids.add(month.paymentId)
  const facts = new Map<number, { method: PaymentMethod; refundedHalalas: number }>()
  for (const chunk of chunks([...ids])) {
    const rows: { id: number; method: PaymentMethod; refunded_halalas: number | string }[] =
      await db.from('payments').whereIn('id', chunk).select('id', 'method', 'refunded_halalas')
    for (const row of rows)
      facts.set(Number(row.id), {
        method: row.method,
        refundedHalalas: Number(row.refunded_halalas),
      })
  }
  return facts
}

/** A stay as the ledger's rules read it. */
export function ledgerTenancy(tenancy: Tenancy): LedgerTenancy {
  return {
    startDate: isoDate(tenancy.startDate)!,
    endDate: isoDate(tenancy.endDate),
    monthlyRent: tenancy.monthlyRentHalalas,
  }
}

/**
 * The ledger of each stay, today: bounded by the stay whatever its rows say (common's
 * `rentLedger`), read in chunks of stays.
 */
export async function ledgersOf(tenancies: readonly Tenancy[], now: Date = new Date()) {
  const payments = await ledgerPayments(tenancies)
  return new Map<number, Ledger>(
    tenancies.map((tenancy) => [
      tenancy.id,
      rentLedger(ledgerTenancy(tenancy), payments.get(tenancy.applicationId) ?? [], rentTerms, now),
    ])
  )
}

/**
 * The ledger of each stay that can be read, for work that must go on whatever one stay's rows
 * hold (start-up, the daily notices): a stay whose ledger fails is logged once and left out.
 */
export async function readableLedgersOf(
  tenancies: readonly Tenancy[],
  now: Date = new Date(),
  client: QueryClientContract = db.connection()
): Promise<Map<number, Ledger>> {
  const payments = await ledgerPayments(tenancies, client)
  const ledgers = new Map<number, Ledger>()
  for (const tenancy of tenancies) {
    try {
      const paid = payments.get(tenancy.applicationId) ?? []
      ledgers.set(tenancy.id, rentLedger(ledgerTenancy(tenancy), paid, rentTerms, now))
    } catch (error) {
      logger.error(
        { err: error, tenancy: tenancy.id },
        'a stay whose ledger cannot be read is skipped'
      )
    }
  }
  return ledgers
}

/** What completed deposit payments paid under each application (halalas). */
async function depositsPaid(
  client: QueryClientContract,
  applicationIds: readonly number[]
): Promise<Map<number, number>> {
  const paid = new Map<number, number>()
  for (const ids of chunks(applicationIds)) {
    const rows: { application_id: number; paid: number | string | null }[] = await client
      .from('payments')
      .whereIn('application_id', ids)
      .where('kind', 'deposit')
      .where('status', 'completed')
      .groupBy('application_id')
      .select('application_id')
      .sum('amount_halalas as paid')
    for (const row of rows) paid.set(Number(row.application_id), Number(row.paid ?? 0))
  }
  return paid
}

/**
 * What a stay owes on `today`: the months of its ledger due and overdue, and its deposit while
 * it is due and the stay has not ended by then.
 */
function stayOwed(tenancy: Tenancy, ledger: Ledger, depositState: DepositState, today: string) {
  const endDate = isoDate(tenancy.endDate)
  const depositDue =
    depositState === 'due' && (endDate === null || !endedBefore(endDate, today))
      ? tenancy.depositHalalas
      : null
  return amountOwed(ledger, depositDue)
}

/**
 * The facts of each stay, today; a stay whose ledger cannot be read shows an empty one. Read
 * through `client` (a transaction's, when its rows are locked).
 */
export async function stayFactsOf(
  tenancies: readonly Tenancy[],
  now: Date = new Date(),
  client: QueryClientContract = db.connection()
): Promise<Map<number, StayFacts>> {
  const ids = tenancies.map((tenancy) => tenancy.id)
  const [ledgers, paid, settlements] = await Promise.all([
    readableLedgersOf(tenancies, now, client),
    depositsPaid(
      client,
      tenancies.map((tenancy) => tenancy.applicationId)
    ),
    settlementsOf(client, ids),
  ])
  const today = riyadhToday(now)
  return new Map(
    tenancies.map((tenancy) => {
      const ledger = ledgers.get(tenancy.id) ?? { months: [], balance: 0 }
      const depositPaid = paid.get(tenancy.applicationId) ?? 0
      const depositState = depositStateOf(depositPaid, tenancy.depositReturnedHalalas ?? 0)
      return [
        tenancy.id,
        {
          ledger,
          depositPaid,
          depositState,
          owed: stayOwed(tenancy, ledger, depositState, today),
          overdue: ledger.months.some((month) => month.state === 'overdue'),
          settlements: settlements.get(tenancy.id) ?? [],
        },
      ]
    })
  )
}

function visibleTenancies(user: User) {
  return Tenancy.query()
    .withScopes((scopes) => scopes.visibleTo(user))
    .preload('user')
    .preload('room', (room) => room.preload('building'))
}

/** One stay its resident or the administrator may see, or null. */
export async function findTenancy(user: User, id: number): Promise<Tenancy | null> {
  return visibleTenancies(user).where('id', id).first()
}

/** Runs an administrator's change to one stay, locked, in a transaction with its audit event. */
async function changeTenancy(
  admin: User,
  id: number,
  action: 'ejar_set' | 'ended' | 'deposit_returned',
  change: (tenancy: Tenancy, trx: TransactionClientContract) => Promise<Record<string, unknown>>
): Promise<Tenancy> {
  return db.transaction(async (trx) => {
    const tenancy = await lockedById(Tenancy, trx, id).first()
    if (!tenancy) throw notFound()
    tenancy.useTransaction(trx)
    const details = await change(tenancy, trx)
    await tenancy.save()
    await audit(trx, {
      actorId: admin.id,
      action: `tenancy.${action}`,
      subjectType: 'tenancy',
      subjectId: tenancy.id,
      details: { roomId: tenancy.roomId, ...details },
    })
    return tenancy
  })
}

/**
 * Tells her, in the change's transaction, what the administrator did to her stay: the notice
 * names the stay and its room, then `data`; it is written once per `dedupeKey`.
 */
async function notifyResident(
  trx: TransactionClientContract,
  stay: Tenancy,
  notice: { kind: NotificationKind; data: NotificationData; dedupeKey: string }
) {
  await notify(trx, [
    {
      userId: stay.userId,
      kind: notice.kind,
      data: { tenancyId: stay.id, ...(await roomFacts(trx, stay.roomId)), ...notice.data },
      link: '/dashboard',
      dedupeKey: notice.dedupeKey,
    },
  ])
}

/** Sets (or clears, with null) the stay's Ejar contract number. */
export function setEjarContractNumber(admin: User, id: number, number: string | null) {
  return changeTenancy(admin, id, 'ejar_set', async (tenancy) => {
    const from = tenancy.ejarContractNumber
    tenancy.ejarContractNumber = number
    return { from, to: number }
  })
}

/* ─── rooms held by stays ────────────────────────────────────────────────────────────── */

/** Whether a stay that ends on `endDate` is over by `today` (an end that is no date of ours is not). */
export function endedBefore(endDate: string, today: string): boolean {
  const end = dayIndex(endDate)
  return end !== null && end < dayIndex(today)!
}

/** A stay of a room as the hold rules read it, `yyyy-MM-dd`. */
export interface RoomStay {
  id: number
  startDate: string
  endDate: string | null
}

/**
 * The stays of a room that hold it on `from` or any later day (every state: an ended stay
 * whose end date lies ahead still holds it). Bounded: those that ended before `from` are not
 * read.
 */
export async function roomStaysFrom(
  client: QueryClientContract,
  roomId: number,
  from: string
): Promise<RoomStay[]> {
  const rows: { id: number; start_date: string; end_date: string | null }[] = await client
    .from('tenancies')
    .where('room_id', roomId)
    .where((held) => held.whereNull('end_date').orWhere('end_date', '>=', from))
    .orderBy('start_date')
    .select(
      'id',
      db.raw('CAST(start_date AS TEXT) AS start_date'),
      db.raw('CAST(end_date AS TEXT) AS end_date')
    )
  return rows.map((row) => ({
    id: Number(row.id),
    startDate: String(row.start_date).slice(0, 10),
    endDate: row.end_date === null ? null : String(row.end_date).slice(0, 10),
  }))
}

/**
 * What a room's stays leave of it on `today`: free, or taken — until a day (`availableFrom`,
 * the day after the last stay's end) or with no end in sight (null).
 */
export function roomHold(
  stays: readonly RoomStay[],
  today: string
): { taken: false } | { taken: true; availableFrom: string | null } {
  const day = dayIndex(today)!
  const holding = stays.filter((stay) => stay.endDate === null || !endedBefore(stay.endDate, today))
  if (holding.length === 0) return { taken: false }
  /* A stay with no end, or an end that is no date of ours (a row written before the bounds). */
  const ends = holding.map((stay) => (stay.endDate === null ? null : dayIndex(stay.endDate)))
  if (ends.some((end) => end === null)) return { taken: true, availableFrom: null }
  const last = Math.max(day - 1, ...(ends as number[]))
  return { taken: true, availableFrom: freeFrom({ endDate: dateOf(last) }) }
}

/**
 * Writes the room's state from its stays (through the query builder on `rooms`, so that the
 * change log's triggers regenerate its pages): available when none holds it today, else taken,
 * with the day it is free again when the stays holding it have their ends.
 */
async function holdRoom(client: QueryClientContract, roomId: number, today: string) {
  /* The room's row is locked (PostgreSQL) before its stays are read, as an approval does. */
  await client.from('rooms').where('id', roomId).forUpdate().select('id').first()
  const hold = roomHold(await roomStaysFrom(client, roomId, today), today)
  await client
    .from('rooms')
    .where('id', roomId)
    .update({
      availability: !hold.taken,
      available_from: hold.taken ? hold.availableFrom : null,
      updated_at: sqlTimestamp(),
    })
  return hold
}

/** How many rooms one run of `releaseFreedRooms` looks at. */
export const RELEASE_BATCH = 200

/**
 * Rooms whose `available_from` has come and that no stay holds today become available
 * (`availability` true, `available_from` null). Called at start-up and by the daily job:
 * at most `RELEASE_BATCH` rooms a run, each in its own transaction with its row locked, so
 * that running it twice, or beside an approval, changes nothing more; a room that fails is
 * logged and skipped. Answers how many rooms it freed.
 */
export async function releaseFreedRooms(now: Date = new Date()): Promise<number> {
  const today = riyadhToday(now)
  const due: { id: number }[] = await db
    .from('rooms')
    .whereNotNull('available_from')
    .where('available_from', '<=', today)
    .orderBy('available_from')
    .orderBy('id')
    .limit(RELEASE_BATCH)
    .select('id')
  let freed = 0
  for (const { id } of due) {
    try {
      const released = await db.transaction(async (trx) => {
        const room = await trx
          .from('rooms')
          .where('id', id)
          .whereNotNull('available_from')
          .where('available_from', '<=', today)
          .forUpdate()
          .first()
        if (!room) return false
        return !(await holdRoom(trx, Number(id), today)).taken
      })
      if (released) freed += 1
    } catch (error) {
      logger.error({ err: error, room: id }, 'could not release a room whose stay has ended')
    }
  }
  return freed
}

/**
 * Ends a running stay on `endDate` (on or after the move-in, within `RENT_LIMITS.stayYears`
 * years of it). The stay holds its room through that day: an end date ahead keeps the room
 * taken, with the day after it as `available_from`; one already past frees it now. Rent paid
 * for months past the end month is taken off the stay in the same transaction and settled
 * after it (refunded through the gateway, or kept as a credit): see services/stay_settlement.
 */
export async function endTenancy(
  admin: User,
  id: number,
  input: { endDate: string; reason: string },
  now: Date = new Date()
) {
  let pending: PendingSettlement[] = []
  const tenancy = await changeTenancy(admin, id, 'ended', async (stay, trx) => {
    if (stay.state === 'ended') throw conflict('tenancies.alreadyEnded')
    const refusal = endDateRefusal(isoDate(stay.startDate)!, input.endDate)
    if (refusal === 'too_far') throw new FieldRefusalException('endDate', 'tenancies.endTooFar')
    if (refusal !== null) throw new FieldRefusalException('endDate', 'tenancies.endBeforeStart')
    stay.state = 'ended'
    stay.endDate = DateTime.fromISO(input.endDate)
    stay.endReason = input.reason
    /* Its own row first, so that the room's hold reads the new end date. */
    await stay.save()
    const hold = await holdRoom(trx, stay.roomId, riyadhToday(now))
    pending = await takeMonthsPastEnd(trx, stay)
    /* She is told in the same transaction: its last day and its last month of rent. */
    await notifyResident(trx, stay, {
      kind: 'stay_ended',
      data: { endDate: input.endDate, month: input.endDate.slice(0, 7) },
      dedupeKey: `stay_ended:${stay.id}`,
    })
    return {
      endDate: input.endDate,
      reason: input.reason,
      availableFrom: hold.taken ? hold.availableFrom : null,
      settlements: pending.map((settlement) => ({
        paymentId: settlement.paymentId,
        months: settlement.months,
        amount: fromHalalas(settlement.amountHalalas),
      })),
    }
  })
  /* The gateway is asked once the stay's transaction (and its locks) is over. */
  await refundSettlements(admin.id, pending)
  return tenancy
}

/**
 * Records a return of the deposit: part of it or the rest, again and again until what was
 * paid is returned (the total kept, the latest reason with it). The deposit's state follows
 * from what completed deposit payments paid and what was returned: nothing held → 409.
 */
export function returnDeposit(admin: User, id: number, input: { amount: number; reason: string }) {
  return changeTenancy(admin, id, 'deposit_returned', async (tenancy, trx) => {
    const paid = (await depositsPaid(trx, [tenancy.applicationId])).get(tenancy.applicationId) ?? 0
    const returned = tenancy.depositReturnedHalalas ?? 0
    const left = depositReturnable(paid, returned)
    if (left === 0)
      throw conflict(paid === 0 ? 'tenancies.depositNotHeld' : 'tenancies.depositAllReturned')
    const halalas = toHalalas(input.amount)
    if (halalas > left) throw new FieldRefusalException('amount', 'tenancies.returnAboveHeld')
    tenancy.depositReturnedHalalas = returned + halalas
    tenancy.depositReturnReason = input.reason
    /* She is told in the same transaction: what came back, and what is still held. */
    await notifyResident(trx, tenancy, {
      kind: 'deposit_returned',
      data: { amountHalalas: halalas, heldHalalas: left - halalas },
      /* Each return raises the total returned: one notice per return, however it is retried. */
      dedupeKey: `deposit_returned:${tenancy.id}:${returned + halalas}`,
    })
    return {
      amount: input.amount,
      reason: input.reason,
      returnedTotal: fromHalalas(returned + halalas),
      state: depositStateOf(paid, returned + halalas),
    }
  })
}

/** How many running stays have a month past its grace, and what those months owe (halalas). */
export async function overdueSummary(now: Date = new Date()) {
  const running = await Tenancy.query().where('state', 'active')
  const ledgers = await ledgersOf(running, now)
  let tenancies = 0
  let halalas = 0
  for (const ledger of ledgers.values()) {
    const late = ledger.months.filter((month) => month.state === 'overdue')
    if (late.length === 0) continue
    tenancies += 1
    halalas += late.reduce((sum, month) => sum + month.amount + month.lateFee, 0)
  }
  return { tenancies, halalas }
}
