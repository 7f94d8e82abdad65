import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  fromHalalas,
  rentLedger,
  type Ledger,
  type LedgerPayment,
  type Locale,
  type PageRange,
  type SortOrder,
  type TenancyState,
} from '@sakan/common'
import type Application from '#models/application'
import Payment from '#models/payment'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { pageOf, type ListPage } from '#services/paging'
import { rentTerms } from '#config/rent'
import { buildingName } from '#transformers/helpers'
import { searchPattern } from '#validators/list_query'

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

/** The payments each stay's ledger reads: those made under its application. */
async function ledgerPayments(tenancies: readonly Tenancy[]) {
  const byApplication = new Map<number, LedgerPayment[]>()
  if (tenancies.length === 0) return byApplication
  const payments = await Payment.query()
    .whereIn(
      'application_id',
      tenancies.map((tenancy) => tenancy.applicationId)
    )
    .whereIn('status', ['completed', 'refunded'])
    .orderBy('id')
  for (const payment of payments) {
    const list = byApplication.get(payment.applicationId) ?? []
    list.push({ id: payment.id, status: payment.status, months: [payment.monthCovered] })
    byApplication.set(payment.applicationId, list)
  }
  return byApplication
}

const isoDate = (date: DateTime | null) => (date ? date.toISODate() : null)

/** The ledger of each stay, today. */
export async function ledgersOf(tenancies: readonly Tenancy[], now: Date = new Date()) {
  const payments = await ledgerPayments(tenancies)
  return new Map<number, Ledger>(
    tenancies.map((tenancy) => [
      tenancy.id,
      rentLedger(
        {
          startDate: isoDate(tenancy.startDate)!,
          endDate: isoDate(tenancy.endDate),
          monthlyRent: tenancy.monthlyRentHalalas,
        },
        payments.get(tenancy.applicationId) ?? [],
        rentTerms,
        now
      ),
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
    room: tenancy.room
      ? {
          id: tenancy.room.id,
          roomNumber: tenancy.room.roomNumber,
          building: buildingName(tenancy.room.building, locale),
        }
      : null,
    user: tenancy.user
      ? {
          id: tenancy.user.id,
          fullName: tenancy.user.fullName ?? tenancy.user.username,
          email: tenancy.user.email,
        }
      : null,
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
