import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { requestLocale, translate } from '#services/i18n'
import { validationMessages } from '#validators/messages'
import { subscribeValidator } from '#validators/newsletter'
import { sqlTimestamp } from '#services/sql_time'

export default class NewsletterController {
  /** POST /api/newsletter {email}: 201 when new, 200 when already subscribed. */
  async store(ctx: HttpContext) {
    const locale = requestLocale(ctx)
    const { email } = await ctx.request.validateUsing(subscribeValidator, {
      messagesProvider: validationMessages(locale),
    })
    const created = await subscribe(email, locale)
    return ctx.response.status(created ? 201 : 200).json({
      message: translate(locale, created ? 'newsletter.subscribed' : 'newsletter.already'),
    })
  }
}

/** Stores the address unless it is there already; true when it was new. */
async function subscribe(email: string, locale: string): Promise<boolean> {
  if (await db.from('newsletter_subscriptions').where('email', email).first()) return false
  try {
    await db.table('newsletter_subscriptions').insert({ email, locale, created_at: sqlTimestamp() })
    return true
  } catch (error) {
    /* Two requests for one address at once: the second finds it stored. */
    if (await db.from('newsletter_subscriptions').where('email', email).first()) return false
    throw error
  }
}
