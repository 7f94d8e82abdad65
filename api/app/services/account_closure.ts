import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { Exception } from '@adonisjs/core/exceptions'
import { formatSarFigure, fromHalalas } from '@sakan/common'
import type User from '#models/user'
import Tenancy from '#models/tenancy'
import { auditAuth } from '#services/audit'
import { deleteAccount, verifyIdToken } from '#services/firebase'
import { endAllSessions } from '#services/sessions'
import { stayFactsOf } from '#services/tenancies'
import { destroyDocumentsOf } from '#services/id_documents_at_rest'
import { removePhoto } from '#services/maintenance'
import { sqlTimestamp } from '#services/sql_time'

/*
 * Her account closed by herself (the Personal Data Protection Law's right to destruction):
 * her personal data erased or replaced by "Former resident #id", her ID documents and photos
 * destroyed, her notifications and newsletter subscription deleted, her Firebase account
 * deleted and every session ended. What accounting law requires is kept: her stays, payments
 * and receipts (amounts, dates, numbers), under the placeholder name.
 */

/** How recent the sign-in confirming a closure must be. */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000

const refusal = (status: number, key: string) => new Exception(key, { status })

/**
 * Checks the ID token `token` is hers and was signed in with within `FRESH_SIGN_IN_MS`: a
 * stolen session cookie alone cannot close an account. A 403, not a 401: her session is
 * fine, and the account app signs out on a 401.
 */
export async function confirmFreshSignIn(user: User, token: string | undefined, now = Date.now()) {
  if (!token) throw refusal(403, 'account.freshSignInNeeded')
  let claims
  try {
    claims = await verifyIdToken(token)
  } catch {
    throw refusal(403, 'account.freshSignInNeeded')
  }
  if (claims.uid !== user.firebaseUid) throw refusal(403, 'account.otherAccount')
  if (now - claims.auth_time * 1000 > FRESH_SIGN_IN_MS) {
    throw refusal(403, 'account.freshSignInNeeded')
  }
}

/**
 * Why the account cannot close now, as a refusal, or nothing: an administrator's, a current
 * stay, or money owed on any stay.
 */
async function closureRefusal(user: User): Promise<Exception | null> {
  if (user.isAdmin) return refusal(409, 'account.administrator')
  const stays = await Tenancy.query().where('user_id', user.id).orderBy('id')
  if (stays.some((stay) => stay.state === 'active')) return refusal(409, 'account.activeStay')
  const facts = await stayFactsOf(stays)
  const owed = [...facts.values()].reduce((sum, fact) => sum + fact.owed.total, 0)
  if (owed > 0) {
    return Object.assign(refusal(409, 'account.moneyOwed'), {
      messageValues: (locale: string) => ({ amount: formatSarFigure(fromHalalas(owed), locale) }),
    })
  }
  return null
}

/** The name and address that stand for her once her account is closed. */
export const formerResident = (id: number) => ({
  fullName: `Former resident #${id}`,
  email: `former-resident-${id}@closed.invalid`,
})

/**
 * Closes her account, or throws the refusal (409) that says why it cannot close. The rows
 * change in one transaction; then the files go (a file the storage keeps is logged, and the
 * documents purge tries the closed account's documents again), her Firebase account and
 * her sessions.
 */
export async function closeAccount(user: User, now: Date = new Date()): Promise<void> {
  const refused = await closureRefusal(user)
  if (refused) throw refused

  const firebaseUid = user.firebaseUid
  const files = await db.transaction(async (trx) => {
    /* Locks her row: two closures at once, one does the work. */
    const row = await trx.from('users').where('id', user.id).forUpdate().first()
    if (!row || row.closed_at) return null
    const placeholder = formerResident(user.id)
    await trx
      .from('users')
      .where('id', user.id)
      .update({
        full_name: placeholder.fullName,
        email: placeholder.email,
        email_verified: false,
        username: null,
        phone: null,
        photo_url: null,
        firebase_uid: `closed:${user.id}`,
        rent_reminders: false,
        closed_at: sqlTimestamp(now),
      })
    /* A pending application holds nothing yet (no stay, no payment): it goes, its file after. */
    const pending = () =>
      trx.from('applications').where('user_id', user.id).where('status', 'pending')
    const orphanKeys: string[] = (
      await pending().whereNotNull('document_key').select('document_key')
    ).map((application: { document_key: string }) => application.document_key)
    await pending().delete()
    await trx.from('applications').where('user_id', user.id).update({ additional_info: null })
    const photos: { key: string }[] = await trx
      .from('maintenance_photos as p')
      .join('maintenance_requests as r', 'r.id', 'p.maintenance_request_id')
      .where('r.user_id', user.id)
      .select('p.key')
    await trx
      .from('maintenance_photos')
      .whereIn(
        'maintenance_request_id',
        trx.from('maintenance_requests').where('user_id', user.id).select('id')
      )
      .delete()
    await trx.from('notifications').where('user_id', user.id).delete()
    await trx.from('newsletter_subscriptions').where('email', user.email).delete()
    await auditAuth({ action: 'auth.account_closed', userId: user.id }, trx)
    return { orphanKeys, photoKeys: photos.map((photo) => photo.key) }
  })
  if (files === null) return

  await destroyDocumentsOf(user.id, files.orphanKeys, now)
  for (const key of files.photoKeys) await removePhoto(key)
  await endAllSessions(user.id)
  try {
    await deleteAccount(firebaseUid)
  } catch (error) {
    logger.error({ err: error, user: user.id }, 'a closed account stayed in Firebase')
  }
}
