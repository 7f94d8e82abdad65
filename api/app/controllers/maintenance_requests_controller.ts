import type { HttpContext } from '@adonisjs/core/http'
import MaintenanceRequest from '#models/maintenance_request'
import { requestLocale } from '#services/i18n'
import { validationMessages } from '#validators/messages'
import { listMaintenanceValidator, pageOf } from '#validators/listing'
import { serializeMaintenanceRequest } from '#transformers/account_transformer'

export default class MaintenanceRequestsController {
  /** GET /api/maintenance-requests: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const locale = requestLocale(ctx)
    const input = await listMaintenanceValidator.validate(ctx.request.qs(), {
      messagesProvider: validationMessages(locale),
    })
    const query = MaintenanceRequest.query()
    if (!user.isAdmin) query.where('user_id', user.id)
    if (input.status) query.where('status', input.status)
    const [counted] = await query.clone().count('* as total')
    const { start, limit } = pageOf(input)
    const requests = await query
      .preload('user')
      .preload('room')
      .preload('building')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(start)
      .limit(limit)
    ctx.response.header('X-Total-Count', String(Number(counted?.$extras.total ?? 0)))
    return requests.map((request) => serializeMaintenanceRequest(request, locale))
  }
}
