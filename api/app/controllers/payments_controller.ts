import type { HttpContext } from '@adonisjs/core/http'
import Payment from '#models/payment'
import { listPaymentsValidator } from '#validators/listing'
import { paginate } from '#services/paging'
import { serializePayment } from '#transformers/account_transformer'

export default class PaymentsController {
  /** GET /api/payments: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(listPaymentsValidator, {
      data: ctx.request.qs(),
    })
    const query = Payment.query().withScopes((scopes) => scopes.visibleTo(user))
    if (input.status) query.where('status', input.status)
    const payments = await paginate(
      ctx,
      query
        .preload('user')
        .preload('room', (room) => room.preload('building'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
      input
    )
    return payments.map((payment) => serializePayment(payment, ctx.i18n.locale))
  }
}
