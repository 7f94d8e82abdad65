/**
 * Markup written once for the server and the browser (the room card, lib/room-card.ts): a
 * builder describes elements through a `Markup`, which the server turns into an HTML string
 * (`htmlMarkup`, here) and a page script into DOM nodes (`domMarkup`, scripts/dom.ts).
 */

/** Attributes as written: `true` gives an empty attribute; `false`, null and undefined leave it out. */
export type Attributes = Record<string, string | number | boolean | null | undefined>
export type Child<N> = N | string | null | undefined | false

export interface Markup<N> {
  element(tag: keyof HTMLElementTagNameMap, attributes: Attributes, ...children: Child<N>[]): N
  /** One of the shared drawings (`@sakan/common/ui/icons`) in the icon's SVG. */
  icon(drawing: string): N
}

/** The icon's `<svg>` attributes, as `@sakan/common/ui/Icon` renders a decorative icon. */
export const ICON_ATTRIBUTES = {
  class: 'icon',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.8',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
} as const

/** Markup already written, as opposed to text to escape. */
export class Html {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
}
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!)

const VOID_ELEMENTS = new Set(['img', 'input', 'br', 'hr', 'source', 'meta', 'link'])

function attributesHtml(attributes: Attributes): string {
  let html = ''
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue
    html += ` ${name}="${value === true ? '' : escape(String(value))}"`
  }
  return html
}

/** Markup as an HTML string, for Astro's `set:html`. */
export const htmlMarkup: Markup<Html> = {
  element(tag, attributes, ...children) {
    const open = `<${tag}${attributesHtml(attributes)}`
    if (VOID_ELEMENTS.has(tag)) return new Html(`${open}/>`)
    let inner = ''
    for (const child of children)
      if (child !== null && child !== undefined && child !== false)
        inner += child instanceof Html ? child.html : escape(child)
    return new Html(`${open}>${inner}</${tag}>`)
  },
  icon(drawing) {
    // The drawings are our own constant markup (common/ui/icons), never data.
    return new Html(`<svg${attributesHtml(ICON_ATTRIBUTES)}>${drawing}</svg>`)
  },
}
