/** A small element builder for page scripts that draw markup (no framework on the pages). */
import { ICON_ATTRIBUTES, type Attributes, type Child, type Markup } from '../lib/markup'

/**
 * `h('p', { class: 'note', hidden: true }, 'text', child)`: attributes set as written (`true`
 * gives an empty attribute; `false`, null and undefined leave it out), children appended.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child<Node>[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) element.append(child)
  return element
}

/** One of the shared drawings (`@sakan/common/ui/icons`) in the icon's SVG, as the server renders it. */
export function iconSvg(drawing: string, className = 'icon'): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  for (const [name, value] of Object.entries({ ...ICON_ATTRIBUTES, class: className }))
    svg.setAttribute(name, value)
  // The drawings are our own constant markup (common/ui/icons), never data.
  svg.innerHTML = drawing
  return svg
}

/** Shared markup (lib/markup.ts) drawn as DOM nodes. */
export const domMarkup: Markup<Node> = { element: h, icon: (drawing) => iconSvg(drawing) }

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
