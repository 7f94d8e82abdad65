import type { HttpContext } from '@adonisjs/core/http'
import MaintenanceRequest from '#models/maintenance_request'
import { listMaintenanceValidator } from '#validators/listing'
import { paginate } from '#services/paging'
import { withMaintenanceDetails } from '#services/maintenance'
import { serializeMaintenanceRequest } from '#transformers/account_transformer'

export default class MaintenanceRequestsController {
  /** GET /api/maintenance-requests: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(listMaintenanceValidator, {
      data: ctx.request.qs(),
    })
    const query = MaintenanceRequest.query().withScopes((scopes) => scopes.visibleTo(user))
    if (input.status) query.where('status', input.status)
    const requests = await paginate(
      ctx,
      withMaintenanceDetails(query.orderBy('created_at', 'desc').orderBy('id', 'desc')),
      input
    )
    return requests.map((request) => serializeMaintenanceRequest(request, ctx.i18n.locale))
  }
}
