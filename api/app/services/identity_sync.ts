import db from '@adonisjs/lucid/services/db'
import type { DecodedIdToken } from 'firebase-admin/auth'
import { Exception } from '@adonisjs/core/exceptions'
import { PRIVACY_NOTICE_VERSION } from '@sakan/common'
import User from '#models/user'
import { recordConsent } from '#services/consents'
import { TokenRefused, verifyIdToken } from '#services/firebase'
import { endAllSessions } from '#services/sessions'

export interface ProfileHints {
  displayName?: string | null
  photoURL?: string | null
  /** The privacy notice's version the sign-in form showed her, accepted by signing in. */
  privacyVersion?: string | null
}

/**
 * A sign-in the API refuses: its message is a catalogue key (answered in the caller's
 * language by the exception handler), its reason and user (when known) go to the audit log.
 */
export class SignInRefused extends Exception {
  constructor(
    messageKey: string,
    readonly reason: string,
    readonly userId: number | null = null,
    status = 401
  ) {
    super(messageKey, { status, code: 'E_SIGN_IN_REFUSED' })
  }
}

/** What the browser claims at sign-in: checked against the token, never trusted. */
export interface SignInClaims extends ProfileHints {
  uid: string
  email: string
}

/**
 * Verifies the ID token (revocation included), checks the body names the same identity and
 * returns the user behind it. Throws `SignInRefused`.
 */
export async function signIn(token: string, claims: SignInClaims) {
  let identity: DecodedIdToken
  try {
    identity = await verifyIdToken(token)
  } catch (error) {
    if (!(error instanceof TokenRefused)) throw error
    throw new SignInRefused('auth.invalidToken', error.reason, await userIdOf(error.uid))
  }
  if (identity.uid !== claims.uid || identity.email?.toLowerCase() !== claims.email.toLowerCase()) {
    throw new SignInRefused(
      'auth.identityMismatch',
      'identity_mismatch',
      await userIdOf(identity.uid)
    )
  }
  const previousUid = (await User.findBy('email', identity.email?.toLowerCase() ?? ''))?.firebaseUid
  const user = await syncUser(identity, claims)
  /*
   * An account now linked to another Firebase identity: sessions opened by the earlier one
   * end (whoever created the account with an unverified address loses it).
   */
  const linked = previousUid !== undefined && previousUid !== identity.uid
  if (linked) await endAllSessions(user.id)
  return { user, method: identity.firebase?.sign_in_provider ?? null, linked }
}

async function userIdOf(uid: string | undefined): Promise<number | null> {
  if (!uid) return null
  return (await User.findBy('firebase_uid', uid))?.id ?? null
}

/**
 * The user behind a verified Firebase identity, created on first sign-in. The e-mail comes
 * from the verified token, never from the request body; the role is never touched here
 * (only the database and `node ace user:role` decide it). An existing account is linked to
 * a new Firebase identity only when Firebase has verified the e-mail; demo accounts are
 * linked by `node ace demo:identities`, never by whoever signs in first.
 */
export async function syncUser(identity: DecodedIdToken, hints: ProfileHints): Promise<User> {
  const email = identity.email?.toLowerCase()
  if (!email) throw new SignInRefused('auth.noEmail', 'no_email')
  const emailVerified = identity.email_verified === true

  return db.transaction(async (trx) => {
    let user = await User.query({ client: trx })
      .where('firebase_uid', identity.uid)
      .forUpdate()
      .first()
    if (!user) {
      const sameEmail = await User.query({ client: trx }).where('email', email).forUpdate().first()
      /* Anyone may create an unverified Firebase account for any address: not proof of owning it. */
      if (sameEmail && !emailVerified) {
        throw new SignInRefused('auth.emailUnverified', 'email_not_verified', sameEmail.id, 409)
      }
      user = sameEmail ?? new User()
      user.firebaseUid = identity.uid
      if (!sameEmail) {
        user.role = 'tenant'
        user.username = email.split('@')[0]!.slice(0, 60)
      }
    }
    user.email = email
    user.emailVerified = emailVerified
    const name = clean(hints.displayName) ?? clean(identity.name as string | undefined)
    if (name && !user.fullName) user.fullName = name
    const photo = clean(hints.photoURL) ?? clean(identity.picture)
    if (photo && /^https:\/\//.test(photo)) user.photoUrl = photo
    const created = !user.$isPersisted
    user.useTransaction(trx)
    await user.save()
    if (
      hints.privacyVersion === PRIVACY_NOTICE_VERSION &&
      user.privacyVersion !== hints.privacyVersion
    ) {
      await recordConsent(trx, user, created ? 'sign_up' : 'sign_in')
    }
    return user
  })
}

function clean(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, 120) : undefined
}
