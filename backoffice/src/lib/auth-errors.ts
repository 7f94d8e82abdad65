/**
 * Firebase Authentication error codes → the translation key of the message we show.
 * Keys live in the `account` namespace.
 *
 * The Auth emulator answers EMAIL_NOT_FOUND / INVALID_PASSWORD, which the SDK reports as
 * `auth/user-not-found` / `auth/wrong-password`, so both messages are reachable there.
 * A production project with e-mail enumeration protection answers `auth/invalid-credential`
 * for both cases; it cannot tell them apart (by design), so it reads 'Incorrect password'.
 */
import { isApiError } from '../providers/http'

const SIGN_IN: Record<string, string> = {
  'auth/user-not-found': 'login.errors.userNotFound',
  'auth/wrong-password': 'login.errors.wrongPassword',
  'auth/invalid-credential': 'login.errors.wrongPassword',
  'auth/invalid-login-credentials': 'login.errors.wrongPassword',
  'auth/invalid-email': 'login.errors.invalidEmail',
  'auth/user-disabled': 'login.errors.userDisabled',
  'auth/too-many-requests': 'login.errors.tooManyRequests',
  'auth/network-request-failed': 'login.errors.network',
  'auth/popup-blocked': 'login.errors.popupBlocked',
  'auth/account-exists-with-different-credential': 'login.errors.differentCredential',
}

const SIGN_UP: Record<string, string> = {
  'auth/weak-password': 'register.errors.weakPassword',
  'auth/email-already-in-use': 'register.errors.emailInUse',
  'auth/invalid-email': 'register.errors.invalidEmail',
  'auth/too-many-requests': 'login.errors.tooManyRequests',
  'auth/network-request-failed': 'login.errors.network',
  'auth/operation-not-allowed': 'register.errors.notAllowed',
}

/** Codes that mean the visitor closed or replaced the Google popup herself: not an error. */
const CANCELLED = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
])

export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}

export function signInErrorKey(error: unknown): string {
  return SIGN_IN[errorCode(error) ?? ''] ?? 'login.errors.generic'
}

export function signUpErrorKey(error: unknown): string {
  return SIGN_UP[errorCode(error) ?? ''] ?? 'register.errors.generic'
}

export function isCancelledSignIn(error: unknown): boolean {
  return CANCELLED.has(errorCode(error) ?? '')
}

/**
 * The API's own message when it refused to open the session for a reason she can act on:
 * 409, an existing account's e-mail presented by an identity whose address Firebase has not
 * verified (already in her language). Other refusals keep the generic text.
 */
export function sessionRefusalMessage(error: unknown): string | undefined {
  return isApiError(error) && error.statusCode === 409 ? error.serverMessage : undefined
}

/**
 * The text when the session could not be opened: 503 means the API could not ask Firebase
 * (or its database) right now, so she is asked to try again in a moment, not to sign in anew.
 */
export function sessionFailureKey(error: unknown): string {
  return isApiError(error) && error.statusCode === 503
    ? 'login.errors.unavailable'
    : 'login.errors.session'
}

const VERIFICATION: Record<string, string> = {
  'auth/too-many-requests': 'verifyEmail.tooManyRequests',
  'auth/network-request-failed': 'login.errors.network',
}

/** Sending the verification e-mail or checking it failed: what to tell her. */
export function verificationErrorKey(error: unknown): string {
  return VERIFICATION[errorCode(error) ?? ''] ?? 'verifyEmail.error'
}
