/**
 * Who is signed in, for the parts of the app that must not wait for Refine: the header, the
 * layout and the sign-in pages, which form the first load of `/login` and `/register`.
 * auth-client.ts publishes every answer here (the session restored at start-up, a sign-in,
 * a sign-out); Refine's auth hooks, loaded with the pages that read data, ask the same
 * auth-client through the auth provider, so both always agree.
 */
import { useSyncExternalStore } from 'react'
import type { SessionUser } from '../lib/user'

/** `undefined` until the start-up check has answered. */
let current: SessionUser | null | undefined
const listeners = new Set<() => void>()

export function publishSession(user: SessionUser | null): void {
  if (user === current) return
  current = user
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const snapshot = () => current

export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const user = useSyncExternalStore(subscribe, snapshot, snapshot)
  return { user: user ?? null, isLoading: user === undefined }
}
