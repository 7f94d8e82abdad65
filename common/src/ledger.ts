/**
 * The rent domain, once for the API and the account app: the
 * months of a stay, its ledger, what is payable now and at what price, the deposit's state and
 * the claim a card payment carries. Pure functions: money is in integer halalas, months are
 * `yyyy-MM`, dates `yyyy-MM-dd`, "today" is the calendar day in Riyadh, and the terms and the
 * clock are passed in.
 *
 * Months are computed as integers (year × 12 + month − 1), never compared as strings, and every
 * loop over months is bounded by the stay: a stay spans at most `RENT_LIMITS.stayMonths` months,
 * whatever a stored row says, so no row can make a ledger unbounded.
 */

import type { PaymentStatus } from './domain.js'
import type { RentPromise } from './contract.js'
import { fromHalalas, riyadhToday } from './rules.js'

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

/**
 * The bounds of time, in one place: the texts that state them take these figures.
 * - a move-in date at most `moveInMonthsAhead` months after today;
 * - an end date on or after the move-in and at most `stayYears` years after it;
 * - rent payable from the stay's first month through its end month or, while it has no end,
 *   through `payAheadMonths` months after the current one;
 * - the years a month or date may name at all (anything else is not a month of ours).
 */
export const RENT_LIMITS = {
  moveInMonthsAhead: 12,
  stayYears: 5,
  payAheadMonths: 12,
  firstYear: 2000,
  lastYear: 2199,
} as const

/** The most months a stay's ledger can have: its whole span, however its rows read. */
export const MAX_STAY_MONTHS = RENT_LIMITS.stayYears * 12 + 1

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
  /** The last day of the stay once an end is set (it may lie ahead). */
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
  /** What is owed today in rent: due and overdue months with their late fees. */
  balance: number
}

/* ─── months and days as numbers ─────────────────────────────────────────────────────────── */

const MONTH_KEY = /^(\d{4})-(\d{2})$/
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/

const yearInRange = (year: number) => year >= RENT_LIMITS.firstYear && year <= RENT_LIMITS.lastYear

/** A `yyyy-MM` as a month number (year × 12 + month − 1), or null when it is not one of ours. */
export function monthIndex(key: string): number | null {
  const match = MONTH_KEY.exec(key)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  if (!yearInRange(year) || month < 1 || month > 12) return null
  return year * 12 + month - 1
}

/** The `yyyy-MM` of a month number. */
export function monthKeyOf(index: number): string {
  const year = Math.floor(index / 12)
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** A `yyyy-MM-dd` as a day number (days since 1970-01-01), or null when it is no real date of ours. */
export function dayIndex(date: string): number | null {
  const match = DATE_KEY.exec(date)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (!yearInRange(year) || month < 1 || month > 12 || day < 1) return null
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null
  return Date.UTC(year, month - 1, day) / 86_400_000
}

/** The `yyyy-MM-dd` of a day number. */
export function dateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10)
}

/** Whether a string is a real calendar date within the years we accept. */
export const isRentDate = (date: string) => dayIndex(date) !== null

/** Whether a string is a month within the years we accept. */
export const isRentMonth = (month: string) => monthIndex(month) !== null

/** The month number of a date `yyyy-MM-dd` (or of a month `yyyy-MM`). */
function monthOfDate(date: string): number | null {
  return monthIndex(date.slice(0, 7))
}

function required(value: number | null, what: string): number {
  if (value === null) throw new RangeError(`not a month or date of ours: ${what}`)
  return value
}

/** `key` moved by `count` months (both within the years we accept). */
export function addMonths(key: string, count: number): string {
  return monthKeyOf(required(monthIndex(key), key) + count)
}

/**
 * The months from `first` to `last`, both included (none when `last` comes first); at most
 * `MAX_STAY_MONTHS`, the longest a stay can be.
 */
export function monthRange(first: string, last: string): string[] {
  const from = required(monthIndex(first), first)
  const to = Math.min(required(monthIndex(last), last), from + MAX_STAY_MONTHS - 1)
  const months: string[] = []
  for (let month = from; month <= to; month++) months.push(monthKeyOf(month))
  return months
}

export function daysInMonth(key: string): number {
  const index = required(monthIndex(key), key)
  return new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate()
}

/** `date` (`yyyy-MM-dd`) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return dateOf(required(dayIndex(date), date) + days)
}

/** `date` moved by `count` months, on the same day or the month's last when it has fewer. */
export function addMonthsToDate(date: string, count: number): string {
  const index = required(monthOfDate(date), date) + count
  const month = monthKeyOf(index)
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month))
  return `${month}-${String(day).padStart(2, '0')}`
}

/** Whether `months` are consecutive, in order (and each a month of ours). */
export function areConsecutive(months: readonly string[]): boolean {
  const indexes = months.map(monthIndex)
  return indexes.every(
    (index, at) => index !== null && (at === 0 || index === (indexes[at - 1] ?? NaN) + 1)
  )
}

/* ─── the bounds of a stay ───────────────────────────────────────────────────────────────── */

/** The latest move-in date an application may ask for, seen from `now`. */
export function latestMoveIn(now: Date = new Date()): string {
  return addMonthsToDate(riyadhToday(now), RENT_LIMITS.moveInMonthsAhead)
}

/** The latest end date a stay that began on `startDate` may have. */
export function latestEndDate(startDate: string): string {
  return addMonthsToDate(startDate, RENT_LIMITS.stayYears * 12)
}

/** Why a move-in date cannot be asked for, or null when it can. */
export function moveInRefusal(
  date: string,
  now: Date = new Date()
): 'invalid' | 'past' | 'too_far' | null {
  const day = dayIndex(date)
  if (day === null) return 'invalid'
  if (day < dayIndex(riyadhToday(now))!) return 'past'
  if (day > dayIndex(latestMoveIn(now))!) return 'too_far'
  return null
}

/** Why an end date cannot end a stay that began on `startDate`, or null when it can. */
export function endDateRefusal(
  startDate: string,
  endDate: string
): 'invalid' | 'before_start' | 'too_far' | null {
  const end = dayIndex(endDate)
  const start = dayIndex(startDate)
  if (end === null || start === null) return 'invalid'
  if (end < start) return 'before_start'
  if (end > dayIndex(latestEndDate(startDate))!) return 'too_far'
  return null
}

/**
 * The months of a stay as numbers: its first month, and the last one payable now — its end
 * month, but never past the current month plus `payAheadMonths`, nor more than
 * `MAX_STAY_MONTHS` after the first, whatever the row says. Null when the move-in date is not a
 * date of ours.
 */
export function stayMonths(
  stay: Pick<LedgerTenancy, 'startDate' | 'endDate'>,
  now: Date = new Date()
): { first: number; last: number } | null {
  const first = monthOfDate(stay.startDate)
  if (first === null) return null
  const current = required(monthOfDate(riyadhToday(now)), 'today')
  const end = stay.endDate ? (monthOfDate(stay.endDate) ?? Infinity) : Infinity
  const last = Math.min(end, current + RENT_LIMITS.payAheadMonths, first + MAX_STAY_MONTHS - 1)
  return { first, last: Math.max(first, last) }
}

/** Whether a day falls inside a stay (from its move-in through its end date, if it has one). */
export function stayHoldsDay(stay: Pick<LedgerTenancy, 'startDate' | 'endDate'>, date: string) {
  const day = dayIndex(date)
  const start = dayIndex(stay.startDate)
  if (day === null || start === null) return false
  const end = stay.endDate ? dayIndex(stay.endDate) : null
  return day >= start && (stay.endDate === null || end === null || day <= end)
}

/** Whether two stays of a room share a day. */
export function staysOverlap(
  a: Pick<LedgerTenancy, 'startDate' | 'endDate'>,
  b: Pick<LedgerTenancy, 'startDate' | 'endDate'>
): boolean {
  return stayHoldsDay(a, b.startDate) || stayHoldsDay(b, a.startDate)
}

/** The first day a room is free again after a stay with an end date (the day after it). */
export function freeFrom(stay: Pick<LedgerTenancy, 'endDate'>): string | null {
  return stay.endDate && isRentDate(stay.endDate) ? addDays(stay.endDate, 1) : null
}

/* ─── the ledger ─────────────────────────────────────────────────────────────────────────── */

/** The rent for one month of a tenancy, prorated by days at either end when the terms say so. */
export function monthCharge(tenancy: LedgerTenancy, month: string, terms: RentTerms): number {
  if (terms.partialMonth === 'full') return tenancy.monthlyRent
  const days = daysInMonth(month)
  const first = tenancy.startDate.slice(0, 7) === month ? Number(tenancy.startDate.slice(8)) : 1
  const last =
    tenancy.endDate && tenancy.endDate.slice(0, 7) === month
      ? Number(tenancy.endDate.slice(8))
      : days
  if (first === 1 && last === days) return tenancy.monthlyRent
  return Math.round((tenancy.monthlyRent * Math.max(0, last - first + 1)) / days)
}

/**
 * What the pages may promise about paying rent under these terms: the grace days,
 * the late fee in SAR or as a percentage, or null when none is charged (zero is none), and the
 * discounts for paying a quarter or a year at once (0, never less, when there is none).
 */
export function rentPromise(
  terms: Pick<RentTerms, 'graceDays' | 'lateFee' | 'prepayDiscountPercent'>
): RentPromise {
  const fee = terms.lateFee
  const lateFee =
    fee.kind === 'amount'
      ? fee.halalas > 0
        ? { amount: fromHalalas(fee.halalas) }
        : null
      : fee.percent > 0
        ? { percent: fee.percent }
        : null
  const discount = (percent: number) => (Number.isFinite(percent) && percent > 0 ? percent : 0)
  return {
    graceDays: terms.graceDays,
    lateFee,
    discountPercent: {
      quarterly: discount(terms.prepayDiscountPercent[3]),
      annual: discount(terms.prepayDiscountPercent[12]),
    },
  }
}

/** The variants of a text that names the discounts: both, or only the one that is configured. */
export type DiscountVariant = 'both' | 'quarterly' | 'annual'

/**
 * Which discounts a page may name under these terms, with the values their text
 * takes (`quarterly` and `annual` for both, `percent` for one); null when there is none. The
 * public site and the payment page both say them this way.
 */
export function discountVariant(
  promise: Pick<RentPromise, 'discountPercent'>
): { variant: DiscountVariant; values: Record<string, number> } | null {
  const { quarterly, annual } = promise.discountPercent
  if (quarterly > 0 && annual > 0) return { variant: 'both', values: { quarterly, annual } }
  if (quarterly > 0) return { variant: 'quarterly', values: { percent: quarterly } }
  if (annual > 0) return { variant: 'annual', values: { percent: annual } }
  return null
}

/** The late fee on a month's charge. */
export function lateFeeOn(amount: number, fee: LateFee): number {
  return fee.kind === 'amount' ? fee.halalas : Math.round((amount * fee.percent) / 100)
}

/**
 * Which completed payment covers each month (the first one, when a month was paid twice); a
 * month that is not one of ours is left out.
 */
export function coveredMonths<Id>(payments: readonly LedgerPayment<Id>[]): Map<number, Id> {
  const covered = new Map<number, Id>()
  for (const payment of payments) {
    if (payment.status !== 'completed') continue
    for (const month of payment.months) {
      const index = monthIndex(month)
      if (index !== null && !covered.has(index)) covered.set(index, payment.id)
    }
  }
  return covered
}

/**
 * The ledger of a tenancy today: every month from the move-in month to the current month (and
 * on to the last month paid ahead), never past the stay's last month; a stay that has not begun
 * shows its first month as upcoming. Payments for months outside the stay show nowhere here
 * (the server never takes them; a row written before it refused them is skipped).
 */
export function rentLedger<Id>(
  tenancy: LedgerTenancy,
  payments: readonly LedgerPayment<Id>[],
  terms: RentTerms = DEFAULT_RENT_TERMS,
  now: Date = new Date()
): Ledger<Id> {
  const bounds = stayMonths(tenancy, now)
  if (!bounds) return { months: [], balance: 0 }
  const today = riyadhToday(now)
  const todayIndex = dayIndex(today)!
  const current = monthOfDate(today)!
  const covered = coveredMonths(payments)
  let shown = Math.max(bounds.first, current)
  for (const month of covered.keys()) if (month <= bounds.last && month > shown) shown = month
  shown = Math.min(shown, bounds.last)

  const months: LedgerMonth<Id>[] = []
  let balance = 0
  for (let index = bounds.first; index <= shown; index++) {
    const month = monthKeyOf(index)
    const amount = monthCharge(tenancy, month, terms)
    const dueDate = index === bounds.first ? tenancy.startDate : `${month}-01`
    const due = dayIndex(dueDate) ?? 0
    const paymentId = covered.get(index) ?? null
    const state: LedgerMonthState =
      paymentId !== null
        ? 'paid'
        : todayIndex < due
          ? 'upcoming'
          : todayIndex <= due + terms.graceDays - 1
            ? 'due'
            : 'overdue'
    const lateFee = state === 'overdue' ? lateFeeOn(amount, terms.lateFee) : 0
    if (state === 'due' || state === 'overdue') balance += amount + lateFee
    months.push({ month, state, amount, lateFee, paymentId, dueDate })
  }
  return { months, balance }
}

/**
 * What a list of stays filters and sorts by, kept on the stay's row so that the list pages in
 * SQL: the due date of her earliest month not paid (a month stays overdue until it is paid, and
 * later months fall due later, so the stay has an overdue month exactly when this one is), and
 * the first day after today on which her ledger reads differently by the calendar alone (a
 * month falling due or past its grace, a new month) — until then the kept figures hold.
 */
export interface LedgerSummary {
  /** `yyyy-MM-dd`, or null when every month of the stay is paid. */
  firstUnpaidDue: string | null
  /** `yyyy-MM-dd`, after today. */
  changesOn: string
}

/** The summary of a stay's ledger read today (`rentLedger` with the same terms and day). */
export function ledgerSummary(
  tenancy: LedgerTenancy,
  ledger: Pick<Ledger<unknown>, 'months'>,
  terms: Pick<RentTerms, 'graceDays'>,
  now: Date = new Date()
): LedgerSummary {
  const today = riyadhToday(now)
  const todayIndex = dayIndex(today)!
  const current = monthOfDate(today)!
  let firstUnpaidDue: string | null = null
  let changes = dayIndex(`${monthKeyOf(current + 1)}-01`)!
  for (const month of ledger.months) {
    if (month.state === 'paid') continue
    firstUnpaidDue ??= month.dueDate
    const due = dayIndex(month.dueDate)
    if (due === null) continue
    const step = month.state === 'upcoming' ? due : due + terms.graceDays
    if (step > todayIndex) changes = Math.min(changes, step)
  }
  const last = ledger.months.at(-1)
  const first = monthOfDate(tenancy.startDate)
  if (firstUnpaidDue === null && last && first !== null) {
    /* Every month shown is paid: the next one of the stay, if it has one, is the first unpaid. */
    const end = tenancy.endDate ? (monthOfDate(tenancy.endDate) ?? Infinity) : Infinity
    const next = monthIndex(last.month)! + 1
    if (next <= Math.min(end, first + MAX_STAY_MONTHS - 1))
      firstUnpaidDue = `${monthKeyOf(next)}-01`
  }
  return { firstUnpaidDue, changesOn: dateOf(changes) }
}

/** The latest due date of a month that is overdue today, if it is not paid. */
export function overdueIfDueBy(terms: Pick<RentTerms, 'graceDays'>, now: Date = new Date()) {
  return dateOf(dayIndex(riyadhToday(now))! - terms.graceDays)
}

/* ─── the deposit ────────────────────────────────────────────────────────────────────────── */

/**
 * The deposit's state, derived from what was paid and what was returned (never flipped): due
 * until a deposit payment completes; then held until returns reach what was paid, partly
 * returned between. A failed or refunded attempt changes nothing: only completed ones count.
 */
export function depositStateOf(paid: number, returned: number): DepositState {
  if (paid <= 0) return 'due'
  if (returned <= 0) return 'held'
  return returned >= paid ? 'returned' : 'partly_returned'
}

/** What of a paid deposit may still be returned. */
export function depositReturnable(paid: number, returned: number): number {
  return Math.max(0, paid - returned)
}

/* ─── what is payable, and its price ─────────────────────────────────────────────────────── */

export interface PrepayQuote {
  /** The months' rent before the discount (late fees included). */
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

/** What a payment claims to pay for: rent months (one, or 3 or 12 in a row) or the deposit. */
export interface RentClaim {
  kind: PaymentKind
  months: readonly string[]
}

/** Why a claim is not something the stay can pay now. */
export type ClaimRefusal =
  'plan_size' | 'not_in_a_row' | 'outside_stay' | 'already_paid' | 'deposit_not_due'

/** A stay as the payable rules read it: its terms, its payments, its deposit. */
export interface PayableStay<Id = number> {
  stay: LedgerTenancy
  payments: readonly LedgerPayment<Id>[]
  /** The deposit due (halalas) and what completed deposit payments paid. */
  deposit: { amount: number; paid: number }
}

/**
 * The price the server requires for a claim at `now` (the moment the card was charged), or why
 * the stay cannot pay it: the deposit while it is due; or one month, or 3 or 12 in a row, each
 * inside the stay's payable months and none paid already, at the stay's rent less the plan's
 * discount, plus the late fee of each month past its grace (not discounted).
 */
export function priceClaim<Id>(
  payable: PayableStay<Id>,
  claim: RentClaim,
  terms: RentTerms,
  now: Date = new Date(),
  /** `recorded`: rent received another way, any 1 to `MAX_RECORDED_MONTHS` months in a row. */
  channel: 'card' | 'recorded' = 'card'
): { refusal: ClaimRefusal } | { quote: PrepayQuote & { months: string[] } } {
  if (claim.kind === 'deposit') {
    if (depositStateOf(payable.deposit.paid, 0) !== 'due') return { refusal: 'deposit_not_due' }
    const amount = payable.deposit.amount
    return { quote: { gross: amount, discountPercent: 0, discount: 0, amount, months: [] } }
  }
  const { months } = claim
  const sized =
    channel === 'recorded'
      ? months.length >= 1 && months.length <= MAX_RECORDED_MONTHS
      : (PREPAY_PLANS as readonly number[]).includes(months.length)
  if (!sized) return { refusal: 'plan_size' }
  if (!months.every(isRentMonth)) return { refusal: 'outside_stay' }
  if (!areConsecutive(months)) return { refusal: 'not_in_a_row' }
  const bounds = stayMonths(payable.stay, now)
  const first = monthIndex(months[0]!)!
  const last = monthIndex(months.at(-1)!)!
  if (!bounds || first < bounds.first || last > bounds.last) return { refusal: 'outside_stay' }
  const covered = coveredMonths(payable.payments)
  if (months.some((month) => covered.has(monthIndex(month)!))) return { refusal: 'already_paid' }

  const quote = prepayQuote(
    months.map((month) => monthCharge(payable.stay, month, terms)),
    terms
  )
  const late = new Map(
    rentLedger(payable.stay, [], terms, now).months.map((row) => [row.month, row.lateFee])
  )
  const fees = months.reduce((sum, month) => sum + (late.get(month) ?? 0), 0)
  return {
    quote: {
      ...quote,
      gross: quote.gross + fees,
      amount: quote.amount + fees,
      months: [...months],
    },
  }
}

/** The most rent months one recorded payment (Ejar, transfer, cash) may pay. */
export const MAX_RECORDED_MONTHS = 12

/**
 * How many of a payment's months (the first ones) it still pays once part of its money went
 * back: a month is given back once its share of what the payment charged (its months share the
 * charge alike, as a plan's discount is shared) is wholly returned, the last months first; and
 * months settled when its stay ended (always its last ones) are given back whatever was
 * returned for them. A refund smaller than a month's share (a goodwill refund) reopens none.
 */
export function monthsStillPaid(
  count: number,
  amountHalalas: number,
  refundedHalalas: number,
  settledMonths = 0
): number {
  if (count <= 0 || amountHalalas <= 0) return 0
  const refunded = Math.min(Math.max(0, refundedHalalas), amountHalalas)
  /* Half a halala of slack: a settlement's share was rounded to the halala. */
  const returned = Math.floor(((2 * refunded + 1) * count) / (2 * amountHalalas))
  return Math.max(0, count - Math.min(count, Math.max(returned, settledMonths)))
}

/** The age buckets of overdue rent a rent roll sorts residents into, by days past the due date. */
export const OVERDUE_BUCKETS = ['1_30', '31_60', '61_90', 'over_90'] as const
export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number]

/** The bucket of rent `days` days past its due date (null when not yet past it). */
export function overdueBucket(days: number): OverdueBucket | null {
  if (!(days >= 1)) return null
  if (days <= 30) return '1_30'
  if (days <= 60) return '31_60'
  if (days <= 90) return '61_90'
  return 'over_90'
}

/** What the payment page offers a stay now. */
export interface RentOffers {
  /** Every month she may pay on its own, earliest first: owed ones, then the months ahead. */
  months: string[]
  /** The first unpaid month of the stay (overdue first), or null when none is left. */
  earliestUnpaid: string | null
  /** The next 3 and 12 unpaid months in a row from the earliest unpaid one, when they fit. */
  plans: Record<3 | 12, string[] | null>
  /** Whether the deposit is due. */
  deposit: boolean
}

/**
 * What is offered is what is owed, so no unpaid month is skipped: single months from the
 * stay's earliest unpaid month through its last payable one; a plan of 3 or 12 only from that
 * earliest unpaid month, when that many months in a row are unpaid and inside the stay; the
 * deposit while it is due.
 */
export function rentOffers<Id>(
  payable: PayableStay<Id>,
  terms: RentTerms,
  now: Date = new Date()
): RentOffers {
  const bounds = stayMonths(payable.stay, now)
  const deposit = depositStateOf(payable.deposit.paid, 0) === 'due'
  if (!bounds) return { months: [], earliestUnpaid: null, plans: { 3: null, 12: null }, deposit }
  const covered = coveredMonths(payable.payments)
  const months: string[] = []
  for (let index = bounds.first; index <= bounds.last; index++) {
    if (!covered.has(index)) months.push(monthKeyOf(index))
  }
  const earliestUnpaid = months[0] ?? null
  const plan = (count: 3 | 12): string[] | null => {
    if (!earliestUnpaid) return null
    const from = monthIndex(earliestUnpaid)!
    const run = Array.from({ length: count }, (_, at) => monthKeyOf(from + at))
    return 'quote' in priceClaim(payable, { kind: 'rent', months: run }, terms, now) ? run : null
  }
  return { months, earliestUnpaid, plans: { 3: plan(3), 12: plan(12) }, deposit }
}

/**
 * What a stay owes today: the ledger's balance (due and overdue rent, late fees) and the
 * deposit while it is due, each on its own line.
 */
export function amountOwed(ledger: Pick<Ledger<unknown>, 'balance'>, depositDue: number | null) {
  const deposit = depositDue ?? 0
  return { rent: ledger.balance, deposit, total: ledger.balance + deposit }
}

/* ─── the claim a card payment carries ───────────────────────────────────────────────────── */

/**
 * The claim the server makes for her session before the card form is shown: whose
 * stay, which months (or the deposit), for what amount, until when. It travels in the gateway
 * payment's metadata as `claim`, signed by the server (the signature is the API's; this is the
 * payload's shape, written and read once).
 */
export interface SignedClaimPayload {
  tenancyId: number
  userId: number
  roomId: number
  kind: PaymentKind
  /** The months covered, in order; none for the deposit. */
  months: string[]
  /** Halalas to be charged. */
  amount: number
  /** Seconds since the epoch after which a payment made with it is refused. */
  expires: number
}

/** How long a claim may be used to start a payment. */
export const CLAIM_TTL_SECONDS = 60 * 60

const positive = (value: string | undefined) => {
  const number = Number(value)
  return value !== undefined && /^\d{1,15}$/.test(value) && number >= 1 ? number : null
}

/** `v1.<tenancy>.<user>.<room>.<rent|deposit>.<first month>+<count>.<amount>.<expires>` */
export function encodeClaim(claim: SignedClaimPayload): string {
  const months = claim.kind === 'deposit' ? '-' : `${claim.months[0]}+${claim.months.length}`
  return [
    'v1',
    claim.tenancyId,
    claim.userId,
    claim.roomId,
    claim.kind,
    months,
    claim.amount,
    claim.expires,
  ].join('.')
}

/** The payload of `encodeClaim`, or null when it is not one. */
export function parseClaim(text: unknown): SignedClaimPayload | null {
  if (typeof text !== 'string' || text.length > 200) return null
  const parts = text.split('.')
  if (parts.length !== 8 || parts[0] !== 'v1') return null
  const [tenancyId, userId, roomId, amount, expires] = [1, 2, 3, 6, 7].map((at) =>
    positive(parts[at])
  )
  const kind = parts[4]
  if (!tenancyId || !userId || !roomId || !amount || !expires) return null
  if (kind === 'deposit') {
    if (parts[5] !== '-') return null
    return { tenancyId, userId, roomId, kind, months: [], amount, expires }
  }
  if (kind !== 'rent') return null
  const match = /^(\d{4}-\d{2})\+(1|3|12)$/.exec(parts[5] ?? '')
  const first = match ? monthIndex(match[1]!) : null
  if (!match || first === null) return null
  const months = Array.from({ length: Number(match[2]) }, (_, at) => monthKeyOf(first + at))
  if (!months.every(isRentMonth)) return null
  return { tenancyId, userId, roomId, kind, months, amount, expires }
}

/** An Ejar residential contract number: 10 digits. */
export function isEjarContractNumber(value: string): boolean {
  return /^\d{10}$/.test(value)
}
