/**
 * The one shell of the site and the account app: the same footer in both, with one
 * newsletter behaviour (a known address gets the same confirmation as a new one) and the year
 * in the locale's digits; the user menu cuts a long Latin name at its own end, in Arabic too.
 */
import type { Locator } from '@playwright/test'
import { LANGS, expect, test, startIn } from './fixtures'
import { messages, text } from './messages'
import { registeredIn } from './session'

const ARABIC_DIGITS = /[٠-٩]{4}/
const LATIN_DIGITS = /[0-9]/
const LONG_LATIN_NAME = 'Alexandra Catherine Montgomery-Wellington'

/** The name is cut (ellipsis) and reads left to right, so its first letter is still shown. */
async function expectCutAtItsEnd(name: Locator) {
  await expect(name).toHaveAttribute('dir', 'auto')
  const layout = await name.evaluate((element) => {
    const range = document.createRange()
    range.setStart(element.firstChild!, 0)
    range.setEnd(element.firstChild!, 1)
    const first = range.getBoundingClientRect()
    const box = element.getBoundingClientRect()
    return {
      direction: getComputedStyle(element).direction,
      cut: element.scrollWidth > element.clientWidth,
      firstShown: first.left >= box.left - 1 && first.right <= box.right + 1,
    }
  })
  expect(layout).toEqual({ direction: 'ltr', cut: true, firstShown: true })
}

for (const lang of LANGS) {
  const common = messages(lang, 'common')
  const apps = [
    { name: 'site', path: `/${lang}/` },
    { name: 'account app', path: '/login' },
  ]

  test.describe(`shared footer (${lang})`, () => {
    startIn(lang)

    test('user menu: a long Latin name is cut at its end, in the account app and on the site', async ({
      page,
    }) => {
      const email = `shell-name-${lang}-${Date.now()}@example.com`
      await registeredIn(page, { name: LONG_LATIN_NAME, email, password: 'secret123' }, { lang })
      await page.goto('/dashboard')
      await expectCutAtItsEnd(page.getByTestId('user-menu').locator('.user-name'))

      await page.goto(`/${lang}/`)
      await expect(page.getByTestId('user-menu')).toContainText('Alexandra')
      await expectCutAtItsEnd(page.getByTestId('user-menu').locator('.user-name'))
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
