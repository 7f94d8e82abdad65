import type * as Api from '@sakan/common'
import {
  fromHalalas,
  type DepositState,
  type Ledger,
  type Locale,
  type StaySettlement,
} from '@sakan/common'
import type Tenancy from '#models/tenancy'
import { calendarDate, residentRef, roomRef } from '#transformers/helpers'

/** What a stay's JSON is made of besides its row, read by services/tenancies.ts (halalas). */
export interface StayFacts {
  ledger: Ledger
  depositPaid: number
  depositState: DepositState
  /** What it owes today: its months due and overdue, and its deposit while due. */
  owed: { rent: number; deposit: number; total: number }
  overdue: boolean
  settlements: StaySettlement[]
}

/** A stay as `GET /api/tenancies` answers it, its user and room (building) loaded; SAR. */
export function serializeTenancy(tenancy: Tenancy, facts: StayFacts, locale: Locale): Api.Tenancy {
  const { owed, depositPaid, depositState, overdue, settlements } = facts
  return {
    id: tenancy.id,
    roomId: tenancy.roomId,
    userId: tenancy.userId,
    applicationId: tenancy.applicationId,
    monthlyRent: fromHalalas(tenancy.monthlyRentHalalas),
    startDate: calendarDate(tenancy.startDate),
    endDate: tenancy.endDate ? calendarDate(tenancy.endDate) : null,
    endReason: tenancy.endReason,
    state: tenancy.state,
    deposit: {
      amount: fromHalalas(tenancy.depositHalalas),
      state: depositState,
      paid: fromHalalas(depositPaid),
      returnedAmount:
        tenancy.depositReturnedHalalas === null
          ? null
          : fromHalalas(tenancy.depositReturnedHalalas),
      reason: tenancy.depositReturnReason,
    },
    ejarContractNumber: tenancy.ejarContractNumber,
    balance: fromHalalas(owed.total),
    owed: { rent: fromHalalas(owed.rent), deposit: fromHalalas(owed.deposit) },
    overdue,
    room: roomRef(tenancy.room, locale),
    user: residentRef(tenancy.user),
    settlements,
  }
}

/** A stay's ledger as `GET /api/tenancies/:id/ledger` answers it: its months, in SAR. */
export function serializeLedger(
  ledger: Ledger,
  payments: ReadonlyMap<number, LedgerPaymentFacts> = new Map()
): Api.LedgerRow[] {
  return ledger.months.map((month) => {
    const paid = month.paymentId === null ? undefined : payments.get(month.paymentId)
    return {
      month: month.month,
      state: month.state,
      amount: fromHalalas(month.amount),
      lateFee: fromHalalas(month.lateFee),
      paymentId: month.paymentId,
      paymentMethod: paid?.method ?? null,
      refunded: fromHalalas(paid?.refundedHalalas ?? 0),
      dueDate: month.dueDate,
    }
  })
}

/** What a ledger's rows say of the payment that covers a month. */
export interface LedgerPaymentFacts {
  method: Api.PaymentMethod
  refundedHalalas: number
}
