import db from '@adonisjs/lucid/services/db'
import { sqlTimestamp } from '#services/sql_time'

/** Stores the address unless it is there already. */
export async function subscribe(email: string, locale: string): Promise<void> {
  if (await db.from('newsletter_subscriptions').where('email', email).first()) return
  try {
    await db.table('newsletter_subscriptions').insert({ email, locale, created_at: sqlTimestamp() })
  } catch (error) {
    /* Two requests for one address at once: the second finds it stored. */
    if (await db.from('newsletter_subscriptions').where('email', email).first()) return
    throw error
  }
}
