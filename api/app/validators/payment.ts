import type { I18n } from '@adonisjs/i18n'
import vine from '@vinejs/vine'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import {
  areConsecutive,
  isRentDate,
  isRentMonth,
  MAX_RECORDED_MONTHS,
  PAYMENT_KINDS,
  PREPAY_PLANS,
  RECORDED_PAYMENT_METHODS,
  RENT_LIMITS,
  riyadhToday,
} from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { calendarDateField } from '#validators/rules'

/** Gateway payment ids are opaque tokens (Moyasar's are UUIDs); anything else never reaches a URL. */
export const GATEWAY_ID = /^[A-Za-z0-9_-]{1,100}$/

/**
 * A month of ours: a real `yyyy-MM` within the years `RENT_LIMITS` accepts. Whether
 * her stay can pay it is the stay's to say (`priceClaim`), past the validator.
 */
const rentMonth = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (!isRentMonth(value)) {
    field.report(
      'Please choose a valid month, from {{ first }} to {{ last }}',
      'rentMonth',
      field,
      {
        first: RENT_LIMITS.firstYear,
        last: RENT_LIMITS.lastYear,
      }
    )
  }
})

/**
 * The months of a plan: one month, or a quarter or a year paid ahead, one month
 * after another.
 */
const prepayPlan = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || !Array.isArray(value)) return
  /* A month that is not one of ours is named as such (`rentMonth`) rather than as a gap. */
  if (!value.every((month) => typeof month === 'string' && isRentMonth(month.trim()))) return
  if (!(PREPAY_PLANS as readonly number[]).includes(value.length)) {
    field.report('Please choose one month, or 3 or 12 months in a row', 'plan', field)
  } else if (!areConsecutive(value as string[])) {
    field.report('Please choose months that follow one another', 'inARow', field)
  }
})

/** A recorded payment's months: one after another (how many, `MAX_RECORDED_MONTHS` says). */
const recordedRun = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || !Array.isArray(value)) return
  if (!value.every((month) => typeof month === 'string' && isRentMonth(month.trim()))) return
  if (!areConsecutive(value as string[]))
    field.report('Please choose months that follow one another', 'inARow', field)
})

/** The day money was received: today (in Riyadh) or before, in the years we accept. */
const receivedBy = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (!isRentDate(value) || value > riyadhToday())
    field.report('The date received cannot be in the future', 'notFuture', field)
})

/** The months a payment covers: one month, 3 or 12 in a row, or none for the deposit. */
const coverageFields = {
  roomId: vine.number().withoutDecimals().min(1).max(MAX_ID),
  monthCovered: vine
    .string()
    .trim()
    .use(rentMonth())
    .optional()
    .requiredWhen(
      (field) => field.data.kind !== 'deposit' && field.data.monthsCovered === undefined
    ),
  monthsCovered: vine
    .array(vine.string().trim().use(rentMonth()))
    .maxLength(Math.max(...PREPAY_PLANS))
    .use(prepayPlan())
    .optional(),
  kind: vine.enum(PAYMENT_KINDS).optional(),
}

/** The months of a validated coverage, in order: none for a deposit. */
export function monthsOf(input: {
  kind?: 'rent' | 'deposit'
  monthCovered?: string
  monthsCovered?: string[]
}): { kind: 'rent' | 'deposit'; months: string[] } {
  if (input.kind === 'deposit') return { kind: 'deposit', months: [] }
  return { kind: 'rent', months: input.monthsCovered ?? [input.monthCovered!] }
}

/**
 * POST /api/payments. The body's `amount`, `paymentMethod` and `paymentStatus` are
 * the browser's claims: accepted and dropped (VineJS keeps only the fields named here); the
 * gateway says what was paid. Besides one `monthCovered`, `monthsCovered` (3 or 12
 * months in a row, paid ahead) or `kind: "deposit"`.
 */
export const createPaymentValidator = vine.create(
  vine.object({
    ...coverageFields,
    paymentReference: vine.string().trim().regex(GATEWAY_ID),
  })
)

/** GET /api/payments/quote (`monthsCovered` arrives as a comma list: see `quoteQuery`). */
export const quoteValidator = vine.create(vine.object(coverageFields))

/** The quote's query string as the validator reads it: `monthsCovered=a,b,c` → a list. */
export function quoteQuery(qs: Record<string, unknown>): Record<string, unknown> {
  const months = qs.monthsCovered
  return typeof months === 'string' ? { ...qs, monthsCovered: months.split(',') } : qs
}

/**
 * The payment form's own wording ('Please select a room', 'Please select month
 * covered'), which differs from the application form's for the same field names: looked up
 * under `payments.validation` first, then the API's shared messages.
 */
export class PaymentMessages implements MessagesProviderContact {
  #shared: MessagesProviderContact

  constructor(private i18n: I18n) {
    this.#shared = i18n.createMessagesProvider()
  }

  getMessage(message: string, rule: string, field: FieldContext, meta?: Record<string, any>) {
    const own = `payments.validation.${field.wildCardPath}.${rule}`
    if (this.i18n.hasMessage(own)) return this.i18n.t(own, meta)
    return this.#shared.getMessage(message, rule, field, meta)
  }
}

/** A recorded payment's reference (Ejar/SADAD, transfer, receipt book): letters, digits and `-/_.` only. */
const RECORDED_REFERENCE = /^[\p{L}\p{N}][\p{L}\p{N} ._/-]{0,59}$/u

/** What the administrator writes about a void or a refund. */
const adminReason = () => vine.string().trim().minLength(1).maxLength(500)

/** SAR to the halala; a number only. */
const sarAmount = () => vine.number({ strict: true }).min(0.01).max(MAX_PAYMENT_SAR).decimal([0, 2])

/** The most one payment may be: 12 months of the highest rent with late fees, and a deposit. */
export const MAX_PAYMENT_SAR = 10_000_000

/**
 * POST /api/admin/tenancies/:id/payments (administrator): rent for 1 to 12 of the stay's months
 * in a row, or its deposit, received by Ejar, bank transfer or cash on a day up to today.
 */
export const recordPaymentValidator = vine.create(
  vine.object({
    kind: vine.enum(PAYMENT_KINDS),
    monthsCovered: vine
      .array(vine.string().trim().use(rentMonth()))
      .minLength(1)
      .maxLength(MAX_RECORDED_MONTHS)
      .use(recordedRun())
      .optional()
      .requiredWhen('kind', '=', 'rent'),
    method: vine.enum(RECORDED_PAYMENT_METHODS),
    reference: vine.string().trim().regex(RECORDED_REFERENCE),
    receivedOn: calendarDateField().use(receivedBy()),
    amount: sarAmount(),
  })
)

/** POST /api/admin/payments/:id/void (administrator). */
export const voidPaymentValidator = vine.create(vine.object({ reason: adminReason() }))

/** POST /api/admin/payments/:id/refund (administrator). */
export const refundPaymentValidator = vine.create(
  vine.object({ amount: sarAmount(), reason: adminReason() })
)

/** A month of the rent roll: a month of ours, this month (Riyadh) or before. */
const pastOrCurrentMonth = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (value > riyadhToday().slice(0, 7))
    field.report('The month cannot be after this month', 'notFuture', field)
})

/** GET /api/admin/rent-roll (and its CSV): a month (default: this month in Riyadh), a building. */
export const rentRollValidator = vine.create(
  vine.object({
    month: vine.string().trim().use(rentMonth()).use(pastOrCurrentMonth()).optional(),
    buildingId: vine.number().withoutDecimals().min(1).max(MAX_ID).optional(),
  })
)
