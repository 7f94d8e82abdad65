/**
 * Signing in and out: Firebase proves who she is, `POST /api/auth/firebase-login` opens
 * the server session, `GET /api/auth/me` restores it on load, `POST /api/auth/logout`
 * ends it and `POST /api/auth/logout-all` ends every session of hers. Firebase is loaded on
 * demand (see firebase.ts). Registering sends Firebase's verification e-mail; once she has
 * opened it, a fresh ID token tells the API.
 */
import type { User } from 'firebase/auth'
import { AUTH_SESSION_HINT_KEY, AUTH_SIGNED_OUT_KEY } from '@sakan/common'
import { loadRuntimeConfig } from '../config/runtime'
import { isCancelledSignIn } from '../lib/auth-errors'
import { mayHaveFirebaseSignIn } from '../lib/firebase-kept'
import type { SessionUser } from '../lib/user'
import type { FirebaseClient } from './firebase'
import { apiGetOrNull, apiRequest } from './api'
import { isApiError, resumeDataCalls, stopDataCalls } from './http'
import { currentLanguage } from './i18n'
import { publishSession } from './session-store'

/**
 * Written by a log-out that could not reach Firebase (e.g. from the public site's header):
 * the Firebase sign-in kept on this device must then not silently re-open a session.
 */
export const SIGNED_OUT_MARKER_KEY = AUTH_SIGNED_OUT_KEY

/**
 * Set while this browser holds a server session we opened, so a visitor who never signed in
 * is not asked about a session she cannot have (the answer would be a 401 in the console).
 */
export const SESSION_HINT_KEY = AUTH_SESSION_HINT_KEY

let firebase: Promise<FirebaseClient> | null = null

/**
 * Who this device's session belongs to (`null`: signed out), as the server last said. Only
 * the auth provider reads it (`check`, `getIdentity`, `getPermissions`); the app sees it
 * through Refine's auth hooks, which ask again whenever it changes.
 */
let known: Promise<SessionUser | null> | null = null

/** The signed-in user or `null`; the first call restores the session (see `restoreSession`). */
export function currentUser(): Promise<SessionUser | null> {
  if (!known) {
    const restoring = restoreSession()
    known = restoring
    void restoring.then((user) => {
      // Unless a sign-in or sign-out has answered since.
      if (known === restoring) publishSession(user)
    })
  }
  return known
}

/**
 * The data cache (React Query under Refine) is loaded only with the pages that read data
 * (`RefineArea.tsx`), which attaches it here; before that there is nothing cached to update.
 */
export interface SessionCache {
  /** Refine's auth answers (identity, check, permissions) are asked again. */
  authChanged(): void
  /** Every cached answer but the auth ones (data, access decisions) is dropped. */
  forgetData(): void
  /** Calls in flight are cancelled. */
  cancel(): Promise<void>
}

let cache: SessionCache | null = null

export function attachSessionCache(next: SessionCache): void {
  cache = next
}

function settle(user: SessionUser | null): void {
  known = Promise.resolve(user)
  publishSession(user)
  cache?.authChanged()
}

/**
 * Nothing of another identity may be shown: data and access decisions are dropped, the auth
 * answers are asked again instead (`settle`), so the header and guards follow at once.
 */
function forgetCachedData(): void {
  cache?.forgetData()
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage
  } catch {
    return null
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage
  } catch {
    return null
  }
}

function setSessionHint(present: boolean): void {
  try {
    if (present) storage()?.setItem(SESSION_HINT_KEY, '1')
    else storage()?.removeItem(SESSION_HINT_KEY)
  } catch {
    // Without storage the session is simply asked for on every load.
  }
}

export function getFirebase(): Promise<FirebaseClient> {
  firebase ??= Promise.all([loadRuntimeConfig(), import('./firebase')])
    .then(([config, module]) => module.createFirebaseClient(config.firebase))
    .catch((error: unknown) => {
      firebase = null
      throw error
    })
  return firebase
}

/**
 * Opens the server session for a Firebase user; the API checks the token and the uid.
 * `freshToken` asks Firebase for a new ID token, whose claims (e-mail verified) are current.
 */
export async function syncSession(
  user: User,
  displayName?: string,
  freshToken = false,
  privacyVersion?: string
): Promise<SessionUser> {
  const token = await user.getIdToken(freshToken)
  return apiRequest<SessionUser>('/api/auth/firebase-login', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    json: {
      uid: user.uid,
      email: user.email,
      displayName: displayName ?? user.displayName,
      photoURL: user.photoURL,
      privacyVersion,
    },
  })
}

/** A new identity: nothing cached for the previous one may be shown (data, access decisions). */
function startSession(user: SessionUser): SessionUser {
  forgetCachedData()
  setSessionHint(true)
  settle(user)
  return user
}

function takeSignedOutMarker(): boolean {
  try {
    const marked = typeof storage()?.getItem(SIGNED_OUT_MARKER_KEY) === 'string'
    storage()?.removeItem(SIGNED_OUT_MARKER_KEY)
    return marked
  } catch {
    return false
  }
}

/** Whether this browser holds a session we opened (storage says so). */
function isSessionHinted(): boolean {
  try {
    return typeof storage()?.getItem(SESSION_HINT_KEY) === 'string'
  } catch {
    return false
  }
}

function mayHaveSession(): boolean {
  try {
    const store = storage()
    return !store || store.getItem(SESSION_HINT_KEY) !== null
  } catch {
    return true
  }
}

/**
 * Start-up: the server session, else a Firebase sign-in kept on this device, else signed out.
 * A session the server ended (Log Out or "sign out of all devices" elsewhere, expiry, a
 * disabled account) is not silently re-opened from the Firebase sign-in kept here: that
 * sign-in ends too, and she signs in again.
 */
async function restoreSession(): Promise<SessionUser | null> {
  let endedByServer = false
  if (mayHaveSession()) {
    try {
      const user = await apiGetOrNull<SessionUser>('/api/auth/me')
      if (user) {
        takeSignedOutMarker()
        return user
      }
      endedByServer = isSessionHinted()
      setSessionHint(false)
    } catch (error) {
      console.error('[auth] could not read the session', error)
    }
  }
  if (!mayHaveFirebaseSignIn(storage(), sessionStorageOrNull())) {
    // Firebase keeps nothing here to restore or to end: its SDK is not loaded at start-up
    // (a signed-out visitor's sign-in page loads it at her first interaction instead).
    takeSignedOutMarker()
    return null
  }
  try {
    const client = await getFirebase()
    if (takeSignedOutMarker()) {
      await client.signOut()
    } else {
      const redirected = await client.redirectResult().catch((error: unknown) => {
        // A closed popup or abandoned redirect is not an error.
        if (!isCancelledSignIn(error)) console.error('[auth] Google redirect sign-in failed', error)
        return null
      })
      // A sign-in she has just finished (Google's redirect) opens a session; one merely kept
      // on this device does not re-open a session the server ended.
      if (!redirected && endedByServer) await client.signOut()
      const user = redirected ?? (endedByServer ? null : await client.currentUser())
      if (user) {
        try {
          return startSession(await syncSession(user))
        } catch (error) {
          // The API no longer accepts this sign-in (revoked or disabled): end it here too.
          if (isApiError(error) && error.statusCode === 401) await client.signOut()
          throw error
        }
      }
    }
  } catch (error) {
    // A failed sync is only logged; she stays signed out.
    console.error('[auth] session sync failed', error)
  }
  return null
}

export type SignInMethod =
  | { method: 'password'; email: string; password: string }
  | { method: 'google'; account?: { name: string; email: string } }

/** Signs in with Firebase, then opens the server session. Firebase errors pass through. */
export async function signIn(params: SignInMethod): Promise<SessionUser> {
  const client = await getFirebase()
  const user =
    params.method === 'password'
      ? await client.signInWithPassword(params.email, params.password)
      : await client.signInWithGoogle(params.account)
  return openSession(client, user)
}

export async function register(params: {
  fullName: string
  email: string
  password: string
  /** The privacy notice's version her sign-up form showed, which she accepted there. */
  privacyVersion?: string
}): Promise<SessionUser> {
  const client = await getFirebase()
  const user = await client.signUp(params.email, params.password, params.fullName)
  // Before the session: even when the API refuses it (an existing account's address), the
  // verified address is what lets her sign in later.
  await client
    .sendVerificationEmail(user, currentLanguage())
    .catch((error: unknown) => console.error('[auth] verification e-mail not sent', error))
  return openSession(client, user, params.fullName.trim() || undefined, params.privacyVersion)
}

async function openSession(
  client: FirebaseClient,
  user: User,
  displayName?: string,
  privacyVersion?: string
): Promise<SessionUser> {
  try {
    return startSession(await syncSession(user, displayName, false, privacyVersion))
  } catch (error) {
    // Without a server session she is signed out everywhere, Firebase included.
    await client.signOut().catch(() => undefined)
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
      sessionSync: true,
    })
  }
}

/** Signs Firebase out on this device and forgets every cached answer of the ended session. */
async function forgetSignInHere(): Promise<void> {
  await getFirebase()
    .then((client) => client.signOut())
    .catch((error: unknown) => console.error('[auth] Firebase sign-out failed', error))
  forgetCachedData()
  setSessionHint(false)
  settle(null)
}

/** Ends the server session and the Firebase sign-in; errors are only logged. */
export async function signOut(): Promise<void> {
  stopDataCalls()
  await cache?.cancel()
  await apiRequest('/api/auth/logout', { method: 'POST' }).catch((error: unknown) =>
    console.error('[auth] logout failed', error)
  )
  await forgetSignInHere()
}

/**
 * Ends every session of hers, on every device, then the Firebase sign-in on this one. Throws
 * (and leaves her signed in here) when the server did not end them.
 */
export async function signOutEverywhere(): Promise<void> {
  stopDataCalls()
  try {
    await apiRequest('/api/auth/logout-all', { method: 'POST' })
  } catch (error) {
    resumeDataCalls()
    throw error
  }
  await cache?.cancel()
  await forgetSignInHere()
}

/** The server said 401 to a data call: the session is gone (expired or ended elsewhere). */
export function sessionExpired(): void {
  forgetCachedData()
  setSessionHint(false)
  settle(null)
  // Otherwise the Firebase sign-in kept here would silently open a new session on the next load.
  void getFirebase()
    .then((client) => client.signOut())
    .catch((error: unknown) => console.error('[auth] Firebase sign-out failed', error))
}

/**
 * Her details as the server now holds them (`PATCH /api/auth/me` answered them): the header,
 * Refine's identity and everything else showing her follow at once. Ignored when the session
 * has changed hands since.
 */
export async function sessionUserChanged(user: SessionUser): Promise<void> {
  if ((await currentUser())?.id === user.id) settle(user)
}

/** What checking her e-mail verification found. */
export type VerificationCheck = 'verified' | 'unverified' | 'signedOutHere'

/**
 * The Firebase user behind the current session on this device, or `null` when Firebase has
 * no sign-in here for her (the session came from elsewhere, or storage was cleared).
 */
async function sessionFirebaseUser(reload: boolean): Promise<User | null> {
  const client = await getFirebase()
  const user = reload ? await client.reloadedUser() : await client.currentUser()
  const email = (await currentUser())?.email.toLowerCase()
  return user && email && user.email?.toLowerCase() === email ? user : null
}

/** Sends Firebase's verification e-mail again. Firebase errors pass through. */
export async function resendVerificationEmail(): Promise<'sent' | 'signedOutHere'> {
  const user = await sessionFirebaseUser(false)
  if (!user) return 'signedOutHere'
  const client = await getFirebase()
  await client.sendVerificationEmail(user, currentLanguage())
  return 'sent'
}

/**
 * "I've verified it": reads her Firebase user again and, when Firebase says the address is
 * verified, posts a fresh ID token to `firebase-login` so the API records it.
 */
export async function confirmEmailVerified(): Promise<VerificationCheck> {
  const user = await sessionFirebaseUser(true)
  if (!user) return 'signedOutHere'
  if (!user.emailVerified) return 'unverified'
  const next = await syncSession(user, undefined, true)
  settle(next)
  return next.emailVerified === false ? 'unverified' : 'verified'
}
