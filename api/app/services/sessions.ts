import { configProvider } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type {
  ResolvedSessionConfig,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'
import env from '#start/env'
import User from '#models/user'
import { findAccount } from '#services/firebase'

/** A session ends this long after sign-in, however active it is (the store's expiry slides). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

/**
 * When the session was opened (epoch ms). Written once, at sign-in: the session is never
 * written again by an ordinary request (only its expiry is touched), so a request still
 * running when the session is ended cannot bring it back by saving it.
 */
export const SIGNED_IN_AT_KEY = 'sakan_signed_in_at'

/** Why an open session is ended before its user's request is served. */
export type SessionProblem = 'expired' | 'revoked' | 'disabled' | 'deleted'

let resolvedConfig: Promise<ResolvedSessionConfig> | undefined

/**
 * The configured session store (database or Redis). Built per call, as the session
 * middleware does per request, so that it queries through the current connection.
 */
export async function sessionStore(): Promise<SessionStoreWithTaggingContract> {
  resolvedConfig ??= configProvider
    .resolve<ResolvedSessionConfig>(app, app.config.get('session'))
    .then((config) => config!)
  const config = await resolvedConfig
  /* No request: the factory reads one only for the cookie store, which we do not use. */
  return config.stores[config.store]!(null as never, config) as SessionStoreWithTaggingContract
}

/**
 * Whether a session opened at `signedInAt` (epoch ms) must end: seven days after sign-in, or
 * once its Firebase account is disabled, deleted or signed out everywhere since then.
 */
export async function sessionProblem(
  user: User,
  signedInAt: number
): Promise<SessionProblem | null> {
  if (signedInAt + SESSION_LIFETIME_MS < Date.now()) return 'expired'
  const lost = await recheckAccount(user)
  if (lost) return lost
  return (user.firebaseTokensValidAfter ?? 0) > signedInAt ? 'revoked' : null
}

/**
 * Asks Firebase about the user's account at most every `SESSION_RECHECK_SECONDS` (300 by
 * default), once for all her sessions, and keeps the answer on her row: every session is
 * then compared with the latest known "tokens valid after". A disabled or deleted account
 * is not remembered: its sessions are all ended.
 */
async function recheckAccount(user: User): Promise<'disabled' | 'deleted' | null> {
  const now = Date.now()
  const interval = env.get('SESSION_RECHECK_SECONDS', 300) * 1000
  if (user.firebaseCheckedAt !== null && now - user.firebaseCheckedAt < interval) return null

  let validAfter = user.firebaseTokensValidAfter
  try {
    const account = await findAccount(user.firebaseUid)
    if (!account) return 'deleted'
    if (account.disabled) return 'disabled'
    validAfter = account.tokensValidAfter
  } catch (error) {
    /* Firebase unreachable: keep serving, and ask again after the next interval, not on every request. */
    logger.warn({ err: error }, 'could not re-check an account with Firebase')
  }
  /* A query, not save(): bookkeeping, not a change of the user's profile (updated_at). */
  await User.query()
    .where('id', user.id)
    .update({ firebase_checked_at: now, firebase_tokens_valid_after: validAfter })
  user.firebaseCheckedAt = now
  user.firebaseTokensValidAfter = validAfter
  return null
}

/** Ends every session tagged with the user; answers how many there were. */
export async function endAllSessions(userId: number): Promise<number> {
  const store = await sessionStore()
  const sessions = await store.tagged(String(userId))
  for (const session of sessions) await store.destroy(session.id)
  return sessions.length
}
