import type { HttpContext } from '@adonisjs/core/http'
import Payment from '#models/payment'
import { requestLocale } from '#services/i18n'
import { validationMessages } from '#validators/messages'
import { listPaymentsValidator, pageOf } from '#validators/listing'
import { serializePayment } from '#transformers/account_transformer'

export default class PaymentsController {
  /** GET /api/payments: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const locale = requestLocale(ctx)
    const input = await listPaymentsValidator.validate(ctx.request.qs(), {
      messagesProvider: validationMessages(locale),
    })
    const query = Payment.query()
    if (!user.isAdmin) query.where('user_id', user.id)
    if (input.status) query.where('status', input.status)
    const [counted] = await query.clone().count('* as total')
    const { start, limit } = pageOf(input)
    const payments = await query
      .preload('user')
      .preload('room', (room) => room.preload('building'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(start)
      .limit(limit)
    ctx.response.header('X-Total-Count', String(Number(counted?.$extras.total ?? 0)))
    return payments.map((payment) => serializePayment(payment, locale))
  }
}
