/**
 * axe-core (WCAG 2.1 A and AA rules) on every state the specs open: each page of the
 * test's browser context reports, once its DOM has been quiet for a moment and its animations
 * have ended, what it shows: its path (ids stripped), language, width class, open dialogs,
 * menus and lists, and markers of loading, error, invalid and status states. Each distinct state
 * is checked once per worker (the states `accessibility.spec.ts` checks by name count as checked);
 * its serious and critical violations fail the test that opened it.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'
import { snapshotNow, type FitChecker } from './fit'

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/*
 * axe-core itself rather than `@axe-core/playwright`'s AxeBuilder: AxeBuilder injects the
 * 500 kB script into every frame on every run, opens a blank page per run to finish it, and
 * ships passes and inapplicable rules back to Node. Here the script goes in once per document
 * (it stays until the page navigates), the product has no frames of its own to visit, and only
 * the serious and critical violations leave the page, one line each: several times faster,
 * which is what lets every state of every spec be checked.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8'
)

const running = new WeakMap<Page, Promise<unknown>>()

/**
 * The serious and critical violations on the page as it is now, one line each. A run that found
 * some while the page changed under it (a dialog starting to fade out as the test presses
 * Escape leaves its text half transparent; a segmented control's highlight on its way to the
 * label just pressed leaves that label's white words on grey: "color-contrast") is run again
 * once the page is still, at most twice. What a still page shows counts; on a page that never
 * held still, the rules every run found broken (a violation that is really there stays in each).
 */
export async function seriousViolations(
  page: Page,
  stillShows: () => Promise<boolean> = async () => true
): Promise<string[]> {
  let run = await oneRun(page)
  let found = run.found
  for (let again = 0; again < 2 && found.length > 0 && run.changed; again++) {
    await animationsDone(page)
    if (!(await stillShows())) throw new Error('moved on')
    run = await oneRun(page)
    const rules = new Set(found.map((violation) => violation.rule))
    found = run.changed ? run.found.filter((violation) => rules.has(violation.rule)) : run.found
  }
  return found.map((violation) => violation.line)
}

/* One axe run at a time per page: axe refuses a second run while one is going, and a spec's
   own check can come while the shared fixture is reading the same page. */
function oneRun(page: Page): Promise<Run> {
  const previous = running.get(page) ?? Promise.resolve()
  const mine = previous.catch(() => undefined).then(() => violationsNow(page))
  running.set(
    page,
    mine.catch(() => undefined)
  )
  return mine
}

interface Run {
  /** Each serious or critical violation: its rule, and a line naming it and where it is. */
  found: { rule: string; line: string }[]
  /** The DOM changed, or an animation ran, while axe read the page. */
  changed: boolean
}

interface AxeWindow {
  axe?: {
    run(
      context: Document,
      options: object
    ): Promise<{
      violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[]
    }>
  }
}

async function violationsNow(page: Page): Promise<Run> {
  // A string evaluated through the DevTools protocol: the page's CSP does not apply to it.
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe))))
    await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (tags) => {
    const moving = () =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))
        )
    const observer = new MutationObserver(() => {})
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
    const movingBefore = moving()
    const results = await (window as AxeWindow).axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: false,
    })
    const changed = movingBefore || moving() || observer.takeRecords().length > 0
    observer.disconnect()
    const found = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        line: `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
      }))
    return { found, changed }
  }, AXE_TAGS)
}

/** Resolves once the page's running animations of finite length have ended (at most 3 s). */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))
          )
          .map((animation) => animation.finished.catch(() => undefined))
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
  )
}

const BINDING = '__sakanAxeState'

/**
 * The signature of the state the page shows now: its path (numbers stripped), language, width
 * class, open dialogs, menus and lists, and markers of loading, error, invalid and status
 * states. Runs in the page and refers to nothing outside itself (it is also part of the
 * script `observeStates` installs).
 */
function stateSignature(): string {
  const shown = (element: Element) =>
    (element as HTMLElement).getClientRects().length > 0 &&
    getComputedStyle(element).visibility !== 'hidden'
  // Numbers (either script) name records, not states.
  const generic = (value: string) =>
    value
      .replace(/[0-9\u0660-\u0669]+/g, '#')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60)
  const nameOf = (element: Element) =>
    generic(
      element.getAttribute('aria-label') ||
        (element.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ') ||
        element.getAttribute('data-testid') ||
        element.tagName.toLowerCase()
    )
  const some = (selector: string, withText = false) =>
    [...document.querySelectorAll(selector)].some(
      (element) => shown(element) && (!withText || Boolean(element.textContent?.trim()))
    )
  const url = new URL(location.href)
  const query = [...url.searchParams.keys()]
    .sort()
    .map((key) => (key === 'tab' ? `${key}=${url.searchParams.get(key)}` : key))
    .join('&')
  const parts = [
    generic(url.pathname) + (query ? `?${query}` : ''),
    document.documentElement.lang,
    innerWidth < 768 ? 'phone' : 'desktop',
  ]
  const dialogs = [
    ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'),
  ]
    .filter(shown)
    .map((dialog) => `dialog:${nameOf(dialog)}`)
  parts.push(...new Set(dialogs))
  for (const [marker, selector, withText] of [
    ['menu', '[role="menu"]', false],
    ['listbox', '[role="listbox"]', false],
    ['loading', '[aria-busy="true"], [data-skeleton], .mantine-Loader-root', false],
    ['alert', '[role="alert"]', true],
    ['invalid', '[aria-invalid="true"]', false],
    ['status', '[role="status"]', true],
  ] as const)
    if (some(selector, withText)) parts.push(marker)
  return parts.join(' | ')
}

/** The state `page` shows now, as `stateSignature` names it (no waiting). */
export const stateOf = (page: Page): Promise<string> => page.evaluate(stateSignature)

/**
 * Runs in every document of the context: after 400 ms without DOM changes (or 2 s of constant
 * ones) and once finite animations have ended, the top document of the product sends the
 * signature of its state (`signature`: `stateSignature`); `window.__sakanAxeSignature()`
 * answers it on demand.
 */
function observeStates(binding: string, signature: () => string) {
  if (window !== window.top || document.contentType !== 'text/html') return
  const settled = async () => {
    const running = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))
      )
    await Promise.race([
      Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
    return signature()
  }
  Object.assign(window, { __sakanAxeSignature: settled })
  let timer: ReturnType<typeof setTimeout> | undefined
  let since = 0
  let sent = ''
  const report = async () => {
    timer = undefined
    since = 0
    const state = await settled()
    if (state === sent) return
    sent = state
    ;(window as unknown as Record<string, (state: string) => void>)[binding]?.(state)
  }
  const changed = () => {
    const now = performance.now()
    since ||= now
    clearTimeout(timer)
    timer = setTimeout(report, now - since > 2000 ? 0 : 400)
  }
  const start = () => {
    new MutationObserver(changed).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
    changed()
  }
  if (document.documentElement) start()
  else document.addEventListener('DOMContentLoaded', start, { once: true })
}

/**
 * The page states checked in this run, shared by the suite's workers: the first to claim a
 * state checks it; the others skip it.
 */
export interface CheckedStates {
  /** True when `state` was not claimed yet: this worker now checks it. */
  claim(state: string): boolean
  /** The check could not finish (the page moved on): another may claim the state again. */
  release(state: string): void
}

/** The page's state once its animations have ended, as `observeStates` names it. */
const signatureOf = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __sakanAxeSignature?: () => Promise<string> }).__sakanAxeSignature?.()
  )

/**
 * The checks of one test's context: `settle` checks a page as it is now, `found` lists the axe
 * violations, `misfits` what did not fit a phone.
 */
export interface AxeGuard {
  settle(page: Page): Promise<void>
  found: string[]
  misfits: string[]
}

/**
 * Watches every page of `context` on `origin`; `seen` holds the states already checked in this
 * run, by any worker (a state is claimed before it is checked, and given back if the page moved
 * on before the check ended); `spent` hears how long each check took (the test's time-out grows by as much: a
 * check holds the page's main thread, and the test waits for it). With `fit`, a copy of each
 * state is also laid out at every phone width (fit.ts), beside the test.
 */
export async function guardContext(
  context: BrowserContext,
  origin: string,
  seen: CheckedStates,
  spent: (ms: number) => void = () => {},
  fit?: FitChecker
): Promise<AxeGuard & { done(): Promise<void> }> {
  const found: string[] = []
  const misfits: string[] = []
  const queues = new Map<Page, Promise<void>>()
  const layingOut: Promise<void>[] = []

  const check = (page: Page, state: string) => {
    if (page.isClosed() || new URL(page.url()).origin !== origin || !seen.claim(state)) return
    const run = async () => {
      const started = performance.now()
      try {
        if (page.isClosed()) throw new Error('closed')
        /* While this check waited its turn the page may have moved on (a dialog fading out):
           once its animations have ended, it is checked only if it still shows this state. */
        const stillShows = async () => (await signatureOf(page)) === state
        if (!(await stillShows())) throw new Error('moved on')
        if (fit) {
          const copy = await page.evaluate(snapshotNow)
          layingOut.push(
            fit.misfitsOf(copy).then(
              (lines) => void misfits.push(...lines.map((line) => `${state}: ${line}`)),
              (error: Error) =>
                void misfits.push(`${state}: the copy could not be laid out: ${error.message}`)
            )
          )
        }
        found.push(
          ...(await seriousViolations(page, stillShows)).map((line) => `${state}: ${line}`)
        )
      } catch {
        // The page moved on (navigated or closed) while axe read it: the state may come again.
        seen.release(state)
      } finally {
        spent(performance.now() - started)
      }
    }
    const queued = (queues.get(page) ?? Promise.resolve()).then(run)
    queues.set(page, queued)
    return queued
  }

  await context.exposeBinding(BINDING, ({ page }, state: string) => {
    if (page) void check(page, state)
  })
  /* One script of both functions' sources: `observeStates` calls `stateSignature` in the page. */
  await context.addInitScript(`(${observeStates})(${JSON.stringify(BINDING)}, ${stateSignature})`)

  const drain = () => Promise.all(queues.values())
  return {
    found,
    misfits,
    async settle(page) {
      if (page.isClosed() || new URL(page.url()).origin !== origin) return
      await drain()
      const state = await signatureOf(page).catch(() => undefined)
      if (state) await check(page, state)
    },
    done: async () => {
      await drain()
      await Promise.all(layingOut)
    },
  }
}
