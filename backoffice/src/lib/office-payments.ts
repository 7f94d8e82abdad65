/**
 * The back office's payments beyond the card form (issue 44), as rules the pages share: rent
 * received another way (Ejar, a bank transfer, cash) recorded on a stay — the months it may
 * pay, what they come to today, the checks of its fields — and what may be done to a payment
 * afterwards: a recorded one voided, a card payment of rent refunded in whole or in part. The
 * API checks everything again and prices the payment itself; its words win when it refuses.
 */
import {
  DEFAULT_RENT_TERMS,
  MAX_RECORDED_MONTHS,
  RECORDED_PAYMENT_METHODS,
  areConsecutive,
  fromHalalas,
  isOneOf,
  isRentDate,
  monthIndex,
  monthKeyOf,
  prepayQuote,
  riyadhToday,
  stayMonths,
  toHalalas,
  type LedgerMonthState,
  type LedgerRow,
  type Payment,
  type RecordedPaymentMethod,
  type RentPromise,
  type Tenancy,
} from '@sakan/common'
import { latinDigits, type FieldProblem } from './tenancies'

/** A month the dialog offers: the stay's, not paid, with its ledger state (`upcoming` past it). */
export interface RecordableMonth {
  month: string
  state: Exclude<LedgerMonthState, 'paid'>
}

/**
 * The months a recorded payment may pay, earliest first: the ledger's unpaid months, then the
 * months after the ledger's last one up to the last the stay may pay now (common's `stayMonths`:
 * its end, a year ahead at most).
 */
export function recordableMonths(
  stay: Pick<Tenancy, 'startDate' | 'endDate'>,
  ledger: readonly Pick<LedgerRow, 'month' | 'state'>[],
  now: Date = new Date()
): RecordableMonth[] {
  const bounds = stayMonths(stay, now)
  if (!bounds) return []
  const months: RecordableMonth[] = []
  for (const row of ledger)
    if (row.state !== 'paid') months.push({ month: row.month, state: row.state })
  const shown = ledger.at(-1)?.month
  const after = shown ? (monthIndex(shown) ?? bounds.last) + 1 : bounds.first
  for (let index = after; index <= bounds.last; index++)
    months.push({ month: monthKeyOf(index), state: 'upcoming' })
  return months
}

/** Months in calendar order (`yyyy-MM` sorts as text). */
export const inOrder = (months: readonly string[]) => [...months].sort()

/**
 * What the months come to if received today (SAR), as the API prices them: each month's rent
 * from the ledger (the stay's rent for a month past it), the discount of 3 or 12 months paid at
 * once, and each overdue month's late fee (not discounted). Null for no month.
 */
export function recordedAmount(
  months: readonly string[],
  ledger: readonly Pick<LedgerRow, 'month' | 'amount' | 'lateFee'>[],
  monthlyRent: number,
  discountPercent: RentPromise['discountPercent'] | undefined
): number | null {
  if (months.length === 0) return null
  const rows = new Map(ledger.map((row) => [row.month, row]))
  const charges = months.map((month) => toHalalas(rows.get(month)?.amount ?? monthlyRent))
  const fees = months.reduce((sum, month) => sum + toHalalas(rows.get(month)?.lateFee ?? 0), 0)
  /* The plan's discount as common's `prepayQuote` takes it, the terms as the API promises them. */
  const { amount } = prepayQuote(charges, {
    ...DEFAULT_RENT_TERMS,
    prepayDiscountPercent: {
      3: discountPercent?.quarterly ?? 0,
      12: discountPercent?.annual ?? 0,
    },
  })
  return fromHalalas(amount + fees)
}

/** The recorded payment's form, as typed. */
export interface RecordValues {
  kind: 'rent' | 'deposit'
  monthsCovered: string[]
  method: RecordedPaymentMethod | ''
  reference: string
  receivedOn: string
  amount: string
}

/** The longest reference the API keeps. */
export const MAX_REFERENCE_LENGTH = 60

/** A reference as the API keeps it: letters, digits, spaces and `. _ / -`, at most 60. */
const REFERENCE = /^[\p{L}\p{N}][\p{L}\p{N} ._/-]{0,59}$/u

/** A typed amount in SAR: more than nothing, to the halala (Arabic digits read too). */
export function amountValue(text: string): number | null {
  const value = latinDigits(text)
  const amount = Number(value)
  return /^\d+(\.\d{1,2})?$/.test(value) && amount > 0 ? amount : null
}

/**
 * Each field's refusal (its text's key under `office.tenancies.form`), or null: rent pays 1 to
 * MAX_RECORDED_MONTHS months one after another; how it came; its reference; the day it was
 * received, today in Riyadh or before; an amount.
 */
export function recordProblems(
  values: RecordValues,
  today: string = riyadhToday()
): { [K in keyof RecordValues]?: FieldProblem | null } {
  const months = inOrder(values.monthsCovered)
  const reference = values.reference.trim()
  return {
    monthsCovered:
      values.kind !== 'rent'
        ? null
        : months.length === 0
          ? { key: 'monthsRequired' }
          : months.length > MAX_RECORDED_MONTHS
            ? { key: 'monthsTooMany', values: { max: MAX_RECORDED_MONTHS } }
            : areConsecutive(months)
              ? null
              : { key: 'monthsNotInARow' },
    method: isOneOf(RECORDED_PAYMENT_METHODS, values.method) ? null : { key: 'methodRequired' },
    reference:
      reference === ''
        ? { key: 'referenceRequired' }
        : REFERENCE.test(reference)
          ? null
          : { key: 'referenceInvalid', values: { max: MAX_REFERENCE_LENGTH } },
    receivedOn: !isRentDate(values.receivedOn)
      ? { key: 'receivedOnRequired' }
      : values.receivedOn > today
        ? { key: 'receivedOnFuture' }
        : null,
    amount: amountValue(values.amount) === null ? { key: 'amountInvalid' } : null,
  }
}

/** What `POST /api/admin/tenancies/{id}/payments` is sent (checked first by recordProblems). */
export function recordBody(values: RecordValues) {
  return {
    kind: values.kind,
    ...(values.kind === 'rent' ? { monthsCovered: inOrder(values.monthsCovered) } : {}),
    method: values.method,
    reference: values.reference.trim(),
    receivedOn: values.receivedOn,
    amount: amountValue(values.amount),
  }
}

/** A payment the administrator recorded (Ejar, a transfer, cash), not the card form's. */
export const isRecorded = (payment: Pick<Payment, 'paymentMethod'>) =>
  payment.paymentMethod !== 'creditCard'

/** What of a payment may still be given back (SAR): its amount less what was refunded. */
export function refundLeft(payment: Pick<Payment, 'amount' | 'refundedAmount'>): number {
  return fromHalalas(Math.max(0, toHalalas(payment.amount) - toHalalas(payment.refundedAmount)))
}

/** A recorded payment that stands can be voided (a card payment is refunded instead). */
export function canVoid(payment: Pick<Payment, 'paymentMethod' | 'paymentStatus'>): boolean {
  return isRecorded(payment) && payment.paymentStatus === 'completed'
}

/**
 * A completed card payment of rent can be refunded while some of it is left (a deposit goes
 * back with the stay's "Record deposit return").
 */
export function canRefund(
  payment: Pick<Payment, 'paymentMethod' | 'paymentStatus' | 'kind' | 'amount' | 'refundedAmount'>
): boolean {
  return (
    payment.paymentMethod === 'creditCard' &&
    payment.kind === 'rent' &&
    payment.paymentStatus === 'completed' &&
    refundLeft(payment) > 0
  )
}

/**
 * The refund's amount (its text's key under `office.payments.form`): an amount, at most `max`
 * (what is left, named as `format` writes it).
 */
export function refundAmountProblem(
  text: string,
  max: number,
  format: (sar: number) => string = String
): FieldProblem | null {
  const amount = amountValue(text)
  if (amount === null) return { key: 'amountInvalid' }
  if (toHalalas(amount) > toHalalas(max))
    return { key: 'amountAboveLeft', values: { max: format(max) } }
  return null
}
