import type { HttpContext } from '@adonisjs/core/http'
import type { PaymentQuote, PaymentVerification, Receipt } from '@sakan/common'
import { listPaymentsValidator } from '#validators/listing'
import {
  createPaymentValidator,
  monthsOf,
  PaymentMessages,
  quoteQuery,
  quoteValidator,
} from '#validators/payment'
import { readWebhook } from '#services/payment_gateway'
import {
  accountList,
  countedPayments,
  narrowPayments,
  paymentFilters,
  withNamedIds,
} from '#services/account_lists'
import { sendJson, withTotal } from '#server/list_response'
import {
  findPayment,
  loadPaymentRelations,
  paymentEvent,
  quotePayment,
  receiptOf,
  submitPayment,
  verifyPayment,
} from '#services/payments'
import { serializePayment } from '#transformers/account_transformer'
import {
  serializePaymentQuote,
  serializePaymentVerification,
  serializeReceipt,
} from '#transformers/payment_transformer'

export default class PaymentsController {
  /** GET /api/payments: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const input = await withNamedIds(
      await ctx.request.validateUsing(listPaymentsValidator, { data: ctx.request.qs() })
    )
    const filters = paymentFilters(input)
    const page = await accountList('payments', {
      user,
      locale: ctx.i18n.locale,
      filters,
      range: input,
      narrow: (query) => narrowPayments(query, input),
      knownTotal: countedPayments(user, filters, input),
    })
    sendJson(ctx.response, withTotal(ctx.response, page))
  }

  /** GET /api/payments/:id: one payment, to its payer or the administrator; else 404. */
  async show(ctx: HttpContext) {
    const payment = await findPayment(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    if (!payment) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return serializePayment(payment, ctx.i18n.locale)
  }

  /**
   * POST /api/payments: records the gateway payment the form made, as the gateway
   * reports it. 201 when new, 200 when it was already recorded (a replay).
   */
  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createPaymentValidator, {
      messagesProvider: new PaymentMessages(ctx.i18n),
    })
    const { payment, created } = await submitPayment(ctx.auth.getUserOrFail(), {
      roomId: input.roomId,
      paymentReference: input.paymentReference,
      ...monthsOf(input),
    })
    await loadPaymentRelations(payment)
    return ctx.response.status(created ? 201 : 200).json(serializePayment(payment, ctx.i18n.locale))
  }

  /** GET /api/payments/verify/:id: the gateway's word on one of the caller's payments. */
  async verify(ctx: HttpContext): Promise<PaymentVerification> {
    const { gateway: state, paymentId } = await verifyPayment(
      ctx.auth.getUserOrFail(),
      String(ctx.params.id)
    )
    return serializePaymentVerification(state, paymentId)
  }

  /**
   * POST /api/payments/webhook: Moyasar's event, authenticated by its secret token only (no
   * session, no Origin check). The body is a hint: the payment is fetched again. A non-2xx
   * answer (502 while the gateway cannot be asked) makes the gateway retry.
   */
  async webhook(ctx: HttpContext) {
    const { authentic, paymentId } = readWebhook(ctx.request.body())
    if (!authentic)
      return ctx.response.unauthorized({ message: ctx.i18n.t('errors.unauthenticated') })
    if (!paymentId)
      return ctx.response.unprocessableEntity({ message: ctx.i18n.t('errors.validation') })
    await paymentEvent(paymentId)
    return { received: true }
  }

  /**
   * GET /api/payments/quote: the amount the server will require, in SAR, and
   * the signed claim the card form must carry as `metadata.claim`.
   */
  async quote(ctx: HttpContext): Promise<PaymentQuote> {
    const input = await ctx.request.validateUsing(quoteValidator, {
      data: quoteQuery(ctx.request.qs()),
      messagesProvider: new PaymentMessages(ctx.i18n),
    })
    const quote = await quotePayment(ctx.auth.getUserOrFail(), {
      roomId: input.roomId,
      ...monthsOf(input),
    })
    return serializePaymentQuote(quote)
  }

  /** GET /api/payments/:id/receipt: the payer's or the administrator's; else 404. */
  async receipt(ctx: HttpContext): Promise<Receipt> {
    const issued = await receiptOf(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    return serializeReceipt(issued, ctx.i18n.locale)
  }
}
