import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Exception } from '@adonisjs/core/exceptions'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  fromHalalas,
  rentLedger,
  type Ledger,
  type LedgerPayment,
  type LedgerTenancy,
  type Locale,
  type PageRange,
  type PaymentStatus,
  type SortOrder,
  type TenancyState,
} from '@sakan/common'
import type Application from '#models/application'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { pageOf, type ListPage } from '#services/paging'
import { rentTerms } from '#config/rent'
import { residentRef, roomRef } from '#transformers/helpers'
import { searchPattern } from '#validators/list_query'
import { FieldRefusal } from '#validators/field_refusal'
import { audit } from '#services/audit'
import { sqlTimestamp } from '#services/sql_time'
import { lockedById } from '#services/sql_locks'

/**
 * Stays (issue 26): opened when an application is approved, read with their rent ledger
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
      depositState: 'due',
    },
    { client: trx }
  )
}

/** The rent payments each stay's ledger reads: those made under its application, with their months. */
async function ledgerPayments(tenancies: readonly Tenancy[]) {
  const byApplication = new Map<number, LedgerPayment[]>()
  if (tenancies.length === 0) return byApplication
  const rows: { application_id: number; id: number; status: PaymentStatus; month: string }[] =
    await db
      .from('payment_months as m')
      .join('payments as p', 'p.id', 'm.payment_id')
      .whereIn(
        'm.application_id',
        tenancies.map((tenancy) => tenancy.applicationId)
      )
      .whereIn('p.status', ['completed', 'refunded'])
      .orderBy('p.id')
      .orderBy('m.month')
      .select('m.application_id', 'p.id', 'p.status', 'm.month')
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

/** A stay as the ledger's rules read it. */
export function ledgerTenancy(tenancy: Tenancy): LedgerTenancy {
  return {
    startDate: isoDate(tenancy.startDate)!,
    endDate: isoDate(tenancy.endDate),
    monthlyRent: tenancy.monthlyRentHalalas,
  }
}

/** The ledger of each stay, today. */
export async function ledgersOf(tenancies: readonly Tenancy[], now: Date = new Date()) {
  const payments = await ledgerPayments(tenancies)
  return new Map<number, Ledger>(
    tenancies.map((tenancy) => [
      tenancy.id,
      rentLedger(ledgerTenancy(tenancy), payments.get(tenancy.applicationId) ?? [], rentTerms, now),
    ])
  )
}

export interface TenancyFilters {
  state?: TenancyState
  overdue?: boolean
  buildingId?: number
  q?: string
}

export interface TenancyListQuery extends TenancyFilters, PageRange {
  _sort?: keyof typeof TENANCY_SORTS
  _order?: SortOrder
}

/** What the list may be sorted by. */
export const TENANCY_SORTS = {
  id: (tenancy: TenancyRow) => tenancy.id,
  startDate: (tenancy: TenancyRow) => tenancy.startDate,
  state: (tenancy: TenancyRow) => tenancy.state,
  monthlyRent: (tenancy: TenancyRow) => tenancy.monthlyRent,
  balance: (tenancy: TenancyRow) => tenancy.balance,
} as const

export type TenancyRow = ReturnType<typeof tenancyRow>

/** A stay as `GET /api/tenancies` answers it (amounts in SAR). */
export function tenancyRow(tenancy: Tenancy, ledger: Ledger, locale: Locale) {
  return {
    id: tenancy.id,
    roomId: tenancy.roomId,
    userId: tenancy.userId,
    applicationId: tenancy.applicationId,
    monthlyRent: fromHalalas(tenancy.monthlyRentHalalas),
    startDate: isoDate(tenancy.startDate)!,
    endDate: isoDate(tenancy.endDate),
    endReason: tenancy.endReason,
    state: tenancy.state,
    deposit: {
      amount: fromHalalas(tenancy.depositHalalas),
      state: tenancy.depositState,
      returnedAmount:
        tenancy.depositReturnedHalalas === null
          ? null
          : fromHalalas(tenancy.depositReturnedHalalas),
      reason: tenancy.depositReturnReason,
    },
    ejarContractNumber: tenancy.ejarContractNumber,
    balance: fromHalalas(ledger.balance),
    overdue: ledger.months.some((month) => month.state === 'overdue'),
    room: roomRef(tenancy.room, locale),
    user: residentRef(tenancy.user),
  }
}

/** A ledger as `GET /api/tenancies/:id/ledger` answers it (amounts in SAR). */
export function ledgerRows(ledger: Ledger) {
  return ledger.months.map((month) => ({
    month: month.month,
    state: month.state,
    amount: fromHalalas(month.amount),
    lateFee: fromHalalas(month.lateFee),
    paymentId: month.paymentId,
    dueDate: month.dueDate,
  }))
}

function visibleTenancies(user: User) {
  return Tenancy.query()
    .withScopes((scopes) => scopes.visibleTo(user))
    .preload('user')
    .preload('room', (room) => room.preload('building'))
}

/**
 * The stays a user may see — hers, or all for the administrator — filtered, sorted and paged.
 * The balance and "overdue" come from each stay's ledger, so the filters that need them are
 * applied after reading (a stay is one per approved application: hundreds, not millions).
 */
export async function listTenancies(
  user: User,
  query: TenancyListQuery,
  locale: Locale
): Promise<ListPage<TenancyRow[]>> {
  const tenancies = await visibleTenancies(user)
    .if(query.state, (builder) => builder.where('state', query.state!))
    .if(query.buildingId, (builder) =>
      builder.whereHas('room', (room) => room.where('building_id', query.buildingId!))
    )
    .if(query.q, (builder) => {
      const pattern = searchPattern(query.q!)
      builder.where((match) => {
        match
          .whereHas('user', (owner) =>
            owner
              .whereRaw("lower(coalesce(full_name, '')) LIKE ? ESCAPE '\\'", [pattern])
              .orWhereRaw("lower(coalesce(email, '')) LIKE ? ESCAPE '\\'", [pattern])
          )
          .orWhereHas('room', (room) =>
            room.whereRaw("lower(room_number) LIKE ? ESCAPE '\\'", [pattern])
          )
          .orWhereRaw("coalesce(ejar_contract_number, '') LIKE ? ESCAPE '\\'", [pattern])
      })
    })
  const ledgers = await ledgersOf(tenancies)
  let rows = tenancies.map((tenancy) => tenancyRow(tenancy, ledgers.get(tenancy.id)!, locale))
  if (query.overdue !== undefined) rows = rows.filter((row) => row.overdue === query.overdue)

  const key = TENANCY_SORTS[query._sort ?? 'id']
  const direction = query._sort ? (query._order === 'desc' ? -1 : 1) : -1
  rows.sort((a, b) => {
    const x = key(a)
    const y = key(b)
    return (x < y ? -1 : x > y ? 1 : 0) * direction || (a.id - b.id) * direction
  })
  const { start, limit } = pageOf(query)
  return { rows: rows.slice(start, start + limit), total: rows.length }
}

/** One stay its resident or the administrator may see, or null. */
export async function findTenancy(user: User, id: number): Promise<Tenancy | null> {
  return visibleTenancies(user).where('id', id).first()
}

const notFound = () => new Exception('errors.notFound', { status: 404, code: 'E_NOT_FOUND' })
const conflict = (key: string) => new Exception(key, { status: 409, code: 'E_CONFLICT' })

/** Runs an administrator's change to one stay, locked, in a transaction with its audit event. */
async function changeTenancy(
  admin: User,
  id: number,
  action: string,
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

/** Sets (or clears, with null) the stay's Ejar contract number. */
export function setEjarContractNumber(admin: User, id: number, number: string | null) {
  return changeTenancy(admin, id, 'ejar_set', async (tenancy) => {
    const from = tenancy.ejarContractNumber
    tenancy.ejarContractNumber = number
    return { from, to: number }
  })
}

/**
 * Ends a running stay on `endDate` (not before the move-in day) and frees its room: the room
 * is available again, and its public pages follow (the rooms table's change log).
 */
export function endTenancy(admin: User, id: number, input: { endDate: string; reason: string }) {
  return changeTenancy(admin, id, 'ended', async (tenancy, trx) => {
    if (tenancy.state === 'ended') throw conflict('tenancies.alreadyEnded')
    const endDate = DateTime.fromISO(input.endDate)
    if (endDate < tenancy.startDate) throw new FieldRefusal('endDate', 'tenancies.endBeforeStart')
    tenancy.state = 'ended'
    tenancy.endDate = endDate
    tenancy.endReason = input.reason
    await trx
      .from('rooms')
      .where('id', tenancy.roomId)
      .update({ availability: true, updated_at: sqlTimestamp() })
    return { endDate: input.endDate, reason: input.reason }
  })
}

/**
 * Records the deposit's return: the whole deposit (`returned`) or part of it
 * (`partly_returned`), with the reason kept. Only a deposit that is held can be returned.
 */
export function returnDeposit(admin: User, id: number, input: { amount: number; reason: string }) {
  return changeTenancy(admin, id, 'deposit_returned', async (tenancy) => {
    if (tenancy.depositState !== 'held') throw conflict('tenancies.depositNotHeld')
    const halalas = Math.round(input.amount * 100)
    if (halalas > tenancy.depositHalalas)
      throw new FieldRefusal('amount', 'tenancies.returnAboveDeposit')
    tenancy.depositState = halalas === tenancy.depositHalalas ? 'returned' : 'partly_returned'
    tenancy.depositReturnedHalalas = halalas
    tenancy.depositReturnReason = input.reason
    return { amount: input.amount, reason: input.reason }
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
