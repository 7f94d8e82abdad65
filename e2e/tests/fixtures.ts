/**
 * Shared fixtures: every test fails on a console error or an uncaught page error (tests
 * that expect one, e.g. the document of a 404, allow it explicitly) and on any
 * Content-Security-Policy violation in any page or frame of its browser context (never
 * allowed: the policy and the pages must agree) and on any serious or critical axe violation
 * in a state of a page it opened (see `axe.ts`), or on that state not fitting a phone at 320 to
 * 430 px (see `fit.ts`), and helpers to wait for islands and to ask
 * the API what the page should show.
 */
import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { guardContext, type AxeGuard, type CheckedStates } from './axe'
import { fitChecker, type FitChecker } from './fit'
import { keptTabs, type KeptTab, type KeptTabs } from './kept'

export const LANGS = ['en', 'ar'] as const
export type Lang = (typeof LANGS)[number]

/** Map tiles come from the internet, which these machines cannot reach: the map's failed state is by design. */
const TILE_HOSTS = /tile\.openstreetmap\.org|\/tiles?\//

export interface ConsoleGuard {
  allow(pattern: RegExp): void
}

export interface CspViolation {
  page: string
  directive: string
  blocked: string
  source: string
}

/** The console errors and uncaught errors of `page` from now on, less those `allow`ed. */
export function watchConsole(page: Page): ConsoleGuard & { errors: string[] } {
  const errors: string[] = []
  const allowed: RegExp[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const where = message.location().url ?? ''
    const text = `${message.text()} (${where})`
    if (TILE_HOSTS.test(where) || allowed.some((pattern) => pattern.test(text))) return
    errors.push(text)
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return { errors, allow: (pattern) => allowed.push(pattern) }
}

/** The Content-Security-Policy violations of every page and frame of `context` from now on. */
export async function watchCsp(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = []
  await context.exposeBinding('__sakanCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation)
  })
  // Before any script of the page, in every page and frame of the context.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>).__sakanCspViolation
      report?.({
        page: location.href,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      })
    })
  })
  // Chromium also reports each violation on the console ("Refused to … because it violates
  // the following Content Security Policy directive"), which a test's console allowances must not hide.
  context.on('console', (message) => {
    if (!/Content Security Policy/i.test(message.text())) return
    violations.push({
      page: message.page()?.url() ?? '',
      directive: 'console',
      blocked: message.text(),
      source: message.location().url ?? '',
    })
  })
  return violations
}

export const test = base.extend<
  {
    consoleGuard: ConsoleGuard & { errors: string[] }
    cspGuard: CspViolation[]
    axeGuard: AxeGuard
    everyStateChecked: boolean
    keptPage: boolean
    lentTab: KeptTab | undefined
  },
  {
    axeSeen: CheckedStates & { mark(state: string): void }
    phoneFit: FitChecker
    keptTabs: KeptTabs
  }
>({
  /* The page this worker lends its tests in turn (kept.ts). */
  keptTabs: [
    async ({ browser }, use) => {
      const tabs = keptTabs(browser, '/api/health')
      await use(tabs)
      await tabs.close()
    },
    { scope: 'worker' },
  ],
  /* Each test borrows the worker's kept page (kept.ts) unless `SAKAN_KEPT_PAGE=0` or a spec's
     `test.use({ keptPage: false })` asks for a new context and page per test. */
  keptPage: [process.env.SAKAN_KEPT_PAGE !== '0', { option: true }],
  lentTab: async (
    {
      keptPage,
      keptTabs: tabs,
      storageState,
      contextOptions,
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      clientCertificates,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      serviceWorkers,
    },
    use,
    testInfo
  ) => {
    /* A stored session is loaded into a context of its own, as Playwright does. */
    if (!keptPage || storageState || !baseURL) return use(undefined)
    /* Playwright reads a fixture's dependencies from the names in its first parameter (a rest
       pattern is refused): the options are named there, and again here. */
    const chosen = {
      ...contextOptions,
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      clientCertificates,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      serviceWorkers,
    }
    const options = Object.fromEntries(
      Object.entries(chosen).filter(([, value]) => value !== undefined)
    )
    const tab = await tabs.lend(options, baseURL)
    await use(tab)
    await tabs.giveBack(tab, testInfo.status !== testInfo.expectedStatus)
  },
  context: async ({ context, lentTab }, use) => use(lentTab?.context ?? context),
  /*
   * The states checked in this run, shared by the workers: a state is claimed by creating a
   * file named by its hash in the run's output folder (which Playwright empties before the
   * run), so two workers never check the same one. The states this worker checked are written
   * down when it ends, for npm test's summary.
   */
  axeSeen: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const claims = join(workerInfo.project.outputDir, 'axe-claims')
      mkdirSync(claims, { recursive: true })
      const fileOf = (state: string) => join(claims, createHash('sha1').update(state).digest('hex'))
      const mine = new Set<string>()
      const claim = (state: string) => {
        if (mine.has(state)) return false
        try {
          closeSync(openSync(fileOf(state), 'wx'))
        } catch {
          return false
        }
        mine.add(state)
        return true
      }
      await use({
        claim,
        release(state) {
          mine.delete(state)
          rmSync(fileOf(state), { force: true })
        },
        /* Checked by a spec of its own (accessibility.spec.ts): claimed, whoever had it. */
        mark(state) {
          if (!claim(state)) mine.add(state)
        },
      })
      writeFileSync(
        join(workerInfo.project.outputDir, `axe-states-${workerInfo.workerIndex}.json`),
        JSON.stringify([...mine].sort(), null, 1)
      )
    },
    { scope: 'worker' },
  ],
  /* Where this worker lays copies of states out at phone widths (fit.ts). */
  phoneFit: [
    async ({ browser }, use, workerInfo) => {
      const checker = fitChecker(browser, new URL(workerInfo.project.use.baseURL!).origin)
      await use(checker)
      await checker.close()
    },
    { scope: 'worker' },
  ],
  /*
   * axe on every state a test opens (axe.ts), and the state laid out at every phone width
   * (fit.ts), on unless `SAKAN_AXE_EVERY_STATE=0` (a quicker
   * run while working on something else) or a spec's `test.use` turns it off.
   */
  everyStateChecked: [process.env.SAKAN_AXE_EVERY_STATE !== '0', { option: true }],
  axeGuard: [
    async (
      { context, axeSeen, phoneFit, baseURL, everyStateChecked, javaScriptEnabled },
      use,
      testInfo
    ) => {
      /* axe runs in the page: a page without JavaScript is checked by the specs that load it
         with JavaScript (accessibility.spec.ts), not here. */
      if (!everyStateChecked || javaScriptEnabled === false)
        return use({ found: [], misfits: [], settle: async () => {} })
      const guard = await guardContext(
        context,
        new URL(baseURL!).origin,
        axeSeen,
        (ms) => testInfo.setTimeout(testInfo.timeout + Math.ceil(ms)),
        phoneFit
      )
      await use(guard)
      await guard.done()
      expect(guard.found, 'serious or critical axe violations (WCAG 2.1 A, AA)').toEqual([])
      expect(guard.misfits, 'what does not fit a phone (320 to 430 px)').toEqual([])
    },
    { auto: true },
  ],
  // The state a test ends on (often its success or error) is checked before the page closes.
  page: async ({ context, lentTab, axeGuard }, use) => {
    const page = lentTab?.page ?? (await context.newPage())
    await use(page)
    await axeGuard.settle(page)
  },
  cspGuard: [
    async ({ context }, use) => {
      const violations = await watchCsp(context)
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ page }, use) => {
      const watch = watchConsole(page)
      await use(watch)
      expect(watch.errors, 'console errors on the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Astro islands are hydrated (no `ssr` attribute left) and ready for clicks. `client:idle`
 * islands wait for the browser's first idle moment, which two loaded cores (both products and
 * both browsers of `npm test`) can put off past the usual 7 s: hydration gets 20.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 })
}

export interface ApiRoom {
  id: number
  price: number
  availability: boolean
  images?: { src: string }[]
  photos: string[]
  building: { zone: string; amenities: string[]; name: string; name_en?: string; name_ar?: string }
  features: string[]
}

/** One page of `/api/rooms` and its total, as the listing page asks for it. */
export async function apiRooms(
  request: APIRequestContext,
  query: string
): Promise<{ rooms: ApiRoom[]; total: number }> {
  const response = await request.get(`/api/rooms?${query}`)
  expect(response.ok(), `GET /api/rooms?${query}`).toBe(true)
  const rooms = (await response.json()) as ApiRoom[]
  return { rooms, total: Number(response.headers()['x-total-count'] ?? rooms.length) }
}

/** The price on each visible result card, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  return page
    .locator('[data-results] [data-room-card]')
    .evaluateAll((cards) => cards.map((card) => Number((card as HTMLElement).dataset.price)))
}

export async function cardIds(page: Page): Promise<number[]> {
  return page
    .locator('[data-results] [data-room-card]')
    .evaluateAll((cards) => cards.map((card) => Number((card as HTMLElement).dataset.roomId)))
}

/** Waits until the listing shows the live results of the page's current URL query. */
export async function resultsShown(page: Page): Promise<string> {
  await hydrated(page)
  /* Read together in the page: the island may still be writing a quick search's price band
     into the address bar as its bounds when hydration is over. */
  let search: string | null = null
  const shownQuery = async () =>
    (search = await page.evaluate(() => {
      const shown = document.querySelector('section.results')?.getAttribute('data-shown-query')
      return shown === location.search ? shown : null
    }))
  await expect
    .poll(shownQuery, { message: 'the results show the address bar’s query' })
    .not.toBeNull()
  await expect(page.locator('[data-skeleton]')).toHaveCount(0)
  return search!
}

/** Once the listing shows its live results, what the API answers for `query` (what it should show). */
export async function expectedOnceShown(
  page: Page,
  query: string
): Promise<{ rooms: ApiRoom[]; total: number }> {
  await resultsShown(page)
  return apiRooms(page.request, query)
}

/** A disclosure: `panel` is shut until `toggle` opens it (and says so, `aria-expanded`). */
export async function expectToggleOpens(toggle: Locator, panel: Locator): Promise<void> {
  await expect(panel).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel).toBeVisible()
}

/**
 * The header's menu on a phone: closed, opened by its toggle, closed again by Escape with the
 * focus back on the toggle.
 */
export async function expectMenuOpensAndEscapes(
  page: Page
): Promise<{ toggle: Locator; nav: Locator }> {
  const toggle = page.locator('[data-menu-toggle]')
  const nav = page.locator('#site-nav')
  await expectToggleOpens(toggle, nav)
  await page.keyboard.press('Escape')
  await expect(nav).toBeHidden()
  await expect(toggle).toBeFocused()
  return { toggle, nav }
}

/** The listing's result count says `total` (its `data-results-count`, in Latin digits). */
export async function expectResultsCount(page: Page, total: number): Promise<void> {
  await expect(page.locator('[data-results-count]')).toHaveAttribute(
    'data-results-count',
    String(total)
  )
}

/**
 * Opens the product in `lang` in this page: the stored language choice, written before any
 * script runs unless the page already holds one (a switch made during the test stays).
 */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((choice) => {
    if (!localStorage.getItem('sakan.language')) localStorage.setItem('sakan.language', choice)
  }, lang)
}

/** A day `days` after today, `yyyy-MM-dd`. */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Every test of the enclosing group starts in `lang` (see `chooseLanguage`). */
export function startIn(lang: Lang): void {
  test.beforeEach(async ({ page }) => chooseLanguage(page, lang))
}

/** Every room photo fails to load: the media server answers 404 (the console error is expected). */
export async function breakRoomPhotos(page: Page, consoleGuard: ConsoleGuard): Promise<void> {
  consoleGuard.allow(/status of 404/)
  await page.route('**/media/rooms/**', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
  )
}

/** A room card whose photo failed shows the placeholder image, loaded, and the no-photo text. */
export async function expectPhotoPlaceholder(card: Locator, lang: Lang): Promise<void> {
  const image = card.locator('.room-card-media img')
  await expect(image).toHaveAttribute('src', '/images/room-placeholder.svg')
  await expect(image).toHaveAttribute('alt', '')
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0)
  await expect(card.locator('.room-card-nophoto')).toHaveText(
    lang === 'ar' ? 'الصور قريبًا' : 'Photo coming soon'
  )
}
