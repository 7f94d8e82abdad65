import vine from '@vinejs/vine'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import { monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import type { LocaleI18n } from '#middleware/detect_user_locale_middleware'
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
 * POST /api/payments (spec §7). The body's `amount`, `paymentMethod` and `paymentStatus` are
 * the browser's claims: accepted and dropped (VineJS keeps only the fields named here); the
 * gateway says what was paid.
 */
export const createPaymentValidator = vine.create(
  vine.object({
    roomId: vine.number().withoutDecimals().min(1).max(MAX_ID),
    monthCovered: vine.string().trim().use(offeredMonth()),
    paymentReference: vine.string().trim().regex(GATEWAY_ID),
  })
)

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
