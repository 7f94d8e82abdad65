/**
 * A backstop behind Mantine's focus trap, for a dialog whose fields include a native date
 * input: Chromium's date input holds inner fields and a picker button, and Shift+Tab from it
 * now and then got past the trap to the page behind the dialog. While
 * the dialog is open, focus that lands on the page behind it is put back inside: on its last
 * stop after Shift+Tab, on its first otherwise. Another dialog opened on top is left alone.
 */
import { useEffect, useRef } from 'react'

const STOPS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Returns a ref for an element inside the dialog. */
export function useFocusKeptIn<T extends HTMLElement>(opened: boolean) {
  const inside = useRef<T>(null)
  useEffect(() => {
    if (!opened) return
    let backwards = false
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') backwards = event.shiftKey
    }
    const onFocus = (event: FocusEvent) => {
      const dialog = inside.current?.closest('[role="dialog"]')
      const target = event.target
      if (!dialog || !(target instanceof Element) || dialog.contains(target)) return
      if (target.closest('[role="dialog"], [role="alertdialog"]')) return
      const stops = [...dialog.querySelectorAll<HTMLElement>(STOPS)].filter(
        (element) => element.getClientRects().length > 0
      )
      stops.at(backwards ? -1 : 0)?.focus({ preventScroll: true })
    }
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('focusin', onFocus)
    }
  }, [opened])
  return inside
}
