/**
 * Mantine's `useModalsStack`, with the focus given back when a dialog of the stack closes.
 *
 * In a `Modal.Stack` only the top dialog traps the focus, and Mantine returns the focus only
 * from a dialog that traps it: the closing dialog stops being the top one before its focus
 * return runs, which cancels it, so the focus fell to the page. Here
 * each dialog remembers what had the focus when it was opened (the row's View button, the
 * document button inside the details) and gets it back once it closes, after the dialog under
 * it, now on top again, has taken the focus for its trap.
 */
import { useModalsStack } from '@mantine/core'
import { useRef } from 'react'
import { focusedElement } from './focused-element'

/* After Mantine's own focus moves (its trap focuses on a zero timeout once a dialog is on top). */
const GIVE_BACK_AFTER_MS = 20

export function useDialogStack<const T extends string>(dialogs: T[]) {
  const stack = useModalsStack(dialogs)
  const openers = useRef(new Map<T, HTMLElement>())

  const giveBack = (opener: HTMLElement | undefined) => {
    if (!opener) return
    window.setTimeout(() => {
      if (opener.isConnected) opener.focus({ preventScroll: true })
    }, GIVE_BACK_AFTER_MS)
  }
  const open = (id: T) => {
    const active = focusedElement()
    if (active) openers.current.set(id, active)
    stack.open(id)
  }
  const close = (id: T) => {
    const opener = openers.current.get(id)
    openers.current.delete(id)
    stack.close(id)
    giveBack(opener)
  }
  /* Everything closes: the focus goes back to what opened them on the page itself. */
  const closeAll = () => {
    const first = [...openers.current.values()].find(
      (opener) => opener.closest('[role="dialog"]') === null
    )
    openers.current.clear()
    stack.closeAll()
    giveBack(first)
  }
  return {
    state: stack.state,
    open,
    close,
    closeAll,
    register: (id: T) => ({ ...stack.register(id), onClose: () => close(id) }),
  }
}
