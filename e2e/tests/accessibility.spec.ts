/**
 * Accessibility checked by a machine (issue 24): axe-core on the public pages, the account
 * pages and the back office, in both languages, at desktop and phone width, with the menus and
 * panels a visitor opens: no serious or critical violation (WCAG 2.1 A and AA rules).
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { LANGS, chooseLanguage, expect, test, type Lang } from './fixtures'
import { escapeRegExp, fillLogin, messages } from './messages'

const DEMO_PASSWORD = 'Sakan#2026'
const PHONE = { width: 390, height: 844 }

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`
    )
}

async function expectNoViolations(page: Page, what: string) {
  expect(await violations(page), what).toEqual([])
}

/** Opens `path` signed in as `email` (signing in on the way when the page asks). */
async function openSignedIn(page: Page, lang: Lang, path: string, email: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 })
  if (new URL(page.url()).pathname === '/login') {
    await fillLogin(page, messages(lang, 'account'), email, DEMO_PASSWORD)
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`))
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 })
}

/** A page state to check: where, as whom, and what she opens first. */
interface State {
  name: string
  path: (lang: Lang) => string
  as?: string
  open?: (page: Page) => Promise<void>
  phoneOnly?: boolean
  desktopOnly?: boolean
}

const TENANT = 'tenant@sakan.test'
const ADMIN = 'admin@sakan.test'

const STATES: State[] = [
  { name: 'home', path: (lang) => `/${lang}/` },
  { name: 'listings', path: (lang) => `/${lang}/listings` },
  { name: 'a room', path: (lang) => `/${lang}/property/1` },
  { name: 'a legal page', path: (lang) => `/${lang}/terms` },
  { name: 'a missing page', path: (lang) => `/${lang}/nope` },
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
  { name: 'paying rent', path: () => '/payment', as: TENANT },
  {
    name: 'her account menu open',
    path: () => '/dashboard',
    as: TENANT,
    desktopOnly: true,
    open: async (page) => {
      await page.locator('header [aria-haspopup="menu"]').first().click()
      await expect(page.getByRole('menu')).toBeVisible()
    },
  },
  { name: 'the administrator’s dashboard', path: () => '/admin', as: ADMIN },
  { name: 'the rooms list', path: () => '/admin/rooms', as: ADMIN },
  { name: 'a new room', path: () => '/admin/rooms/create', as: ADMIN },
  { name: 'a new building', path: () => '/admin/buildings/create', as: ADMIN },
]

for (const lang of LANGS) {
  for (const [width, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', PHONE],
  ] as const) {
    test.describe(`accessibility (${lang}, ${width})`, () => {
      test.use({ viewport })
      test.beforeEach(async ({ page }) => chooseLanguage(page, lang))

      for (const state of STATES) {
        if (state.phoneOnly && width !== 'phone') continue
        if (state.desktopOnly && width !== 'desktop') continue
        test(state.name, async ({ page, consoleGuard }) => {
          test.setTimeout(120_000)
          consoleGuard.allow(/status of 404/)
          const path = state.path(lang)
          if (state.as) await openSignedIn(page, lang, path, state.as)
          else {
            await page.goto(path)
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
          }
          await page.waitForLoadState('networkidle')
          await state.open?.(page)
          await expectNoViolations(page, `${path} (${state.name})`)
        })
      }
    })
  }
}
