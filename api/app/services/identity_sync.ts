import db from '@adonisjs/lucid/services/db'
import type { DecodedIdToken } from 'firebase-admin/auth'
import { Exception } from '@adonisjs/core/exceptions'
import User from '#models/user'

/** Seeded accounts carry this placeholder until their first sign-in links the Firebase uid. */
export const SEED_UID_PREFIX = 'seed:'

export interface ProfileHints {
  displayName?: string | null
  photoURL?: string | null
}

/**
 * The user behind a verified Firebase identity, created on first sign-in. The e-mail comes
 * from the verified token, never from the request body; the role is never touched here
 * (only the database and `node ace user:role` decide it).
 */
export async function syncUser(identity: DecodedIdToken, hints: ProfileHints): Promise<User> {
  const email = identity.email?.toLowerCase()
  if (!email) throw new Exception('auth.noEmail', { status: 401, code: 'E_NO_EMAIL' })

  return db.transaction(async (trx) => {
    let user = await User.query({ client: trx })
      .where('firebase_uid', identity.uid)
      .forUpdate()
      .first()
    if (!user) {
      const sameEmail = await User.query({ client: trx }).where('email', email).forUpdate().first()
      if (sameEmail && !sameEmail.firebaseUid.startsWith(SEED_UID_PREFIX)) {
        throw new Exception('auth.emailInUse', { status: 409, code: 'E_EMAIL_IN_USE' })
      }
      user = sameEmail ?? new User()
      user.firebaseUid = identity.uid
      if (!sameEmail) {
        user.email = email
        user.role = 'tenant'
        user.username = email.split('@')[0]!.slice(0, 60)
      }
    }
    user.email = email
    const name = clean(hints.displayName) ?? clean(identity.name as string | undefined)
    if (name && !user.fullName) user.fullName = name
    const photo = clean(hints.photoURL) ?? clean(identity.picture)
    if (photo && /^https:\/\//.test(photo)) user.photoUrl = photo
    user.useTransaction(trx)
    await user.save()
    return user
  })
}

function clean(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, 120) : undefined
}

/** The signed-in user as the clients see it (spec §3 "Signed-in user"). */
export function serializeUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    username: user.username,
    phone: user.phone,
    photoUrl: user.photoUrl,
    role: user.role,
    isAdmin: user.isAdmin,
  }
}
