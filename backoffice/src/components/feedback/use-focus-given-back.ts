/**
 * The focus back on what opened a dialog once the dialog has gone, when it is still inside it.
 *
 * Mantine returns the focus to the opener 10 ms after the close, unless something else took
 * it meanwhile. Its focus trap lets Chromium move through a native date input's inner fields
 * by itself and checks where Tab went on a zero timeout; on a busy page that timeout ran after
 * the next key, Escape, and sent the focus to the dialog's last button as it closed, which
 * cancelled the return. The dialog then left the page with the focus in it: the focus fell to
 * the page (1 close in about 20 of the tenancy's end dialog, in the keyboard spec). Once
 * the closing transition ends, a focus still inside the dialog (or nowhere) goes back to the
 * opener; one she has put elsewhere stays.
 */
import { useEffect, useRef, type RefObject } from 'react'
import { focusedElement } from './focused-element'

/** `inside`: an element inside the dialog. Returns the dialog's `onExited`. */
export function useFocusGivenBack(opened: boolean, inside: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (opened) opener.current = focusedElement()
  }, [opened])
  return () => {
    const target = opener.current
    opener.current = null
    const dialog = inside.current?.closest('[role="dialog"]')
    const active = document.activeElement
    const lost = !active || active === document.body || Boolean(dialog?.contains(active))
    if (target?.isConnected && lost) target.focus({ preventScroll: true })
  }
}
