/** The element that has the keyboard focus now, or null when nothing but the page has it. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement
  return active instanceof HTMLElement && active !== document.body ? active : null
}
