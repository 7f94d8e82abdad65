/**
 * E-mail verification: whether the account area asks her to verify her address, and where.
 * The emulator's verification link is read by emulator-verify-link.ts.
 */
import type { SessionUser } from './user'

/**
 * Whether the account area asks her to verify her e-mail. Only an explicit `false` from the
 * API counts: an answer without the field (an older API) shows nothing rather than guessing.
 */
export function needsEmailVerification(
  user: Partial<Pick<SessionUser, 'emailVerified'>> | null | undefined
): boolean {
  return user?.emailVerified === false
}

/** The pages where the notice is not shown: signing in and registering come before it. */
export function showsVerificationNotice(pathname: string): boolean {
  return !/^\/(login|register)\/?$/.test(pathname)
}
