/**
 * Toasts (spec §4, §9): one visible at a time (a new one replaces the current one), closed
 * after 5000 ms, dismissed by a swipe right of 50 px, and F8 moves focus to them. Mantine's
 * notifications store holds them; ToastViewport.tsx (loaded after the first paint) draws them.
 * The store comes with ToastViewport.tsx, not with the entry, so no page's first load carries
 * it (issue 12: /login's budget): a toast asked for before it has arrived waits for it.
 */
// Types only (erased): the store's code itself comes with ToastViewport.tsx.
import type { notifications as mantineNotifications } from '@mantine/notifications'
import type { NotificationProvider } from '@refinedev/core'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onFirstInteraction } from '../../lib/first-interaction'

export type ToastTone = 'success' | 'error' | 'info'

export interface ToastInput {
  id?: string
  title: string
  description?: string
  tone?: ToastTone
}

type Store = typeof mantineNotifications

let store: Store | null = null
/** What was asked of the store before it arrived, in order. */
const waiting: ((store: Store) => void)[] = []

const loadViewport = () =>
  import('./ToastViewport').then((module) => {
    if (!store) {
      store = module.notifications
      for (const operation of waiting.splice(0)) operation(store)
    }
    return module
  })

/** Runs an operation on the store now, or as soon as it has arrived. */
function withStore(operation: (store: Store) => void): void {
  if (store) {
    operation(store)
    return
  }
  waiting.push(operation)
  void loadViewport()
}

/** Resolves once the store has arrived and every waiting operation has run on it. */
export function toastsReady(): Promise<void> {
  return loadViewport().then(() => undefined)
}

/** Whether a toast was ever asked for: from then on the toast area is drawn. */
let needed = false
const neededListeners = new Set<() => void>()
const subscribeNeeded = (listener: () => void) => {
  neededListeners.add(listener)
  return () => neededListeners.delete(listener)
}

const COLORS: Record<ToastTone, string> = { success: 'teal', error: 'red', info: 'brand' }

/**
 * Each toast shown gets its own id in the store, also when the caller reuses a key (a second
 * decision, a second failed upload): under the same id Mantine keeps the old toast's element
 * and its running timer, so the new one would vanish when the old one's time ran out.
 */
let shown = 0
const shownIds = new Map<string, string>()

/** Shows a toast in place of the visible one; answers its id in the store. */
export function showToast({ id, title, description, tone = 'info' }: ToastInput): string {
  shown += 1
  const storeId = `${id ?? 'toast'}#${shown}`
  shownIds.clear()
  if (id) shownIds.set(id, storeId)
  withStore((notifications) => {
    notifications.clean()
    notifications.show({
      id: storeId,
      title,
      message: description ?? '',
      color: COLORS[tone],
      // The wrapper's role: errors interrupt, everything else is announced politely.
      role: tone === 'error' ? 'alert' : 'status',
      'data-tone': tone,
    })
  })
  if (!needed) {
    needed = true
    for (const listener of neededListeners) listener()
  }
  return storeId
}

/** Where a toast waits for the next page load (this tab only). */
const AFTER_LOAD_KEY = 'sakan.toastAfterLoad'

/** A toast for the page about to be loaded: an action that ends with a full page load says how it went there. */
export function showToastAfterLoad(toast: ToastInput): void {
  try {
    sessionStorage.setItem(AFTER_LOAD_KEY, JSON.stringify(toast))
  } catch {
    // Without storage the next page simply shows no toast.
  }
}

/** Shows, once, the toast the previous page left for this one. */
export function showPendingToast(): void {
  let toast: Partial<ToastInput> | null = null
  try {
    const raw = sessionStorage.getItem(AFTER_LOAD_KEY)
    if (raw === null) return
    sessionStorage.removeItem(AFTER_LOAD_KEY)
    toast = JSON.parse(raw) as Partial<ToastInput> | null
  } catch {
    return
  }
  if (typeof toast?.title !== 'string') return
  showToast({
    title: toast.title,
    description: typeof toast.description === 'string' ? toast.description : undefined,
    tone: toast.tone === 'success' || toast.tone === 'error' ? toast.tone : 'info',
  })
}

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    showToast({
      id: key,
      title: message,
      description,
      tone: type === 'error' ? 'error' : type === 'success' ? 'success' : 'info',
    })
  },
  close: (key) => {
    const storeId = shownIds.get(key)
    if (storeId) withStore((notifications) => notifications.hide(storeId))
  },
}

const ToastViewport = lazy(loadViewport)

/**
 * The toast area, placed once at the root. Its code (Mantine's notifications, their styles,
 * the swipe and the hotkey) is not part of any page's first load: it is fetched at her first
 * interaction, so a toast answering it shows at once, and drawn from the first toast on (a
 * toast left by the previous page, before any interaction, waits for that fetch).
 */
export function Toasts() {
  const shown = useSyncExternalStore(subscribeNeeded, () => needed)
  return shown ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null
}

onFirstInteraction(() => void loadViewport())
