/**
 * Who is signed in, for the parts of the app that must not wait for Refine: the header, the
 * layout and the sign-in pages, which form the first load of `/login` and `/register`.
 * auth-client.ts publishes every answer here (the session restored at start-up, a sign-in,
 * a sign-out); Refine's auth hooks, loaded with the pages that read data, ask the same
 * auth-client through the auth provider, so both always agree. And how many of her
 * notifications are unread, for the header.
 */
import { useSyncExternalStore } from 'react'
import type { SessionUser } from '../lib/user'

/** `undefined` until the start-up check has answered. */
let current: SessionUser | null | undefined
/**
 * How many of her notifications are unread, as her bell last counted them (NotificationBell):
 * the phone's menu button shows it, the bell being inside the closed menu.
 */
let unread = 0
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

export function publishSession(user: SessionUser | null): void {
  if (user === current) return
  // Someone else, or no one: her count is not theirs.
  if (user?.id !== current?.id) unread = 0
  current = user
  changed()
}

export function publishUnread(count: number): void {
  if (count === unread) return
  unread = count
  changed()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const snapshot = () => current
const unreadNow = () => unread

export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const user = useSyncExternalStore(subscribe, snapshot, snapshot)
  return { user: user ?? null, isLoading: user === undefined }
}

export const useUnread = (): number => useSyncExternalStore(subscribe, unreadNow, unreadNow)
