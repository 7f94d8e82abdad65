/**
 * The resident's rent as her pages show it (issue 26), pure: which months a plan pays (the
 * next unpaid months of her stay, read from its ledger with common's rules), a payment's
 * months, a span of months in the UI language, and the payment page's addresses and query.
 */
import {
  PAYMENT_MONTHS_OFFERED,
  addMonths,
  areConsecutive,
  monthRange,
  monthsOffered,
  type LedgerRow,
  type Locale,
  type Payment,
  type Tenancy,
} from '@sakan/common'
import { formatMonth } from './format'

/** What a payment pays: one month, the next 3 or 12 (at a discount), or the stay's deposit. */
export const PAYMENT_PLANS = ['1', '3', '12', 'deposit'] as const
export type PaymentPlan = (typeof PAYMENT_PLANS)[number]

export function isPaymentPlan(value: unknown): value is PaymentPlan {
  return PAYMENT_PLANS.includes(value as PaymentPlan)
}

/** How many months a plan pays ahead (3 or 12), or null for one month and the deposit. */
export function prepayCount(plan: PaymentPlan): 3 | 12 | null {
  return plan === '3' ? 3 : plan === '12' ? 12 : null
}

/**
 * The next `count` unpaid months of a stay, one after another: from its earliest unpaid month
 * on, the first run of `count` months none of which is paid (a month paid ahead in between
 * moves the run past it), within the stay; null when the stay ends first. The ledger lists
 * every month from the move-in month to the last one paid; later months are unpaid.
 */
export function planMonths(
  ledger: readonly Pick<LedgerRow, 'month' | 'state'>[],
  stay: Pick<Tenancy, 'startDate' | 'endDate'>,
  count: number
): string[] | null {
  return planWindows(ledger, stay, count)[0] ?? null
}

/** How many starts, from the earliest unpaid month, the payment page offers for months ahead. */
export const PLAN_STARTS = 24

/**
 * Every run of `count` unpaid months in a row she may pay ahead, in order: one starting at each
 * unpaid month of the `starts` months from the stay's earliest unpaid one, within the stay.
 * The first is the next unpaid months (`planMonths`); the others let her start later.
 */
export function planWindows(
  ledger: readonly Pick<LedgerRow, 'month' | 'state'>[],
  stay: Pick<Tenancy, 'startDate' | 'endDate'>,
  count: number,
  starts: number = PLAN_STARTS
): string[][] {
  const paid = new Set(ledger.filter((row) => row.state === 'paid').map((row) => row.month))
  const endMonth = stay.endDate?.slice(0, 7) ?? null
  let first = stay.startDate.slice(0, 7)
  while (paid.has(first)) first = addMonths(first, 1)
  const windows: string[][] = []
  for (let start = first; start < addMonths(first, starts); start = addMonths(start, 1)) {
    const months = monthRange(start, addMonths(start, count - 1))
    if (endMonth && months.at(-1)! > endMonth) break
    if (!months.some((month) => paid.has(month))) windows.push(months)
  }
  return windows
}

/** The window that starts at `from`, or the first after it, or the first of all. */
export function windowFrom(windows: readonly string[][], from: string | null): string[] | null {
  return (from && windows.find((months) => months[0]! >= from)) || windows[0] || null
}

/** The rent months a payment pays (`monthsCovered`; a record without them, its `monthCovered`). */
export function monthsOfPayment(
  payment: Pick<Payment, 'monthCovered'> & Partial<Pick<Payment, 'kind' | 'monthsCovered'>>
): string[] {
  if (payment.kind === 'deposit') return []
  if (payment.monthsCovered && payment.monthsCovered.length > 0) return [...payment.monthsCovered]
  return payment.monthCovered ? [payment.monthCovered] : []
}

/**
 * Months in the UI language: one month ("December 2026"), or the first and last of months in a
 * row ("December 2026 – February 2027"); months with a gap are listed.
 */
export function formatMonthSpan(months: readonly string[], lang: Locale): string {
  const sorted = [...months].sort()
  if (sorted.length === 0) return ''
  if (sorted.length === 1) return formatMonth(sorted[0]!, lang)
  if (!areConsecutive(sorted))
    return sorted.map((month) => formatMonth(month, lang)).join(lang === 'ar' ? '، ' : ', ')
  return `${formatMonth(sorted[0]!, lang)} – ${formatMonth(sorted.at(-1)!, lang)}`
}

/** What `/payment` opens with: `?roomId=&month=` (one month), `&plan=3|12`, or `&kind=deposit`. */
export interface PaymentPreset {
  roomId: string | null
  month: string | null
  plan: PaymentPlan
}

export function paymentPreset(params: URLSearchParams): PaymentPreset {
  const roomId = params.get('roomId')
  const month = params.get('month')
  const plan = params.get('kind') === 'deposit' ? 'deposit' : params.get('plan')
  return {
    roomId: roomId && /^\d+$/.test(roomId) ? roomId : null,
    month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
    plan: plan === '3' || plan === '12' || plan === 'deposit' ? plan : '1',
  }
}

/** The payment page for one month of a room, months paid ahead, or its deposit. */
export function payPath(
  roomId: number,
  what: { month: string } | { plan: '3' | '12' } | 'deposit'
): string {
  const query = new URLSearchParams({ roomId: String(roomId) })
  if (what === 'deposit') query.set('kind', 'deposit')
  else if ('plan' in what) query.set('plan', what.plan)
  else query.set('month', what.month)
  return `/payment?${query}`
}

/** Where a ledger month's Pay button leads: that month on its own (offered, or in arrears). */
export function ledgerPayPath(roomId: number, month: string): string {
  return payPath(roomId, { month })
}

/**
 * The months of a stay still owed before the months offered (spec §9: from the current one):
 * its due and overdue months from its ledger, which the payment page offers on their own.
 */
export function arrearsMonths(
  ledger: readonly Pick<LedgerRow, 'month' | 'state'>[],
  now: Date = new Date()
): string[] {
  const first = monthsOffered(PAYMENT_MONTHS_OFFERED, now)[0]!
  return ledger
    .filter((row) => (row.state === 'due' || row.state === 'overdue') && row.month < first)
    .map((row) => row.month)
}

export function receiptPath(paymentId: number): string {
  return `/receipts/${paymentId}`
}

/**
 * A payment with a receipt: one that completed. A refunded one keeps its receipt, marked
 * refunded, when it had completed (it has a payment date); one refunded as it was recorded
 * (a month already paid) never had one.
 */
export function hasReceipt(payment: Pick<Payment, 'paymentStatus' | 'paymentDate'>): boolean {
  if (payment.paymentStatus === 'completed') return true
  return payment.paymentStatus === 'refunded' && payment.paymentDate !== null
}
