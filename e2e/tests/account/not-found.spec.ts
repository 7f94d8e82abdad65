/**
 * Unknown account paths (any other path → 404), in both
 * languages: under /admin/… too, the 404 page shows whether she is signed in or not, while the
 * known protected pages still ask a visitor to sign in. A record that is not hers on a page that
 * exists — another resident's receipt — is the same page in her language, without the "no
 * route" hint, which would be untrue there.
 */
import type { Page } from '@playwright/test'
import { LANGS, expect, test, startIn } from '../fixtures'
import { messages, text } from '../messages'
import { ADMIN, TENANT, openSession, openSignedIn, registeredIn } from '../session'

/** The seed's completed payment of the demo tenant (database/seeders/02_demo_accounts_seeder.ts). */
const SEEDED_PAYMENT = 'seed_demo_tenant_first_rent'

for (const lang of LANGS) {
  const common = messages(lang, 'common')
  const account = messages(lang, 'account')

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

    test('another resident’s receipt is the not-found page, without the route hint', async ({
      page,
      request,
      consoleGuard,
    }) => {
      // The API's 404 for the receipt, which the page turns into its not-found view.
      consoleGuard.allow(/status of 404/)
      await openSession(request, TENANT, { lang })
      const payments = (await (await request.get('/api/payments?_start=0&_end=100')).json()) as {
        id: number
        paymentReference: string
      }[]
      const theirs = payments.find((payment) => payment.paymentReference === SEEDED_PAYMENT)
      expect(theirs, 'the demo resident’s seeded payment').toBeDefined()
      const email = `not-hers-${lang}-${Date.now()}@example.com`
      await registeredIn(page, { name: 'Hana Other', email, password: 'secret123' }, { lang })

      const path = `/receipts/${theirs!.id}`
      await page.goto(path)
      // Her session restored, then the receipt asked for (slow on a loaded machine).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(common, 'notFound.title'),
        { timeout: 20_000 }
      )
      await expect(page.locator('.not-found-text')).toHaveText(text(account, 'receipt.notFound'))
      await expect(page.locator('.not-found-hint')).toHaveCount(0)
      await expect(page.getByTestId('receipt')).toHaveCount(0)
      expect(new URL(page.url()).pathname).toBe(path)
    })
  })
}
