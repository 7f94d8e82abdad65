/**
 * The toast area, placed once at the root: it draws the toasts of lib/toasts.ts. Its code
 * (Mantine's notifications, their store and styles, the swipe and the hotkey:
 * ToastViewport.tsx) is not part of any page's first load.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onFirstInteraction } from '../../lib/first-interaction'
import { fetchToastStoreWith, onToastsNeeded, toastsNeeded, toastsReady } from '../../lib/toasts'

const loadViewport = () => import('./ToastViewport')

/* The toasts' store arrives with the code that draws them: one fetch for both. */
fetchToastStoreWith(() => loadViewport().then((module) => module.notifications))

const ToastViewport = lazy(loadViewport)

/**
 * Fetched at her first interaction, so a toast answering it shows at once, and drawn from the
 * first toast on (a toast left by the previous page, before any interaction, waits for that
 * fetch).
 */
export function Toasts() {
  const shown = useSyncExternalStore(onToastsNeeded, toastsNeeded)
  return shown ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null
}

onFirstInteraction(() => void toastsReady())
