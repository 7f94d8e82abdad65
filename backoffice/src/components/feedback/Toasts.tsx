/**
 * Toasts (spec §4, §9): one visible at a time (a new one replaces the current one), closed
 * after 5000 ms, dismissed by a swipe right of 50 px, and F8 moves focus to them. Mantine's
 * notifications store holds them; ToastViewport.tsx (loaded after the first paint) draws them.
 */
import { notifications } from '@mantine/notifications'
import type { NotificationProvider } from '@refinedev/core'
import { lazy } from 'react'

export type ToastTone = 'success' | 'error' | 'info'

export interface ToastInput {
  id?: string
  title: string
  description?: string
  tone?: ToastTone
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
  notifications.clean()
  return notifications.show({
    id: storeId,
    title,
    message: description ?? '',
    color: COLORS[tone],
    // The wrapper's role: errors interrupt, everything else is announced politely.
    role: tone === 'error' ? 'alert' : 'status',
    'data-tone': tone,
  })
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
    if (storeId) notifications.hide(storeId)
  },
}

/** The toast area, placed once at the root; its code is not part of the first load. */
export const Toasts = lazy(() => import('./ToastViewport'))
