/**
 * Focus back on its opener when a dialog of a `Modal.Stack` closes. Mantine returns the focus to
 * the opener 10 ms after the close, but the dialog below, on top again, turns its focus trap
 * back on, which focuses its first stop: on a busy page that came last, and Cancel in "Reject
 * this application?" left the focus on the details' close button, not on Reject. The trap
 * focuses an element marked `data-autofocus` first, so the opener carries that mark while this
 * dialog is open and for a moment after.
 */
import { useEffect } from 'react'
import { focusedElement } from './focused-element'

/* The opener marked here, with the timer that will unmark it: one at a time, so that a dialog
   opened soon after another one closed does not send the focus to the first one's opener. */
let marked: { opener: HTMLElement; unmark?: number } | null = null

function unmark() {
  if (!marked) return
  window.clearTimeout(marked.unmark)
  marked.opener.removeAttribute('data-autofocus')
  marked = null
}

export function useOpenerRefocused(opened: boolean, stacked: boolean) {
  useEffect(() => {
    if (!opened || !stacked) return
    const opener = focusedElement()
    if (!opener) return
    unmark()
    // An opener the app itself marks is left alone.
    if (opener.hasAttribute('data-autofocus')) return
    opener.setAttribute('data-autofocus', '')
    const mine: NonNullable<typeof marked> = { opener }
    marked = mine
    return () => {
      if (marked === mine) mine.unmark = window.setTimeout(unmark, 1000)
    }
  }, [opened, stacked])
}
