/**
 * The resident's rent as her pages show it, pure: her stay as common's rent
 * domain reads it (what it offers is `rentOffers`, written once in common), what a payment
 * covers, a span of months in the UI language, and the payment page's addresses and query.
 */
import {
  DEFAULT_RENT_TERMS,
  discountVariant,
  formatMonthSpan,
  formatSar,
  rentOffers,
  toHalalas,
  type DiscountVariant,
  type LedgerPayment,
  type LedgerRow,
  type Locale,
  type PayableStay,
  type Payment,
  type RentOffers,
  type RentPromise,
  type Tenancy,
} from '@sakan/common'

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
 * A stay as common's payable rules read it, from what the payment page loads: the stay (SAR →
 * halalas) and its ledger, where each paid month stands for the completed payment covering it.
 */
export function payableStay(
  stay: Pick<Tenancy, 'startDate' | 'endDate' | 'monthlyRent'> & {
    deposit: Pick<Tenancy['deposit'], 'amount' | 'paid'>
  },
  ledger: readonly Pick<LedgerRow, 'month' | 'state' | 'paymentId'>[]
): PayableStay<number | null> {
  const payments: LedgerPayment<number | null>[] = ledger
    .filter((row) => row.state === 'paid')
    .map((row) => ({ id: row.paymentId, status: 'completed', months: [row.month] }))
  return {
    stay: {
      startDate: stay.startDate,
      endDate: stay.endDate,
      monthlyRent: toHalalas(stay.monthlyRent),
    },
    payments,
    deposit: { amount: toHalalas(stay.deposit.amount), paid: toHalalas(stay.deposit.paid) },
  }
}

/**
 * What the payment page offers a stay now (common's `rentOffers`, at the default terms: the
 * prices come from the server's quote, the terms only decide which plans fit).
 */
export function stayOffers(
  stay: Parameters<typeof payableStay>[0],
  ledger: Parameters<typeof payableStay>[1],
  now: Date = new Date()
): RentOffers {
  return rentOffers(payableStay(stay, ledger), DEFAULT_RENT_TERMS, now)
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
 * What a payment covers, as one text: `deposit` (the deposit's name in the UI
 * language) for a deposit, else every month it pays ("December 2026 – November 2027"), never
 * its first month alone.
 */
export function paymentCoverText(
  payment: Pick<Payment, 'monthCovered'> & Partial<Pick<Payment, 'kind' | 'monthsCovered'>>,
  lang: Locale,
  deposit: string
): string {
  return payment.kind === 'deposit' ? deposit : formatMonthSpan(monthsOfPayment(payment), lang)
}

/* Months as one text (one month, a range of months in a row, or a list): common's rule. */
export { formatMonthSpan }

/**
 * The payment page's sentence about paying late, from the terms the server
 * configures (`/api/config`'s `rent`): until which day of the month rent is on time and, only
 * when one is charged, the late fee after it (in SAR, or a share of the month's rent). Null
 * when there is no grace to speak of. `t` reads `account`'s `payment.facts.*`.
 */
export function lateRentFact(
  promise: Pick<RentPromise, 'graceDays' | 'lateFee'>,
  lang: Locale,
  t: (key: string, values: Record<string, unknown>) => string
): string | null {
  if (promise.graceDays < 1) return null
  const day = promise.graceDays
  const fee = promise.lateFee
  if (!fee) return t('payment.facts.grace', { day })
  const amount =
    'amount' in fee
      ? formatSar(fee.amount, lang)
      : t('payment.facts.lateFeePercent', { percent: fee.percent })
  return t('payment.facts.graceLateFee', { day, fee: amount })
}

/** `account`'s text for each of common's discount variants. */
const DISCOUNT_FACTS: Record<DiscountVariant, string> = {
  both: 'payment.facts.discounts',
  quarterly: 'payment.facts.discountQuarterly',
  annual: 'payment.facts.discountAnnual',
}

/**
 * The payment page's sentence about paying ahead, from the same terms: the percent off for a
 * quarter and for a year, only those configured (above 0). Null when neither is.
 */
export function discountFact(
  promise: Pick<RentPromise, 'discountPercent'>,
  t: (key: string, values: Record<string, unknown>) => string
): string | null {
  const discounts = discountVariant(promise)
  return discounts ? t(DISCOUNT_FACTS[discounts.variant], discounts.values) : null
}

/** Whether paying `months` at once (3 or 12) earns a discount under the configured terms. */
export const aheadDiscounted = (promise: Pick<RentPromise, 'discountPercent'>, months: number) =>
  (months === 12 ? promise.discountPercent.annual : promise.discountPercent.quarterly) > 0

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

export function receiptPath(paymentId: number): string {
  return `/receipts/${paymentId}`
}

/**
 * A payment with a receipt: one that completed. A refunded one keeps its receipt, marked
 * refunded, when it had completed (it has a payment date); one refunded as it was recorded
 * (a month already paid) never had one. A voided one (recorded by the administrator, then
 * struck out) keeps its receipt, marked voided.
 */
export function hasReceipt(payment: Pick<Payment, 'paymentStatus' | 'paymentDate'>): boolean {
  if (payment.paymentStatus === 'completed') return true
  return (
    (payment.paymentStatus === 'refunded' || payment.paymentStatus === 'voided') &&
    payment.paymentDate !== null
  )
}
