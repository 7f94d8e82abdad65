/**
 * The payment screen's rules as pure functions: the rooms
 * she may pay for (her approved applications, one entry per room), the months she may choose
 * (what common's `rentOffers` offers her stay, paid ones shown as paid), and the card form's
 * settings for the server's quote — one month, months paid ahead or the deposit.
 */
import {
  fromHalalas,
  monthRange,
  toHalalas,
  type Application,
  type LedgerRow,
  type Locale,
  type Payment,
  type PaymentQuote,
  type RentOffers,
} from '@sakan/common'
import { approvedRooms } from './applications'

/** A room she holds an approved application for, as the room select and the summary show it. */
export interface PayableRoom {
  roomId: number
  roomNumber: string
  /** SAR per month. */
  price: number
  building: NonNullable<Application['room']>['building']
}

/** The approved applications' rooms (approvedRooms), as the room select shows them. */
export function payableRooms(applications: readonly Application[]): PayableRoom[] {
  return approvedRooms(applications).map(({ id, roomNumber, price, building }) => ({
    roomId: id,
    roomNumber,
    price,
    building,
  }))
}

export interface MonthOption {
  /** `yyyy-MM`. */
  value: string
  /** A completed payment already covers it: shown, but not offered. */
  paid: boolean
  /** Due or overdue now (her ledger says so): owed before the months ahead. */
  owed: boolean
}

/**
 * The months the single-month choice lists: the ones offered (common's
 * `rentOffers`, her earliest unpaid month first), with the months paid in between shown as
 * paid, and the ones her ledger has due or overdue marked owed.
 */
export function monthChoices(
  offers: Pick<RentOffers, 'months'>,
  ledger: readonly Pick<LedgerRow, 'month' | 'state'>[]
): MonthOption[] {
  const first = offers.months[0]
  const last = offers.months.at(-1)
  if (!first || !last) return []
  const offered = new Set(offers.months)
  const owed = new Set(
    ledger.filter((row) => row.state === 'due' || row.state === 'overdue').map((row) => row.month)
  )
  return monthRange(first, last).map((value) => ({
    value,
    paid: !offered.has(value),
    owed: offered.has(value) && owed.has(value),
  }))
}

/**
 * The single month to choose: the one asked for when it is offered, else her earliest unpaid
 * month (or none when nothing is left to pay).
 */
export function chosenMonth(offers: Pick<RentOffers, 'months'>, asked: string | null) {
  return asked && offers.months.includes(asked) ? asked : (offers.months[0] ?? null)
}

/** The translation key of the message for a missing room or month, or null. */
export const paymentRules = {
  roomId: (value: string | null) => (value ? null : 'payment.validation.room'),
  monthCovered: (value: string | null) => (value ? null : 'payment.validation.month'),
}

/** What the card form needs besides the page's element and callbacks. */
export interface CardFormSettings {
  amount: number
  currency: 'SAR'
  description: string
  publishable_api_key: string
  base_url: string
  callback_url: string
  methods: ['creditcard']
  language: Locale
  metadata: CardFormMetadata
}

/**
 * What the gateway payment names (the API reads it once): the room and tenant, the
 * claim the server signed with its quote, and one month, 3 or 12 months (a comma list) or the
 * deposit — and nothing else.
 */
export type CardFormMetadata = { roomId: number; userId: number; claim: string } & (
  { monthCovered: string } | { monthsCovered: string } | { kind: 'deposit' }
)

/** The server's quote, as the card form charges it. */
export type QuotedClaim = Pick<
  PaymentQuote,
  'roomId' | 'kind' | 'monthsCovered' | 'amount' | 'claim'
>

/**
 * The card form's settings, written here only: the quote's
 * amount in halalas, SAR, the gateway from `/api/config`, back to `{origin}/payment/callback`,
 * card only, the UI's language, and in the metadata the room, the tenant, the quote's claim and
 * what it pays for (the server trusts only the claim, which it signed).
 */
export function cardFormSettings(input: {
  quote: QuotedClaim
  userId: number
  description: string
  gateway: { publishableKey: string; baseUrl: string }
  origin: string
  language: Locale
}): CardFormSettings {
  const { quote } = input
  const base = { roomId: quote.roomId, userId: input.userId, claim: quote.claim }
  const metadata: CardFormMetadata =
    quote.kind === 'deposit'
      ? { ...base, kind: 'deposit' }
      : quote.monthsCovered.length === 1
        ? { ...base, monthCovered: quote.monthsCovered[0]! }
        : { ...base, monthsCovered: quote.monthsCovered.join(',') }
  return {
    amount: toHalalas(quote.amount),
    currency: 'SAR',
    description: input.description,
    publishable_api_key: input.gateway.publishableKey,
    base_url: input.gateway.baseUrl,
    callback_url: `${input.origin}/payment/callback`,
    methods: ['creditcard'],
    language: input.language,
    metadata,
  }
}

/** What the form reports when a card step ends (the fields the page uses). */
export interface GatewayPayment {
  id: string
  status: string
  amount: number
}

/**
 * The body of `POST /api/payments` for a payment the form reports, read back from the
 * card form's metadata: its month as `monthCovered`, or `monthsCovered` / `kind: "deposit"`,
 * and its claim.
 */
export function paymentRecord(
  settings: Pick<CardFormSettings, 'amount' | 'metadata'>,
  payment: GatewayPayment
) {
  const { metadata } = settings
  const coverage =
    'kind' in metadata
      ? { kind: metadata.kind }
      : 'monthsCovered' in metadata
        ? { monthsCovered: metadata.monthsCovered.split(',') }
        : { monthCovered: metadata.monthCovered }
  return {
    roomId: metadata.roomId,
    claim: metadata.claim,
    amount: fromHalalas(settings.amount),
    paymentMethod: 'creditCard' as const,
    ...coverage,
    paymentReference: payment.id,
    paymentStatus: payment.status,
  }
}

/** Why a payment was refunded (the API's `statusReason`), when it says. */
export function refundReasonOf(
  payment: Pick<Payment, 'paymentStatus'> & { statusReason?: string | null }
): string | null {
  if (payment.paymentStatus !== 'refunded') return null
  return payment.statusReason?.trim() || null
}

/**
 * The date a payment's card shows: when it was paid, for a completed, refunded or voided one
 * ("not recorded yet" while the gateway has not said); for a failed or pending one, which was
 * never paid, when it was tried.
 */
export function paymentDateOf(
  payment: Pick<Payment, 'paymentStatus' | 'paymentDate' | 'createdAt'>
): { kind: 'paid'; date: string | null } | { kind: 'attempted'; date: string } {
  const paid = ['completed', 'refunded', 'voided'].includes(payment.paymentStatus)
  return paid
    ? { kind: 'paid', date: payment.paymentDate }
    : { kind: 'attempted', date: payment.createdAt }
}
