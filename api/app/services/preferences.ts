import { isLocale, type Locale } from '@sakan/common'
import User from '#models/user'

/**
 * What a signed-in user chose that the server must know when she is not there:
 * the language her messages are written in, and whether she gets rent reminders; and her
 * name and phone as she corrects them.
 */
export async function setPreferences(
  user: User,
  choice: { locale?: Locale; rentReminders?: boolean; fullName?: string; phone?: string | null }
): Promise<User> {
  if (choice.locale !== undefined) user.locale = choice.locale
  if (choice.rentReminders !== undefined) user.rentReminders = choice.rentReminders
  if (choice.fullName !== undefined) user.fullName = choice.fullName
  if (choice.phone !== undefined) user.phone = choice.phone
  await user.save()
  return user
}

/**
 * Her language, as the page she is using names it (`X-Locale`: the account app sends it on
 * every call, the site's pages where she reads answers): stored when it changed, so a switch
 * of language while signed in, in either front end, reaches her next message. Nothing is
 * written when the header is absent or unchanged.
 */
export async function rememberLocale(user: User, header: string | undefined) {
  if (!isLocale(header) || user.locale === header) return
  await User.query().where('id', user.id).update({ locale: header })
  user.locale = header
}
