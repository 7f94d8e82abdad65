import type { HttpContext } from '@adonisjs/core/http'
import { subscribeValidator } from '#validators/newsletter'
import { subscribe } from '#services/newsletter'

export default class NewsletterController {
  /**
   * POST /api/newsletter {email}: the same answer whether the address is new or known, so
   * the form cannot be used to learn who subscribed.
   */
  async store(ctx: HttpContext) {
    const { email } = await ctx.request.validateUsing(subscribeValidator)
    await subscribe(email, ctx.i18n.locale)
    return ctx.response.ok({ message: ctx.i18n.t('newsletter.subscribed') })
  }
}
