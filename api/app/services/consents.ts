import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import { PRIVACY_NOTICE_VERSION, type ConsentContext } from '@sakan/common'
import type User from '#models/user'
import Consent from '#models/consent'
import { instant } from '#transformers/helpers'

/*
 * Her consents to the privacy notice (issue 45): every acceptance is a row (the version, when,
 * where); her user row keeps the version she last accepted, which `GET /api/auth/me` answers
 * and the account app compares with `PRIVACY_NOTICE_VERSION` to ask again.
 */

/** Records that she accepted the current privacy notice, in `trx`. */
export async function recordConsent(
  trx: TransactionClientContract,
  user: User,
  context: ConsentContext,
  applicationId: number | null = null
): Promise<void> {
  await Consent.create(
    { userId: user.id, version: PRIVACY_NOTICE_VERSION, context, applicationId },
    { client: trx }
  )
  if (user.privacyVersion !== PRIVACY_NOTICE_VERSION) {
    await trx.from('users').where('id', user.id).update({ privacy_version: PRIVACY_NOTICE_VERSION })
    user.privacyVersion = PRIVACY_NOTICE_VERSION
  }
}

/** `POST /api/me/consent`: she accepts the current notice, asked again at a sign-in. */
export async function acceptPrivacyNotice(user: User): Promise<User> {
  if (user.privacyVersion === PRIVACY_NOTICE_VERSION) return user
  await db.transaction((trx) => recordConsent(trx, user, 'sign_in'))
  return user
}

/** Her consents, newest first (her data's export), at most `limit`. */
export async function consentsOf(userId: number, limit: number) {
  const rows = await Consent.query().where('user_id', userId).orderBy('id', 'desc').limit(limit)
  return rows.map((row) => ({
    version: row.version,
    context: row.context,
    applicationId: row.applicationId,
    at: instant(row.createdAt),
  }))
}
