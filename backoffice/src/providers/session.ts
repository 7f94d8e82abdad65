/**
 * Who is signed in, for the whole app (spec §4 "Auth state"): `loading` until both the
 * server session and Firebase have answered, then `authenticated` with the user record from
 * our API, or `anonymous`. The server session decides; Firebase only proves who she is at
 * sign-in (and re-opens an expired server session from a sign-in kept on this device).
 */
import { useSyncExternalStore } from 'react'
import type { SessionUser } from '../lib/user'

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'anonymous'; user: null }

let state: SessionState = { status: 'loading', user: null }
const listeners = new Set<() => void>()
let settle: ((value: SessionState) => void) | null = null
let known = new Promise<SessionState>((resolve) => {
  settle = resolve
})

function publish(next: SessionState): void {
  state = next
  settle?.(next)
  settle = null
  known = Promise.resolve(next)
  for (const listener of listeners) listener()
}

export function getSession(): SessionState {
  return state
}

/** Resolves once the state is no longer `loading`. */
export function whenSessionKnown(): Promise<SessionState> {
  return known
}

export function setSignedIn(user: SessionUser): void {
  publish({ status: 'authenticated', user })
}

export function setSignedOut(): void {
  publish({ status: 'anonymous', user: null })
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}
