import { cert, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth'
import { Exception } from '@adonisjs/core/exceptions'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

/** The Firebase project: `demo-sakan` (the emulator's) unless configured. */
export const firebaseProjectId = env.get('FIREBASE_PROJECT_ID', 'demo-sakan')

/** `host:port` of the Auth emulator, when it stands in for Firebase (never in production). */
export function authEmulatorHost(): string | undefined {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined
}

let firebaseApp: App | undefined

function instance(): App {
  const serviceAccount = env.get('FIREBASE_SERVICE_ACCOUNT')
  firebaseApp ??= initializeApp(
    {
      projectId: firebaseProjectId,
      ...(serviceAccount ? { credential: cert(JSON.parse(serviceAccount)) } : {}),
    },
    'sakan'
  )
  return firebaseApp
}

/** The Firebase Admin Auth client (the emulator's when FIREBASE_AUTH_EMULATOR_HOST is set). */
export function firebaseAuth(): Auth {
  return getAuth(instance())
}

/** Why a sign-in token was refused: recorded in the audit log; the caller sees one message. */
export type TokenRefusal = 'token_invalid' | 'token_revoked' | 'user_disabled'

export class TokenRefused extends Error {
  constructor(
    readonly reason: TokenRefusal,
    /** The token's account, known only when the token itself was genuine. */
    readonly uid?: string
  ) {
    super(reason)
  }
}

/**
 * Firebase could not be reached, or failed, while checking a sign-in: the token was not
 * judged, so she is not told to sign in again. Answers 503; she may try again in a moment.
 */
export class IdentityUnavailable extends Exception {
  static status = 503
  static code = 'E_IDENTITY_UNAVAILABLE'
  constructor(cause: unknown) {
    super('errors.unavailable', { cause })
  }
}

/** firebase-admin's codes for a request to Firebase that failed, not for a bad token. */
const FIREBASE_DOWN = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error'])

/**
 * Verifies a Firebase ID token (signature, audience, issuer, expiry) and that its account is
 * neither disabled nor signed out everywhere since the token was issued (`checkRevoked`).
 * Against the emulator tokens are unsigned, which is why production refuses to start with
 * the emulator set. Throws `TokenRefused`, or `IdentityUnavailable` when Firebase cannot
 * answer.
 */
export async function verifyIdToken(token: string): Promise<DecodedIdToken> {
  try {
    return await firebaseAuth().verifyIdToken(token, true)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && FIREBASE_DOWN.has(code)) {
      logger.warn({ err: error }, 'could not verify a sign-in with Firebase')
      throw new IdentityUnavailable(error)
    }
    /* Firebase's own code and words say why (expired, malformed, another project, no such
       account, revoked): she sees one message and the audit log one of three reasons. */
    logger.warn({ code, reason: (error as Error).message }, 'refused a Firebase ID token')
    /* The SDK checks revocation only after the signature: the token's subject is genuine. */
    if (code === 'auth/id-token-revoked') throw new TokenRefused('token_revoked', subject(token))
    if (code === 'auth/user-disabled') throw new TokenRefused('user_disabled', subject(token))
    throw new TokenRefused('token_invalid')
  }
}

function subject(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    return typeof payload.sub === 'string' ? payload.sub : undefined
  } catch {
    return undefined
  }
}

/** What a session needs to know of a Firebase account (null when there is no such account). */
export interface FirebaseAccount {
  disabled: boolean
  /** Tokens issued before this time (epoch ms) are revoked: signed out everywhere. */
  tokensValidAfter: number | null
}

/** Reads the account from Firebase. Throws when Firebase cannot be reached. */
export async function findAccount(uid: string): Promise<FirebaseAccount | null> {
  try {
    const account = await firebaseAuth().getUser(uid)
    return {
      disabled: account.disabled,
      tokensValidAfter: account.tokensValidAfterTime
        ? Date.parse(account.tokensValidAfterTime)
        : null,
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return null
    throw error
  }
}

/**
 * Signs the account out of Firebase on every device (its refresh tokens and the ID tokens
 * issued so far are revoked). False when Firebase has no such account or cannot be reached.
 */
export async function revokeSignIns(uid: string): Promise<boolean> {
  try {
    await firebaseAuth().revokeRefreshTokens(uid)
    return true
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') {
      logger.warn({ err: error }, 'could not revoke the Firebase sign-ins of an account')
    }
    return false
  }
}

/** The public web configuration the browser's Firebase SDK needs. */
export function firebaseWebConfig() {
  const emulator = authEmulatorHost()
  return {
    apiKey: env.get('FIREBASE_API_KEY', 'demo-api-key'),
    authDomain: env.get('FIREBASE_AUTH_DOMAIN', `${firebaseProjectId}.firebaseapp.com`),
    projectId: firebaseProjectId,
    emulatorUrl: emulator ? `http://${emulator}` : null,
  }
}

/** Deletes the Firebase account (her account closed); one already gone is not an error. */
export async function deleteAccount(uid: string): Promise<void> {
  try {
    await firebaseAuth().deleteUser(uid)
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return
    throw error
  }
}
