import vine from '@vinejs/vine'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import { areConsecutive, monthsOffered, PAYMENT_KINDS, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import type { LocaleI18n } from '#server/request_locale'
import { MAX_ID } from '#validators/limits'
import { GATEWAY_ID } from '#services/payment_gateway'

/** One of the months offered for payment right now (spec §9: 12, from the current one, Riyadh time). */
const offeredMonth = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (!monthsOffered(PAYMENT_MONTHS_OFFERED).includes(value)) {
    field.report('Please select one of the months offered', 'offered', field)
  }
})

/**
 * The months of a plan (issue 26): a quarter or a year paid ahead, one month after another, or
 * one month of the stay (a month in arrears, before the months offered, is paid this way).
 */
const prepayPlan = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || !Array.isArray(value)) return
  if (![1, 3, 12].includes(value.length) || !areConsecutive(value as string[])) {
    field.report('Please choose one month, or 3 or 12 months in a row', 'plan', field)
  }
})

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** The months a payment covers: one offered month, 3 or 12 in a row, or none for the deposit. */
export const coverageFields = {
  roomId: vine.number().withoutDecimals().min(1).max(MAX_ID),
  monthCovered: vine
    .string()
    .trim()
    .use(offeredMonth())
    .optional()
    .requiredWhen(
      (field) => field.data.kind !== 'deposit' && field.data.monthsCovered === undefined
    ),
  monthsCovered: vine.array(vine.string().trim().regex(MONTH)).use(prepayPlan()).optional(),
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
 * POST /api/payments (spec §7). The body's `amount`, `paymentMethod` and `paymentStatus` are
 * the browser's claims: accepted and dropped (VineJS keeps only the fields named here); the
 * gateway says what was paid. Besides the spec's `monthCovered`, `monthsCovered` (3 or 12
 * months in a row, paid ahead) or `kind: "deposit"` (issue 26).
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
 * The payment form's own wording (spec §5: 'Please select a room', 'Please select month
 * covered'), which differs from the application form's for the same field names: looked up
 * under `payments.validation` first, then the API's shared messages.
 */
export class PaymentMessages implements MessagesProviderContact {
  #shared: MessagesProviderContact

  constructor(private i18n: LocaleI18n) {
    this.#shared = i18n.createMessagesProvider()
  }

  getMessage(message: string, rule: string, field: FieldContext, meta?: Record<string, any>) {
    const own = `payments.validation.${field.wildCardPath}.${rule}`
    if (this.i18n.hasMessage(own)) return this.i18n.t(own, meta)
    return this.#shared.getMessage(message, rule, field, meta)
  }
}
