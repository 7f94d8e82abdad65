/**
 * Nothing wider than a phone: every state a spec opens is laid out again at 320, 360,
 * 390 and 430 px, and neither the document nor a status badge may be cut there.
 *
 * Resizing the test's own page would change what it tests (menus close on resize, clicks land
 * elsewhere), so each state is copied instead: its DOM as it stands (scripts and what only
 * scripts use taken out, form values written into it) is laid out in a page of its own with
 * JavaScript off, in a context of its own, against the same server (its style sheets, fonts and
 * images), and measured there at each width. Each copy replaces the last in that page
 * (`replaceDocument`): a new document per copy parsed every style sheet of the app again, which
 * cost about twice the CPU time of the layouts themselves. What JavaScript alone places (the
 * dropdowns, popovers and tooltips a floating-position script puts next to their button) is
 * left out of the copy: its place on a phone is that script's to compute, and `account/phone-fit.spec.ts`
 * checks the bell's in place.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'

/** The phone widths every state is laid out at. */
export const PHONE_WIDTHS = [320, 360, 390, 430]
const PHONE_HEIGHT = 844

/**
 * What does not fit the window at its present width: the document wider than the window (in
 * either direction), with the widest elements past its edge (outside any box that clips or
 * scrolls them), and the badges whose words are cut or hidden. Empty when everything fits.
 * Runs in the page and refers to nothing outside itself.
 */
export function misfitsNow(): string[] {
  const width = window.innerWidth
  const name = (element: Element) => {
    const testId = element.getAttribute('data-testid')
    const classes = [...element.classList].filter((c) => !/^m_/.test(c)).slice(0, 3)
    return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${classes.map((c) => `.${c}`).join('')}`
  }
  // Inside a box that clips or scrolls it: one of its containing blocks (an absolutely
  // positioned element escapes the boxes up to its positioned ancestor, a fixed one all).
  const clippedInside = (element: Element) => {
    let position = getComputedStyle(element).position
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box)
      if (position === 'fixed') return false
      if (position === 'absolute' && style.position === 'static') continue
      if (style.overflowX !== 'visible') return true
      position = style.position
    }
    return false
  }
  const found: string[] = []
  const scrollWidth = document.documentElement.scrollWidth
  if (scrollWidth > width) {
    const past = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
    const loose = past.filter(({ element }) => !clippedInside(element))
    const widest = (loose.length > 0 ? loose : past)
      .sort((a, b) => b.box.width - a.box.width)
      .slice(0, 5)
      .map(
        ({ element, box }) => `${name(element)} [${Math.round(box.left)}, ${Math.round(box.right)}]`
      )
    found.push(`the page is ${scrollWidth} px wide in ${width} px: ${widest.join(', ')}`)
  }
  for (const badge of document.querySelectorAll('.mantine-Badge-root')) {
    if (badge.getClientRects().length === 0) continue
    const label = badge.querySelector('.mantine-Badge-label') ?? badge
    const words = label.textContent?.trim() ?? ''
    const style = getComputedStyle(label)
    const hidden = !words || label.clientWidth === 0 || style.visibility === 'hidden'
    const cut = label.scrollWidth > label.clientWidth || badge.scrollWidth > badge.clientWidth
    if (hidden || cut)
      found.push(`the badge "${words}" shows ${label.clientWidth} of ${label.scrollWidth} px`)
  }
  return found
}

/** What does not fit `page` at its present width (`misfitsNow`). */
export const misfits = (page: Page): Promise<string[]> => page.evaluate(misfitsNow)

/**
 * The page's state as a document of its own: its DOM as it stands, without scripts, without
 * what only scripts load or place (module preloads, frames' documents, floating dropdowns, the
 * hidden twin of a growing text box),
 * with the values typed into its fields, and a `<base>` so its style sheets, fonts and images
 * come from the same server. Runs in the page and refers to nothing outside itself.
 */
export function snapshotNow(): string {
  const copy = document.documentElement.cloneNode(true) as HTMLElement
  const live = [...document.documentElement.querySelectorAll('input, textarea, select')]
  const copies = [...copy.querySelectorAll('input, textarea, select')]
  live.forEach((field, index) => {
    const twin = copies[index]
    if (!twin) return
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio')
        twin.toggleAttribute('checked', field.checked)
      else if (field.type !== 'file') twin.setAttribute('value', field.value)
    } else if (field instanceof HTMLTextAreaElement) twin.textContent = field.value
  })
  for (const element of copy.querySelectorAll(
    'script, noscript, link[rel="modulepreload"], link[rel="preload"][as="script"], base'
  ))
    element.remove()
  for (const frame of copy.querySelectorAll('iframe')) frame.setAttribute('src', 'about:blank')
  /* The hidden twin a growing text box measures its text in, sized by script to its field. */
  for (const twin of copy.querySelectorAll('body > textarea[aria-hidden="true"]')) twin.remove()
  for (const floating of copy.querySelectorAll(
    '[data-position], .mantine-Popover-dropdown, .mantine-Tooltip-tooltip, .mantine-Combobox-dropdown'
  ))
    floating.remove()
  const base = document.createElement('base')
  base.href = location.href
  copy.querySelector('head')?.prepend(base)
  return `<!doctype html>\n${copy.outerHTML}`
}

/**
 * Turns the document this page shows into the copied state `html` without loading a new one:
 * its `<html>` attributes, the `<head>` (the elements already here and in the copy stay where
 * they are, loaded; the others are taken out or put in, in the copy's order) and the `<body>`.
 * A new page would parse every style sheet of the app again for each state; most states share
 * most of them. What a page load would wait for (the style sheets put in, the images) is
 * waited for by the caller (`loadedNow`), since a page without JavaScript runs no timers or
 * listeners. Runs in the page and refers to nothing outside itself.
 */
export function replaceDocument(html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html')
  const root = document.documentElement
  for (const { name } of [...root.attributes]) root.removeAttribute(name)
  for (const { name, value } of [...next.documentElement.attributes]) root.setAttribute(name, value)
  const here = new Map<string, Element[]>()
  for (const element of document.head.children)
    here.set(element.outerHTML, [...(here.get(element.outerHTML) ?? []), element])
  const wanted = [...next.head.children].map(
    (element) => here.get(element.outerHTML)?.shift() ?? document.adoptNode(element)
  )
  const kept = new Set(wanted)
  for (const element of [...document.head.children]) if (!kept.has(element)) element.remove()
  /* Only what was not here is inserted: an element already in place is never moved (a moved
     style sheet would load again). */
  wanted.forEach((element, index) => {
    const there = document.head.children[index]
    if (there !== element) document.head.insertBefore(element, there ?? null)
  })
  document.body.replaceWith(document.adoptNode(next.body))
}

/**
 * Whether what a page load waits for has loaded (or failed to): every style sheet the document
 * links to and every image it shows that is not deferred. Runs in the page.
 */
export function loadedNow(): boolean {
  return (
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (link) => link.sheet !== null
    ) && [...document.images].every((image) => image.complete || image.loading === 'lazy')
  )
}

/**
 * What does not fit `page` once it has drawn its new width (`misfitsNow`): read again every
 * 100 ms while it finds something, for at most a second. Chromium gives a new window width to
 * the styles it already computed (`100vw`) only at its next frame, after `innerWidth` already
 * says it, and a page without JavaScript has no frame callback to wait for: read at once, a
 * lightbox 430 px wide was measured in a 320 px window (in 23 of 30 copies laid out after one at
 * 430 px). What does not fit for a second is reported.
 */
async function misfitsOnceDrawn(page: Page): Promise<string[]> {
  let found = await page.evaluate(misfitsNow)
  for (let again = 0; again < 10 && found.length > 0; again++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    found = await page.evaluate(misfitsNow)
  }
  return found
}

export interface FitChecker {
  /**
   * What does not fit the copied state `html` at each phone width, one line each (copies are
   * laid out one at a time, in the order asked).
   */
  misfitsOf(html: string): Promise<string[]>
  close(): Promise<void>
}

/**
 * A page of its own in `browser` (JavaScript off), opened at the first copy, that lays copies
 * of states out against the server at `origin`: the first copy is served at a path of that
 * origin, so its style sheets and fonts load as the original's did (and stay in this context's
 * cache); each later one replaces it in place (`replaceDocument`), or is served the same way
 * when that did not finish within 10 s.
 */
export function fitChecker(browser: Browser, origin: string): FitChecker {
  const address = `${origin}/__phone-fit-copy`
  let current = ''
  let opened: Promise<{ context: BrowserContext; page: Page }> | undefined
  const open = async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: PHONE_WIDTHS[0]!, height: PHONE_HEIGHT },
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await page.route(address, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: current })
    )
    return { context, page }
  }
  const layOut = async (html: string) => {
    const { page } = await (opened ??= open())
    current = html
    if (!(await replacedInPlace(page, html))) await page.goto(address, { waitUntil: 'load' })
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const lines: string[] = []
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: PHONE_HEIGHT })
      lines.push(...(await misfitsOnceDrawn(page)).map((line) => `${width} px: ${line}`))
    }
    return lines
  }
  /* The copy laid out in the document already open (`replaceDocument`), when one is: false if
     none is, or when what it shows has not loaded within 10 s (the copy is then loaded as a
     page). */
  const replacedInPlace = async (page: Page, html: string) => {
    if (page.url() !== address) return false
    const bound = Date.now() + 10_000
    try {
      await page.evaluate(replaceDocument, html)
      while (!(await page.evaluate(loadedNow))) {
        if (Date.now() > bound) return false
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      return true
    } catch {
      return false
    }
  }
  let queue: Promise<unknown> = Promise.resolve()
  return {
    misfitsOf(html) {
      const mine = queue.catch(() => undefined).then(() => layOut(html))
      queue = mine
      return mine
    },
    async close() {
      if (opened) await (await opened).context.close()
    },
  }
}
