import type { HttpContext } from '@adonisjs/core/http'
import { withTotal } from '#server/list_response'
import { listNotifications, markRead } from '#services/notifications'
import { listNotificationsValidator, readNotificationsValidator } from '#validators/notification'

/** UNREAD_COUNT_HEADER: her unread count beside any page of her list (the bell's number). */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count'

/** Her notifications: the account app's bell and list. */
export default class NotificationsController {
  /** GET /api/notifications: hers, newest first, paged; `unread=true` for the unread only. */
  async index(ctx: HttpContext) {
    const query = await ctx.request.validateUsing(listNotificationsValidator, {
      data: ctx.request.qs(),
    })
    const page = await listNotifications(ctx.auth.getUserOrFail(), query, ctx.i18n.locale)
    ctx.response.header(UNREAD_COUNT_HEADER, String(page.unread))
    return withTotal(ctx.response, page)
  }

  /** POST /api/notifications/read: `{ids}` or `{all: true}`; answers how many changed. */
  async read(ctx: HttpContext) {
    const which = await ctx.request.validateUsing(readNotificationsValidator)
    return { updated: await markRead(ctx.auth.getUserOrFail(), which) }
  }
}
