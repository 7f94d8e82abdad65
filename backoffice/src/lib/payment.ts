/**
 * The payment screen's rules (spec §2 Payment, §5, §9) as pure functions: the rooms she may
 * pay for (her approved applications, one entry per room), the twelve months offered from
 * the current Riyadh month with those already paid marked, and the card form's settings —
 * for one month, months paid ahead or the deposit (issue 26).
 */
import {
  PAYMENT_MONTHS_OFFERED,
  fromHalalas,
  monthsOffered,
  toHalalas,
  type Application,
  type Locale,
  type Payment,
  type PaymentQuote,
} from '@sakan/common'
import { monthsOfPayment } from './rent'

/** A room she holds an approved application for, as the room select and the summary show it. */
export interface PayableRoom {
  roomId: number
  roomNumber: string
  /** SAR per month. */
  price: number
  building: NonNullable<Application['room']>['building']
}

/** The approved applications' rooms, once each, in the order the applications came. */
export function payableRooms(applications: readonly Application[]): PayableRoom[] {
  const rooms = new Map<number, PayableRoom>()
  for (const application of applications) {
    const room = application.room
    if (application.status !== 'approved' || !room || rooms.has(room.id)) continue
    rooms.set(room.id, {
      roomId: room.id,
      roomNumber: room.roomNumber,
      price: room.price,
      building: room.building,
    })
  }
  return [...rooms.values()]
}

export interface MonthOption {
  /** `yyyy-MM`. */
  value: string
  /** A completed payment already covers this month of the chosen room. */
  paid: boolean
  /** A month of her stay before the months offered, still owed (issue 26). */
  arrears?: boolean
}

/**
 * The months offered (spec §9: twelve, from the current month in Riyadh), paid ones marked:
 * every month a completed payment of the room covers (one, or several paid ahead); before them,
 * the months of her stay still owed (`arrears`, from its ledger: issue 26).
 */
export function monthOptions(
  roomId: number | null,
  payments: readonly (Pick<Payment, 'roomId' | 'monthCovered' | 'paymentStatus'> &
    Partial<Pick<Payment, 'kind' | 'monthsCovered'>>)[],
  now: Date = new Date(),
  arrears: readonly string[] = []
): MonthOption[] {
  const paid = new Set(
    payments
      .filter((payment) => payment.roomId === roomId && payment.paymentStatus === 'completed')
      .flatMap((payment) => monthsOfPayment(payment))
  )
  const offered = monthsOffered(PAYMENT_MONTHS_OFFERED, now)
  const owed = [...new Set(arrears)]
    .filter((month) => month < offered[0]! && !paid.has(month))
    .sort()
    .map((value) => ({ value, paid: false, arrears: true }))
  return [...owed, ...offered.map((value) => ({ value, paid: paid.has(value) }))]
}

/** The month to preselect: the first one not paid yet, or none when all twelve are paid. */
export function firstOpenMonth(options: readonly MonthOption[]): string | null {
  return options.find((option) => !option.paid)?.value ?? null
}

/** Spec §5: the translation key of the message for a missing room or month, or null. */
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
 * What the gateway payment names (the server's `claimFromMetadata`): the room and tenant, and
 * one month, months paid ahead (a comma list) or the deposit — and nothing else.
 */
export type CardFormMetadata = { roomId: number; userId: number } & (
  { monthCovered: string } | { monthsCovered: string } | { kind: 'deposit' }
)

/** What a payment pays for beyond one month: the server's quote for months ahead or the deposit. */
export type QuotedClaim = Pick<PaymentQuote, 'kind' | 'monthsCovered' | 'amount'>

/**
 * The card form's settings (spec §7 "Card payment widget"): the amount in halalas, SAR, the
 * gateway from `/api/config`, back to `{origin}/payment/callback`, card only, the UI's
 * language, and the room, month and tenant in the metadata (the server's webhook records the
 * payment from them when the browser never comes back). With a quote (issue 26), its amount
 * and its months (or the deposit) instead of the room's rent: one of the months offered is
 * still named `monthCovered`; a month in arrears or months ahead, `monthsCovered`.
 */
export function cardFormSettings(input: {
  room: PayableRoom
  monthCovered: string
  userId: number
  description: string
  gateway: { publishableKey: string; baseUrl: string }
  origin: string
  language: Locale
  quote?: QuotedClaim | null
}): CardFormSettings {
  const { room, userId, quote } = input
  const oneOffered =
    quote?.kind === 'rent' &&
    quote.monthsCovered.length === 1 &&
    monthsOffered(PAYMENT_MONTHS_OFFERED).includes(quote.monthsCovered[0]!)
  const metadata: CardFormMetadata = !quote
    ? { roomId: room.roomId, monthCovered: input.monthCovered, userId }
    : quote.kind === 'deposit'
      ? { roomId: room.roomId, userId, kind: 'deposit' }
      : oneOffered
        ? { roomId: room.roomId, monthCovered: quote.monthsCovered[0]!, userId }
        : { roomId: room.roomId, userId, monthsCovered: quote.monthsCovered.join(',') }
  return {
    amount: toHalalas(quote ? quote.amount : room.price),
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
 * The body of `POST /api/payments` for a payment the form reports (spec §7): the month it
 * names as `monthCovered`, or `monthsCovered` / `kind: "deposit"` as its metadata says.
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
