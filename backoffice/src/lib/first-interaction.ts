/**
 * Runs callbacks once, at the visitor's first interaction with the page (a pointer pressed,
 * a key, focus moving into the page, a touch). Code that the first paint does not need but
 * that her first action will (the Firebase SDK on the sign-in pages, the toast area) is
 * fetched then, instead of competing with the page's own files while it loads.
 */
const EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const

let waiting: Array<() => void> | null = null
let happened = false

function fire(): void {
  if (happened) return
  happened = true
  for (const type of EVENTS) window.removeEventListener(type, fire, true)
  const callbacks = waiting ?? []
  waiting = null
  for (const callback of callbacks) callback()
}

/** Calls `callback` at the first interaction (at once when it has already happened). */
export function onFirstInteraction(callback: () => void): void {
  if (happened || typeof window === 'undefined') {
    if (happened) callback()
    return
  }
  if (!waiting) {
    waiting = []
    for (const type of EVENTS) window.addEventListener(type, fire, { capture: true, passive: true })
  }
  waiting.push(callback)
}
