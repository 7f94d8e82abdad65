/**
 * The one shell of the site and the account app (issue 9): the same footer in both, with one
 * newsletter behaviour (a known address gets the same confirmation as a new one) and the year
 * in the locale's digits.
 */
import { LANGS, expect, test } from './fixtures'
import { messages, text } from './messages'

const ARABIC_DIGITS = /[٠-٩]{4}/
const LATIN_DIGITS = /[0-9]/

for (const lang of LANGS) {
  const common = messages(lang, 'common')
  const apps = [
    { name: 'site', path: `/${lang}/` },
    { name: 'account app', path: '/login' },
  ]

  test.describe(`shared footer (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((choice) => localStorage.setItem('sakan.language', choice), lang)
    })

    for (const app of apps) {
      test(`${app.name}: newsletter says the same for a new and a known address`, async ({
        page,
      }) => {
        await page.goto(app.path)
        const form = page.locator('[data-newsletter]')
        const input = form.locator('input[type="email"]')
        const status = form.locator('[data-newsletter-status]')
        const submit = form.locator('button[type="submit"]')
        await expect(submit).toHaveText(text(common, 'footer.newsletter.submit'))

        await input.fill('not-an-email')
        await submit.click()
        await expect(status).toHaveAttribute('data-tone', 'error')
        await expect(status).toHaveText(text(common, 'footer.newsletter.invalid'))

        const email = `shell-${lang}-${app.name.replace(' ', '-')}-${Date.now()}@example.com`
        for (let round = 0; round < 2; round++) {
          await input.fill(email)
          await submit.click()
          await expect(status).toHaveAttribute('data-tone', 'success')
          await expect(status).toHaveText(text(common, 'footer.newsletter.success'))
          await expect(input).toHaveValue('')
        }
      })

      test(`${app.name}: the footer year in the locale's digits`, async ({ page }) => {
        await page.goto(app.path)
        const copyright = page.locator('.site-footer .copyright')
        if (lang === 'ar') {
          await expect(copyright).toHaveText(ARABIC_DIGITS)
          await expect(copyright).not.toHaveText(LATIN_DIGITS)
        } else {
          await expect(copyright).toContainText(String(new Date().getFullYear()))
        }
      })
    }
  })
}
