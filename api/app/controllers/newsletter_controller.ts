import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { subscribeValidator } from '#validators/newsletter'
import { sqlTimestamp } from '#services/sql_time'

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

/** Stores the address unless it is there already. */
async function subscribe(email: string, locale: string): Promise<void> {
  if (await db.from('newsletter_subscriptions').where('email', email).first()) return
  try {
    await db.table('newsletter_subscriptions').insert({ email, locale, created_at: sqlTimestamp() })
  } catch (error) {
    /* Two requests for one address at once: the second finds it stored. */
    if (await db.from('newsletter_subscriptions').where('email', email).first()) return
    throw error
  }
}
