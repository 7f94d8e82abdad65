/**
 * Accessibility checked by a machine: axe-core on the public pages, the account
 * pages and the back office, in both languages, at desktop and phone width, with the menus and
 * panels a visitor opens, and forms showing their errors: no serious or critical violation
 * (WCAG 2.1 A and AA rules). On a signed-in page the pointer rests on the first row of its
 * list, if it has one, so a row is checked in its hover colours too.
 *
 * The states of one address and account share one page, in order (see `groupsOf`): the first
 * loads it, each next one opens its panel on the page as the one before left it, that one's
 * panel closed. Each state is still a test of its own.
 */
import type { BrowserContextOptions, Locator, Page, Request } from '@playwright/test'
import { animationsDone, seriousViolations, stateOf } from './axe'
import { snapshotNow } from './fit'
import type { KeptTabs } from './kept'
import {
  LANGS,
  chooseLanguage,
  expect,
  test,
  watchConsole,
  watchCsp,
  type CspViolation,
  type Lang,
} from './fixtures'
import { ADMIN, TENANT, openSignedIn } from './session'
import { SANDBOX_FAVICON, offerPlan, sandboxSpec, tenantPayments } from './payments/pay'

/* The card form talks to the local payment sandbox only: no other host resolves. */
sandboxSpec()

const PHONE = { width: 390, height: 844 }

async function expectNoViolations(page: Page, what: string) {
  // Colours are read as they will stay: a dialog fading in is measured once it has.
  await animationsDone(page)
  expect(await seriousViolations(page), what).toEqual([])
}

/**
 * A page state to check: where, as whom, and what she opens first (`close` shuts it again, for
 * the next state of the same page; `navigates`: what she opens starts by going elsewhere, so
 * whatever the state before left open does not matter).
 */
interface State {
  name: string
  path: (lang: Lang) => string
  as?: string
  open?: (page: Page) => Promise<void>
  close?: (page: Page) => Promise<void>
  navigates?: boolean
  phoneOnly?: boolean
  desktopOnly?: boolean
}

/** A room on the public catalogue (not archived by another suite), read before the tests. */
let liveRoom = 1
test.beforeAll(async ({ request }) => {
  const response = await request.get('/api/rooms?_start=0&_end=1')
  expect(response.ok()).toBe(true)
  liveRoom = ((await response.json()) as { id: number }[])[0]!.id
})

/**
 * What she opens by a click: `control` is pressed, then `shown` is on screen; Escape shuts it
 * again.
 */
const clickToShow = (
  control: (page: Page) => Locator,
  shown: (page: Page) => Locator
): Pick<State, 'open' | 'close'> => ({
  open: async (page) => {
    await control(page).click()
    await expect(shown(page)).toBeVisible()
  },
  close: async (page) => {
    await page.keyboard.press('Escape')
    await expect(shown(page)).toBeHidden()
  },
})

/** A panel of her dashboard's header, opened by a click, at desktop width. */
const headerPanelOpen = (
  name: string,
  control: (page: Page) => Locator,
  shown: (page: Page) => Locator
): State => ({
  name,
  path: () => '/dashboard',
  as: TENANT,
  desktopOnly: true,
  ...clickToShow(control, shown),
})

/** A room's form with `action` (archive, delete) asked first: its confirmation shown. */
const roomActionAsked = (action: 'archive' | 'delete', name: string): State => ({
  name,
  path: () => `/admin/rooms/${liveRoom}/edit`,
  as: ADMIN,
  ...clickToShow(
    (page) => page.getByTestId(`office-${action}`),
    (page) => page.getByTestId(`office-confirm-${action}`).getByTestId('confirm-action')
  ),
})

const STATES: State[] = [
  { name: 'home', path: (lang) => `/${lang}/` },
  { name: 'listings', path: (lang) => `/${lang}/listings` },
  { name: 'a room', path: (lang) => `/${lang}/property/${liveRoom}` },
  { name: 'a legal page', path: (lang) => `/${lang}/terms` },
  { name: 'a missing page', path: (lang) => `/${lang}/nope` },
  {
    name: 'the filter sheet open',
    path: (lang) => `/${lang}/listings`,
    phoneOnly: true,
    ...clickToShow(
      (page) => page.locator('[data-filter-toggle]'),
      (page) => page.getByRole('dialog')
    ),
  },
  { name: 'sign-in', path: () => '/login' },
  { name: 'registration', path: () => '/register' },
  {
    name: 'the phone menu open',
    path: (lang) => `/${lang}/`,
    phoneOnly: true,
    open: async (page) => {
      await page.locator('[data-menu-toggle]').click()
      await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', 'true')
    },
  },
  { name: 'her dashboard', path: () => '/dashboard', as: TENANT },
  { name: 'a maintenance request', path: () => '/maintenance', as: TENANT },
  {
    name: 'a maintenance request refused by its rules',
    path: () => '/maintenance',
    as: TENANT,
    open: async (page) => {
      await page.getByTestId('submit-maintenance').click()
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible()
    },
  },
  { name: 'paying rent', path: () => '/payment', as: TENANT },
  {
    name: 'the card form',
    path: () => '/payment',
    as: TENANT,
    open: async (page) => {
      await page.getByTestId('payment-room').click()
      await page.getByRole('option').first().click()
      await page.getByTestId('payment-month').click()
      await page.locator('[role="option"]:not([data-combobox-disabled]):visible').first().click()
      await expect(page.locator('.mysr-form #mysr-cc-number')).toBeVisible({ timeout: 20_000 })
    },
  },
  { name: 'her rent and payments', path: () => '/dashboard?tab=payments', as: TENANT },
  {
    name: 'a receipt',
    path: () => '/dashboard?tab=payments',
    as: TENANT,
    open: async (page) => {
      await page.getByTestId('ledger-receipt').first().click()
      await expect(page.getByTestId('receipt')).toBeVisible()
    },
  },
  {
    name: 'paying months ahead',
    path: () => '/payment',
    as: TENANT,
    navigates: true,
    open: async (page) => {
      /* A plan is offered from her earliest unpaid month only, when the 3 months from it are
         unpaid: in her seeded stay's room, she first pays the months she owes. */
      const seeded = (await tenantPayments(page.request)).find(
        (payment) => payment.paymentReference === 'seed_demo_tenant_first_rent'
      )
      expect(seeded, 'the seeded payment').toBeDefined()
      const months = await offerPlan(page.request, seeded!.roomId, 3)
      await page.goto(`/payment?roomId=${seeded!.roomId}`)
      await page.getByTestId('payment-plan').click()
      await page.locator('[role="option"][value="3"]').click()
      await expect(page.getByTestId('payment-months')).toHaveAttribute(
        'data-months',
        months.join(',')
      )
      await expect(page.getByTestId('payment-amount')).toBeVisible()
    },
  },
  headerPanelOpen(
    'her account menu open',
    (page) => page.getByTestId('user-menu'),
    (page) => page.getByRole('menu')
  ),
  headerPanelOpen(
    'her notifications open',
    (page) => page.getByTestId('notification-bell'),
    (page) => page.getByTestId('notification-list')
  ),
  { name: 'the administrator’s dashboard', path: () => '/admin', as: ADMIN },
  {
    name: 'an application in detail',
    path: () => '/admin',
    as: ADMIN,
    ...clickToShow(
      (page) => page.getByTestId('row-view').first(),
      (page) => page.getByRole('dialog')
    ),
  },
  { name: 'the rooms list', path: () => '/admin/rooms', as: ADMIN },
  roomActionAsked('archive', 'a room’s form, archiving asked first'),
  roomActionAsked('delete', 'a room’s form, deleting asked first'),
  { name: 'the tenancies list', path: () => '/admin/tenancies', as: ADMIN },
  {
    name: 'a tenancy with its ledger, ending it asked with its errors',
    path: () => '/admin/tenancies',
    as: ADMIN,
    navigates: true,
    open: async (page) => {
      const running = (await (
        await page.request.get('/api/tenancies?state=active&_start=0&_end=1')
      ).json()) as { id: number }[]
      await page.goto(`/admin/tenancies/${running[0]!.id}`)
      await expect(page.getByTestId('ledger-row').first()).toBeVisible()
      await page.getByTestId('tenancy-action-end').click()
      const dialog = page.getByTestId('tenancy-dialog-end')
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible()
    },
  },
  { name: 'a new room', path: () => '/admin/rooms/create', as: ADMIN },
  { name: 'a new building', path: () => '/admin/buildings/create', as: ADMIN },
]

/**
 * The states that share a page: those of one address and account, in their order, each one
 * after a state that shuts what it opened (or opened nothing), unless it navigates anyway.
 */
function groupsOf(states: State[], lang: Lang): State[][] {
  const groups: State[][] = []
  const latest = new Map<string, State[]>()
  for (const state of states) {
    const key = `${state.as ?? ''} ${state.path(lang)}`
    const group = latest.get(key)
    const before = group?.at(-1)
    if (group && before && (!before.open || before.close || state.navigates)) group.push(state)
    else {
      const started = [state]
      latest.set(key, started)
      groups.push(started)
    }
  }
  return groups
}

/**
 * Waits, when called, until `page` has had no request in flight for half a second (as
 * Playwright's `networkidle`), not counting Chromium's background revalidations: once a cached
 * answer of the API's (`stale-while-revalidate`) is over a minute old, the page gets it at once
 * and Chromium asks the API again behind it; DevTools reports that request (of type "other")
 * in flight for about 26 s after its 304 came, then aborted, and `networkidle` waited for it.
 */
function requestsQuiet(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>()
  page.on('request', (request) => {
    if (request.resourceType() !== 'other') inFlight.add(request)
  })
  const ended = (request: Request) => inFlight.delete(request)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return async () => {
    const deadline = Date.now() + 30_000
    let quietSince = Date.now()
    while (Date.now() - quietSince < 500) {
      if (inFlight.size > 0) quietSince = Date.now()
      if (Date.now() > deadline)
        throw new Error(`requests still in flight: ${[...inFlight].map((r) => r.url()).join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/**
 * Opens `state`'s address in `page`, as its account, once the page shows it, is quiet and
 * shows no sign of loading.
 */
async function load(page: Page, state: State, lang: Lang): Promise<void> {
  const quiet = requestsQuiet(page)
  const path = state.path(lang)
  if (state.as) await openSignedIn(page, state.as, path, { lang })
  else {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  }
  await quiet()
  /* A request between two others can come later than half a second on a loaded machine. */
  await expect
    .poll(async () => (await stateOf(page)).split(' | '), 'the page done loading')
    .not.toContain('loading')
  if (state.as) {
    const row = page.locator('main tbody tr').first()
    if (await row.isVisible()) await row.hover()
  }
}

/**
 * The page of a group of states, kept from one test to the next, with what its context
 * reported: the console errors and Content-Security-Policy violations the shared fixtures
 * would fail a test on (they watch each test's own page, which stays blank here).
 */
interface Kept {
  group: State[]
  page: Page
  close: () => Promise<void>
  consoleErrors: string[]
  csp: CspViolation[]
  /** The state whose panel the page shows (to shut before the next one's opens). */
  opened?: State
}
let kept: Kept | undefined

/**
 * The tests, with the project's context options as the test's own context has them. The shared
 * fixtures' guards watch each test's own context and page, which these tests never open (they
 * check the kept page themselves): left out, no test opens a blank browser context for nothing.
 */
const keptTest = test.extend<{ projectContext: BrowserContextOptions }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  /* eslint-disable no-empty-pattern */
  axeGuard: async ({}, use) => use({ found: [], misfits: [], settle: async () => {} }),
  cspGuard: async ({}, use) => use([]),
  consoleGuard: async ({}, use) => use({ allow: () => {}, errors: [] }),
  /* eslint-enable no-empty-pattern */
  projectContext: async (
    { baseURL, viewport, locale, reducedMotion, userAgent, deviceScaleFactor, isMobile, hasTouch },
    use
  ) =>
    use({
      baseURL,
      viewport,
      locale,
      reducedMotion,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
    }),
})

/**
 * The group's page: kept from the test before, or the worker's kept page (kept.ts), cleared of
 * the group before, loaded at the group's address.
 */
async function pageOf(
  group: State[],
  tabs: KeptTabs,
  options: BrowserContextOptions,
  lang: Lang
): Promise<Kept> {
  if (kept?.group === group) return kept
  await kept?.close()
  const tab = await tabs.lend(options, options.baseURL!)
  const { context, page } = tab
  const csp = await watchCsp(context)
  await chooseLanguage(page, lang)
  /* What each test of the spec allowed on its own page: a missing page's 404, the sandbox's favicon. */
  const consoleWatch = watchConsole(page)
  consoleWatch.allow(/status of 404/)
  consoleWatch.allow(SANDBOX_FAVICON)
  kept = {
    group,
    page,
    close: () => tabs.giveBack(tab, false),
    consoleErrors: consoleWatch.errors,
    csp,
  }
  await load(page, group[0]!, lang)
  return kept
}

for (const lang of LANGS) {
  for (const [width, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', PHONE],
  ] as const) {
    test.describe(`accessibility (${lang}, ${width})`, () => {
      /* Each state here is checked by name below: the shared fixture would check it twice. */
      test.use({ viewport, everyStateChecked: false })

      const states = STATES.filter(
        (state) =>
          !(state.phoneOnly && width !== 'phone') && !(state.desktopOnly && width !== 'desktop')
      )
      for (const group of groupsOf(states, lang)) {
        /* In order, on one page; after a failure the group's next states are not run (and
           Playwright's retry runs the group again from its first). */
        test.describe.serial(() => {
          test.afterAll(async () => {
            await kept?.close()
            kept = undefined
          })
          for (const state of group) {
            keptTest(state.name, async ({ keptTabs, axeSeen, phoneFit, projectContext }) => {
              test.setTimeout(120_000)
              const shared = await pageOf(group, keptTabs, projectContext, lang)
              const { page, consoleErrors, csp } = shared
              await shared.opened?.close?.(page)
              shared.opened = state
              await state.open?.(page)
              const path = state.path(lang)
              await expectNoViolations(page, `${path} (${state.name})`)
              expect(
                await phoneFit.misfitsOf(await page.evaluate(snapshotNow)),
                `${path} (${state.name}) at phone widths`
              ).toEqual([])
              /* Checked: the other specs' guard need not check this state again. */
              axeSeen.mark(await stateOf(page))
              expect(consoleErrors, 'console errors on the page').toEqual([])
              expect(csp, 'Content-Security-Policy violations').toEqual([])
            })
          }
        })
      }
    })
  }
}
