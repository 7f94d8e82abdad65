/**
 * One number format per locale (issue 9, fixes on the way), in both languages: room numbers,
 * ids, counts and the footer year are written in Arabic-Indic digits on Arabic pages and in
 * Latin digits on English ones, on the public site and in the account app alike.
 */
import type { Locator, Page } from '@playwright/test'
import { LANGS, expect, resultsShown, test, type Lang } from './fixtures'
import { messages, submitLogin, text } from './messages'

const ADMIN = 'admin@sakan.test'
const TENANT = 'tenant@sakan.test'
const DEMO_PASSWORD = 'Sakan#2026'

/** The whole text holds at least one digit, all of them the locale's. */
const LOCALE_DIGITS: Record<Lang, RegExp> = {
  ar: /^[^0-9]*[٠-٩][^0-9]*$/,
  en: /^[^٠-٩]*[0-9][^٠-٩]*$/,
}

const expectLocaleDigits = (target: Locator, lang: Lang) =>
  expect(target).toHaveText(LOCALE_DIGITS[lang])

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')

  test.describe(`digits (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((choice) => {
        if (!localStorage.getItem('sakan.language')) localStorage.setItem('sakan.language', choice)
      }, lang)
    })

    test('the site writes room numbers, counts and the year in the locale digits', async ({
      page,
      request,
    }) => {
      const [room] = (await (await request.get('/api/rooms?_start=0&_end=1')).json()) as {
        id: number
      }[]
      await page.goto(`/${lang}/property/${room!.id}`)
      await expectLocaleDigits(page.locator('.property-subtitle'), lang)
      await expectLocaleDigits(page.locator('footer .copyright'), lang)

      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      await expectLocaleDigits(page.locator('#results-count'), lang)
      await expectLocaleDigits(
        page.locator('[data-room-card]').first().locator('.room-card-type'),
        lang
      )
    })

    /** Signs the administrator in and opens the detail dialog of the first application. */
    async function openApplication(page: Page): Promise<Locator> {
      await submitLogin(page, account, ADMIN, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/admin$/)
      await page.locator('[data-application-id]').first().getByTestId('row-view').click()
      const dialog = page.getByRole('dialog', { name: text(admin, 'applications.detail.title') })
      await expect(dialog).toBeVisible()
      return dialog
    }

    test('the back office writes room numbers in the locale digits', async ({ page }) => {
      const dialog = await openApplication(page)
      const roomNumber = dialog
        .locator('.facts > div')
        .filter({
          has: page.getByText(text(admin, 'applications.detail.roomNumber'), { exact: true }),
        })
        .locator('dd')
      await expectLocaleDigits(roomNumber, lang)
      await page.keyboard.press('Escape')

      await page.getByRole('tab', { name: text(admin, 'management.tabs.rooms') }).click()
      await expectLocaleDigits(
        page.getByTestId('room-row').first().locator('.admin-row-name'),
        lang
      )
      await expectLocaleDigits(page.locator('footer .copyright'), lang)
    })

    test('the application detail writes its id in the locale digits', async ({ page }) => {
      // needs the panels branch: ApplicationDetailDialog prints `#{application.id}` as it comes;
      // the rewritten dialog writes `localizeDigits(application.id, lang)`. Then drop this line
      // (Playwright reports the Arabic run as "expected to fail" until then).
      test.fail(lang === 'ar', 'needs the panels branch')
      const dialog = await openApplication(page)
      await expectLocaleDigits(dialog.locator('.app-detail-sub'), lang)
    })

    test('the dashboard writes room numbers in the locale digits', async ({ page }) => {
      await submitLogin(page, account, TENANT, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/dashboard$/)
      await expectLocaleDigits(page.locator('.record-card-sub').first(), lang)
    })
  })
}
