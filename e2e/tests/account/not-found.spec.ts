/**
 * Unknown account paths (issue 9, fixes on the way; spec §2 "any other path → 404"), in both
 * languages: under /admin/… too, the 404 page shows whether she is signed in or not, while the
 * known protected pages still ask a visitor to sign in.
 */
import type { Page } from '@playwright/test'
import { LANGS, expect, test, startIn } from '../fixtures'
import { messages, text } from '../messages'
import { openSignedIn } from '../session'

const ADMIN = 'admin@sakan.test'

for (const lang of LANGS) {
  const common = messages(lang, 'common')

  async function expectNotFound(page: Page, path: string) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(common, 'notFound.title'))
    await expect(page.locator('.not-found-hint')).toContainText(path)
    expect(new URL(page.url()).pathname).toBe(path)
  }

  test.describe(`unknown account paths (${lang})`, () => {
    startIn(lang)

    test('signed out: 404 under /admin/…, sign-in for the known pages', async ({ page }) => {
      await expectNotFound(page, '/admin/no-such-page')
      await expectNotFound(page, '/admin/rooms/1/photos')
      await page.goto('/admin/rooms/1')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Frooms%2F1$/)
      await page.goto('/admin/payments?monthCovered=2026-11')
      await expect(page).toHaveURL(
        `/login?redirect=${encodeURIComponent('/admin/payments?monthCovered=2026-11')}`
      )
      await page.goto('/admin')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/)
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    })

    test('signed in as the administrator: 404 under /admin/…', async ({ page }) => {
      await openSignedIn(page, ADMIN, '/admin', { lang })
      await expectNotFound(page, '/admin/no-such-page')
    })
  })
}
