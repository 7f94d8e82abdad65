import type * as Api from '@sakan/common'
import type User from '#models/user'

/** The signed-in user as the clients see it. */
export function serializeUser(user: User): Api.SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    username: user.username,
    phone: user.phone,
    photoUrl: user.photoUrl,
    role: user.role,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    /* A user just created carries the columns' defaults only once read back. */
    locale: user.locale ?? 'en',
    rentReminders: user.rentReminders ?? true,
    privacyVersion: user.privacyVersion ?? null,
  }
}
