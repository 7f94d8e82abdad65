import type { I18n } from '@adonisjs/i18n'
import vine from '@vinejs/vine'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import {
  areConsecutive,
  isRentMonth,
  PAYMENT_KINDS,
  PREPAY_PLANS,
  RENT_LIMITS,
} from '@sakan/common'
import { MAX_ID } from '#validators/limits'

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
