/**
 * Toasts: one visible at a time (a new one replaces the current one), closed after 5000 ms,
 * dismissed by a swipe right of 50 px, and F8 moves focus to them. Mantine's notifications
 * store holds them; the toast area (components/feedback/Toasts.tsx) draws them, and fetches
 * the store with its own code, not with the entry, so no page's first load carries it (the
 * sign-in page's budget): a toast asked for before the store has arrived waits for it.
 */
// Types only (erased): the store's code itself comes with the toast area's.
import type { notifications as mantineNotifications } from '@mantine/notifications'
import type { NotificationProvider } from '@refinedev/core'

export type ToastTone = 'success' | 'error' | 'info'

interface ToastInput {
  id?: string
  title: string
  description?: string
  tone?: ToastTone
}

type Store = typeof mantineNotifications

let store: Store | null = null
/** What was asked of the store before it arrived, in order. */
const waiting: ((store: Store) => void)[] = []
/** How the toast area fetches the store; whether the store was asked for before that was known. */
let fetchStore: (() => Promise<Store>) | null = null
let wanted = false
let arrived = () => {}
const storeArrived = new Promise<void>((resolve) => (arrived = resolve))

function loadStore(): void {
  wanted = true
  void fetchStore?.().then((fetched) => {
    if (store) return
    store = fetched
    for (const operation of waiting.splice(0)) operation(fetched)
    arrived()
  })
}

/**
 * The toast area says how the store is fetched: with the area's own code, so that one fetch
 * brings both. What was asked of the store before then is fetched now.
 */
export function fetchToastStoreWith(fetch: () => Promise<Store>): void {
  fetchStore = fetch
  if (wanted) loadStore()
}

/** Runs an operation on the store now, or as soon as it has arrived. */
function withStore(operation: (store: Store) => void): void {
  if (store) {
    operation(store)
    return
  }
  waiting.push(operation)
  loadStore()
}

/** Resolves once the store has arrived and every waiting operation has run on it. */
export function toastsReady(): Promise<void> {
  loadStore()
  return storeArrived
}

/** Whether a toast was ever asked for: from then on the toast area is drawn. */
let needed = false
const neededListeners = new Set<() => void>()

/** The toast area's snapshot (`useSyncExternalStore`) of `needed`. */
export const toastsNeeded = () => needed

/** Calls `listener` when the first toast is asked for; answers its unsubscription. */
export function onToastsNeeded(listener: () => void): () => void {
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
