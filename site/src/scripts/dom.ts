/** A modal's focus helpers for the pages' browser code (the listing's filter sheet). */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** On Tab in a modal `container`, wraps focus from its last control to its first and back. */
export function keepFocusInside(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
    element.checkVisibility({ visibilityProperty: true })
  )
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  const active = document.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * Makes everything on the page but `element` (and its ancestors) inert, as a native modal
 * dialog does: no focus, no click, nothing read out. Returns the undoing.
 */
export function inertOutside(element: HTMLElement): () => void {
  const made: HTMLElement[] = []
  for (let node = element; node.parentElement && node !== document.body;) {
    const parent: HTMLElement = node.parentElement
    for (const sibling of parent.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue
      sibling.inert = true
      made.push(sibling)
    }
    node = parent
  }
  return () => {
    for (const sibling of made) sibling.inert = false
  }
}
