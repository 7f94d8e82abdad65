/**
 * The rent ledger's rules (spec §1, §9: rent due on the 1st, a 5-day grace period before a
 * late fee, a one-month deposit, discounts for paying ahead), as pure functions the API and
 * the pages share. Money is in integer halalas; months are `yyyy-MM`; dates `yyyy-MM-dd`;
 * "today" is always the calendar day in Riyadh.
 */

import type { PaymentStatus } from './domain.js'
import { monthKey, riyadhToday } from './rules.js'

export const TENANCY_STATES = ['active', 'ended'] as const
export type TenancyState = (typeof TENANCY_STATES)[number]

export const DEPOSIT_STATES = ['due', 'held', 'returned', 'partly_returned'] as const
export type DepositState = (typeof DEPOSIT_STATES)[number]

export const LEDGER_MONTH_STATES = ['paid', 'due', 'overdue', 'upcoming'] as const
export type LedgerMonthState = (typeof LEDGER_MONTH_STATES)[number]

/** What a payment pays for: rent months, or a stay's deposit. */
export const PAYMENT_KINDS = ['rent', 'deposit'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

/** How many months one payment may cover at once: one, a quarter or a year. */
export const PREPAY_PLANS = [1, 3, 12] as const
export type PrepayPlan = (typeof PREPAY_PLANS)[number]

export type LateFee = { kind: 'amount'; halalas: number } | { kind: 'percent'; percent: number }

/** The terms a tenancy's ledger is read with (the API takes them from its configuration). */
export interface RentTerms {
  /** Days from the due date during which the rent is due but not late (the due day counts). */
  graceDays: number
  /** Charged on a month once its grace has passed unpaid; zero means none (and none shown). */
  lateFee: LateFee
  /** A stay that starts (or ends) inside a month pays that month in full or by its days. */
  partialMonth: 'full' | 'prorated'
  /** Percent off the rent when paying this many months at once. */
  prepayDiscountPercent: Record<Exclude<PrepayPlan, 1>, number>
}

export const DEFAULT_RENT_TERMS: RentTerms = {
  graceDays: 5,
  lateFee: { kind: 'amount', halalas: 0 },
  partialMonth: 'full',
  prepayDiscountPercent: { 3: 5, 12: 10 },
}

export interface LedgerTenancy {
  /** The move-in date. */
  startDate: string
  /** The last day of the stay once it has ended. */
  endDate: string | null
  /** Fixed when the application was approved. */
  monthlyRent: number
}

/** A payment as the ledger reads it: which months it covers and whether it stands. */
export interface LedgerPayment<Id = number> {
  id: Id
  status: PaymentStatus
  months: readonly string[]
}

export interface LedgerMonth<Id = number> {
  month: string
  state: LedgerMonthState
  /** The rent charged for the month (less than the rent for a prorated first or last month). */
  amount: number
  /** The late fee owed on an overdue month; zero otherwise. */
  lateFee: number
  /** The completed payment that covers the month. */
  paymentId: Id | null
  /** The day the month's rent falls due (the move-in day for a first month begun mid-month). */
  dueDate: string
}

export interface Ledger<Id = number> {
  months: LedgerMonth<Id>[]
  /** What is owed today: due and overdue months with their late fees. */
  balance: number
}

/** The numbers of a `yyyy-MM` or `yyyy-MM-dd` (a missing day reads as the 1st). */
function parts(value: string): { year: number; month: number; day: number } {
  return {
    year: Number(value.slice(0, 4)),
    month: Number(value.slice(5, 7)),
    day: value.length > 7 ? Number(value.slice(8, 10)) : 1,
  }
}

/** `key` moved by `count` months. */
export function addMonths(key: string, count: number): string {
  const { year, month } = parts(key)
  const zeroBased = month - 1 + count
  return monthKey(year + Math.floor(zeroBased / 12), (((zeroBased % 12) + 12) % 12) + 1)
}

/** The months from `first` to `last`, both included (none when `last` comes first). */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = []
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month)
  return months
}

export function daysInMonth(key: string): number {
  const { year, month } = parts(key)
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** `date` (`yyyy-MM-dd`) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

const monthOf = (date: string) => date.slice(0, 7)
const dayOf = (date: string) => Number(date.slice(8, 10))

/** The rent for one month of a tenancy, prorated by days at either end when the terms say so. */
export function monthCharge(tenancy: LedgerTenancy, month: string, terms: RentTerms): number {
  if (terms.partialMonth === 'full') return tenancy.monthlyRent
  const days = daysInMonth(month)
  const first = monthOf(tenancy.startDate) === month ? dayOf(tenancy.startDate) : 1
  const last = tenancy.endDate && monthOf(tenancy.endDate) === month ? dayOf(tenancy.endDate) : days
  if (first === 1 && last === days) return tenancy.monthlyRent
  return Math.round((tenancy.monthlyRent * Math.max(0, last - first + 1)) / days)
}

/** The late fee on a month's charge. */
export function lateFeeOn(amount: number, fee: LateFee): number {
  return fee.kind === 'amount' ? fee.halalas : Math.round((amount * fee.percent) / 100)
}

/** Which completed payment covers each month (the first one, when a month was paid twice). */
export function coveredMonths<Id>(payments: readonly LedgerPayment<Id>[]): Map<string, Id> {
  const covered = new Map<string, Id>()
  for (const payment of payments) {
    if (payment.status !== 'completed') continue
    for (const month of payment.months) if (!covered.has(month)) covered.set(month, payment.id)
  }
  return covered
}

/**
 * The ledger of a tenancy today: every month from the move-in month to the current month (and
 * on to the last month paid ahead), stopped at the end month of an ended stay; a stay that has
 * not begun shows its first month as upcoming.
 */
export function rentLedger<Id>(
  tenancy: LedgerTenancy,
  payments: readonly LedgerPayment<Id>[],
  terms: RentTerms = DEFAULT_RENT_TERMS,
  now: Date = new Date()
): Ledger<Id> {
  const today = riyadhToday(now)
  const covered = coveredMonths(payments)
  const startMonth = monthOf(tenancy.startDate)
  let lastMonth = [monthOf(today), ...covered.keys()].reduce((a, b) => (b > a ? b : a), startMonth)
  if (tenancy.endDate && monthOf(tenancy.endDate) < lastMonth) lastMonth = monthOf(tenancy.endDate)

  const months = monthRange(startMonth, lastMonth).map((month): LedgerMonth<Id> => {
    const amount = monthCharge(tenancy, month, terms)
    const dueDate = month === startMonth ? tenancy.startDate : `${month}-01`
    const paymentId = covered.get(month) ?? null
    const state: LedgerMonthState =
      paymentId !== null
        ? 'paid'
        : today < dueDate
          ? 'upcoming'
          : today <= addDays(dueDate, terms.graceDays - 1)
            ? 'due'
            : 'overdue'
    const lateFee = state === 'overdue' ? lateFeeOn(amount, terms.lateFee) : 0
    return { month, state, amount, lateFee, paymentId, dueDate }
  })
  const balance = months
    .filter((entry) => entry.state === 'due' || entry.state === 'overdue')
    .reduce((sum, entry) => sum + entry.amount + entry.lateFee, 0)
  return { months, balance }
}

/**
 * The first `count` months of the stay not yet paid, from the earliest unpaid one, when they
 * follow one another without a gap and the stay lasts through them; otherwise null.
 */
export function nextUnpaidMonths<Id>(
  tenancy: LedgerTenancy,
  payments: readonly LedgerPayment<Id>[],
  count: number
): string[] | null {
  const covered = coveredMonths(payments)
  const endMonth = tenancy.endDate ? monthOf(tenancy.endDate) : null
  let first = monthOf(tenancy.startDate)
  while (covered.has(first)) first = addMonths(first, 1)
  const last = addMonths(first, count - 1)
  const months = monthRange(first, last)
  if (months.some((month) => covered.has(month))) return null
  if (endMonth && last > endMonth) return null
  return months
}

/** Whether `months` are consecutive, in order. */
export function areConsecutive(months: readonly string[]): boolean {
  return months.every(
    (month, index) => index === 0 || month === addMonths(months[index - 1] ?? '', 1)
  )
}

export interface PrepayQuote {
  /** The months' rent before the discount. */
  gross: number
  discountPercent: number
  discount: number
  /** What the gateway must charge. */
  amount: number
}

/** The price of paying several months at once: the plan's discount off their rent. */
export function prepayQuote(
  charges: readonly number[],
  terms: RentTerms = DEFAULT_RENT_TERMS
): PrepayQuote {
  const gross = charges.reduce((sum, charge) => sum + charge, 0)
  const discountPercent =
    charges.length === 3 || charges.length === 12 ? terms.prepayDiscountPercent[charges.length] : 0
  const discount = Math.round((gross * discountPercent) / 100)
  return { gross, discountPercent, discount, amount: gross - discount }
}

/** An Ejar residential contract number: 10 digits. */
export function isEjarContractNumber(value: string): boolean {
  return /^\d{10}$/.test(value)
}
