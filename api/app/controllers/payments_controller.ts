import type { HttpContext } from '@adonisjs/core/http'
import { fromHalalas, type PaymentQuote, type PaymentVerification } from '@sakan/common'
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
  paymentEvent,
  quotePayment,
  receiptOf,
  submitPayment,
  verifyPayment,
} from '#services/payments'
import { instant, residentRef, roomRef } from '#transformers/helpers'
import Payment from '#models/payment'
import { serializePayment } from '#transformers/account_transformer'

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
    const payment = await Payment.query()
      .withScopes((scopes) => scopes.visibleTo(ctx.auth.getUserOrFail()))
      .where('id', Number(ctx.params.id))
      .preload('user')
      .preload('room', (room) => room.preload('building'))
      .preload('months')
      .first()
    if (!payment) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return serializePayment(payment, ctx.i18n.locale)
  }

  /**
   * POST /api/payments (spec §7): records the gateway payment the form made, as the gateway
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
    await payment.load('user')
    await payment.load('room', (room) => room.preload('building'))
    await payment.load('months')
    return ctx.response.status(created ? 201 : 200).json(serializePayment(payment, ctx.i18n.locale))
  }

  /** GET /api/payments/verify/:id: the gateway's word on one of the caller's payments. */
  async verify(ctx: HttpContext): Promise<PaymentVerification> {
    const { gateway: state, paymentId } = await verifyPayment(
      ctx.auth.getUserOrFail(),
      String(ctx.params.id)
    )
    return {
      id: state.id,
      status: state.status,
      amount: fromHalalas(state.amountHalalas),
      created: state.createdAt,
      message: state.message,
      paymentId,
    }
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
   * GET /api/payments/quote (issues 26, 39): the amount the server will require, in SAR, and
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
    return {
      roomId: quote.roomId,
      kind: quote.kind,
      monthsCovered: quote.months,
      gross: fromHalalas(quote.gross),
      discountPercent: quote.discountPercent,
      discount: fromHalalas(quote.discount),
      amount: fromHalalas(quote.amount),
      currency: 'SAR',
      claim: quote.claim,
    }
  }

  /** GET /api/payments/:id/receipt (issue 26): the payer's or the administrator's; else 404. */
  async receipt(ctx: HttpContext) {
    const { payment, receipt, claim } = await receiptOf(
      ctx.auth.getUserOrFail(),
      Number(ctx.params.id)
    )
    return {
      number: receipt.reference,
      issuedAt: instant(receipt.issuedAt),
      paymentId: payment.id,
      kind: claim.kind,
      monthsCovered: claim.months,
      gross: fromHalalas(receipt.grossHalalas),
      discount: fromHalalas(receipt.discountHalalas),
      amount: payment.amount,
      currency: payment.currency,
      paymentMethod: payment.method,
      paymentReference: payment.gatewayPaymentId,
      paymentDate: payment.paymentDate ? instant(payment.paymentDate) : null,
      refunded: payment.status === 'refunded',
      resident: residentRef(payment.user),
      room: roomRef(payment.room, ctx.i18n.locale),
    }
  }
}
