/**
 * The public site's header after signing in: the user menu with her name, the
 * Dashboard or Admin Panel link, apply buttons that go straight to the application, and a
 * Log Out that really signs her out (the account app does not silently sign her back in).
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { LANGS, apiRooms, expect, test, type Lang, startIn } from '../fixtures'

type Messages = Record<string, Record<string, string>>
const common = (lang: Lang): Messages =>
  JSON.parse(
    readFileSync(new URL(`../../../common/locales/${lang}/common.json`, import.meta.url), 'utf8')
  ) as Messages

const PASSWORD = 'Sakan#2026'

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await page.locator('main input[type="email"]').fill(email)
  await page.locator('main input[type="password"]').fill(PASSWORD)
  await page.locator('main form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/(dashboard|admin)$/)
}

for (const lang of LANGS) {
  const texts = common(lang)

  test.describe(`site header when signed in (${lang})`, () => {
    startIn(lang)

    test('the tenant sees her menu, goes to her dashboard, applies directly, and logs out', async ({
      page,
      request,
    }) => {
      await signIn(page, 'tenant@sakan.test')
      await page.goto(`/${lang}/`)
      const menu = page.getByTestId('user-menu')
      await expect(menu).toContainText('Noura Al-Harbi')
      await expect(page.locator('[data-auth-slot]').getByText(texts.auth!.login!)).toHaveCount(0)

      await menu.click()
      const dashboard = page
        .locator('#site-user-menu')
        .getByRole('link', { name: texts.nav!.dashboard! })
      await expect(dashboard).toHaveAttribute('href', '/dashboard')
      await page.keyboard.press('Escape')
      await expect(page.locator('#site-user-menu')).toBeHidden()

      const { rooms } = await apiRooms(request, 'availability=true&_start=0&_end=1')
      await page.goto(`/${lang}/property/${rooms[0]!.id}`)
      await expect(page.locator('[data-apply]').first()).toHaveAttribute(
        'href',
        `/application/${rooms[0]!.id}`
      )

      await page.getByTestId('user-menu').click()
      await page.getByTestId('logout').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/$`))
      await expect(
        page.locator('[data-auth-slot]').getByRole('link', { name: texts.auth!.login! })
      ).toBeVisible()

      /* Really signed out: the account pages ask her to sign in again. */
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    })

    test('the administrator gets the Admin Panel link', async ({ page }) => {
      await signIn(page, 'admin@sakan.test')
      await page.goto(`/${lang}/listings`)
      await expect(page.getByTestId('user-menu')).toContainText('Sara Al-Qahtani')
      await expect(page.locator('[data-nav-key="dashboard"]')).toHaveAttribute('href', '/admin')
      await expect(page.locator('[data-nav-key="dashboard"]')).toHaveText(texts.nav!.adminPanel!)
    })
  })
}
