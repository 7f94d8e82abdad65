import type { HttpContext } from '@adonisjs/core/http'
import { withTotal } from '#server/list_response'
import { listOutbox, resend } from '#services/notifications'
import { listOutboxValidator } from '#validators/notification'

/** The outbox for the administrator: every message, its delivery, and resend. */
export default class AdminNotificationsController {
  /** GET /api/admin/notifications */
  async index(ctx: HttpContext) {
    const query = await ctx.request.validateUsing(listOutboxValidator, { data: ctx.request.qs() })
    return withTotal(ctx.response, await listOutbox(query))
  }

  /** POST /api/admin/notifications/:id/resend: back in the outbox, sent by the next worker run. */
  async resend(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('resend')
    await resend(Number(ctx.params.id))
    return ctx.response.accepted({ id: Number(ctx.params.id), state: 'pending' })
  }
}
