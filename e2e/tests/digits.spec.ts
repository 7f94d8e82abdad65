/**
 * One number format per locale, in both languages: room numbers,
 * ids, counts and the footer year are written in Arabic-Indic digits on Arabic pages and in
 * Latin digits on English ones, on the public site and in the account app alike — validation
 * messages and the payment page included, and the footer's phone number (left to
 * right as one number), the map's coordinates (with the Arabic comma) and the card form's pay
 * button.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { LANGS, cardIds, expect, resultsShown, test, type Lang, startIn } from './fixtures'
import { field, localDigits, messages, sendForm, text } from './messages'
import { ADMIN, TENANT, openSignedIn, signedIn } from './session'

/** The whole text holds at least one digit, all of them the locale's. */
const LOCALE_DIGITS: Record<Lang, RegExp> = {
  ar: /^[^0-9]*[٠-٩][^0-9]*$/,
  en: /^[^٠-٩]*[0-9][^٠-٩]*$/,
}

const expectLocaleDigits = (target: Locator, lang: Lang) =>
  expect(target).toHaveText(LOCALE_DIGITS[lang])

/**
 * The footer's phone number: the locale's digits, left to right as one number — its digit
 * groups laid out in the order they are written, the country code first (on the left).
 */
async function expectPhone(page: Page, lang: Lang) {
  const phone = page.locator('footer a[href^="tel:"]')
  await expectLocaleDigits(phone, lang)
  const lefts = await phone.evaluate((link) => {
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
    const node = walker.nextNode() as Text
    return [...node.data.matchAll(/\S+/g)].map((group) => {
      const range = document.createRange()
      range.setStart(node, group.index)
      range.setEnd(node, group.index + group[0].length)
      return range.getBoundingClientRect().left
    })
  })
  expect(lefts.length, 'the phone number’s groups').toBeGreaterThan(1)
  expect(lefts, 'its groups from left to right').toEqual([...lefts].sort((a, b) => a - b))
}

/** The rooms whose number is all digits (one with letters, "B-305", stays as printed on the door). */
async function numericRooms(request: APIRequestContext): Promise<Set<number>> {
  const response = await request.get('/api/rooms?_start=0&_end=100')
  expect(response.ok()).toBe(true)
  const rooms = (await response.json()) as { id: number; roomNumber: string }[]
  const ids = new Set(rooms.filter((room) => /^\d+$/.test(room.roomNumber)).map((room) => room.id))
  expect(ids.size, 'rooms with a numeric number').toBeGreaterThan(0)
  return ids
}

/** The first of the ids shown that is a numeric room. */
function firstNumeric(shown: number[], numeric: Set<number>): number {
  const id = shown.find((candidate) => numeric.has(candidate))
  expect(id, 'a room with a numeric number on screen').toBeDefined()
  return id!
}

/** The first item with that test id (and a `data-room-id`) for a numeric room. */
async function numericRoomItem(page: Page, testId: string, numeric: Set<number>) {
  const items = page.getByTestId(testId)
  await expect(items.first()).toBeVisible()
  const shown = await items.evaluateAll((nodes) =>
    nodes.map((node) => Number((node as HTMLElement).dataset.roomId))
  )
  return page.locator(`[data-testid="${testId}"][data-room-id="${firstNumeric(shown, numeric)}"]`)
}

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')

  test.describe(`digits (${lang})`, () => {
    startIn(lang)

    test('the site writes room numbers, counts and the year in the locale digits', async ({
      page,
      request,
    }) => {
      const numeric = await numericRooms(request)
      await page.goto(`/${lang}/property/${[...numeric][0]}`)
      await expectLocaleDigits(page.locator('.property-subtitle'), lang)
      await expectLocaleDigits(page.locator('footer .copyright'), lang)
      await expectPhone(page, lang)
      // The map's coordinates: "٢٤٫٧١٣٦، ٤٦٫٦٧٥٣" in Arabic, "24.7136, 46.6753" in English.
      await expect(page.locator('.map-coordinates')).toHaveText(
        lang === 'ar' ? /^[٠-٩]+٫[٠-٩]{4}، [٠-٩]+٫[٠-٩]{4}$/ : /^\d+\.\d{4}, \d+\.\d{4}$/
      )

      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      await expectLocaleDigits(page.locator('#results-count'), lang)
      const card = page.locator(
        `[data-results] [data-room-card][data-room-id="${firstNumeric(await cardIds(page), numeric)}"]`
      )
      await expectLocaleDigits(card.locator('.room-card-type'), lang)
    })

    /**
     * Signs the administrator in and opens the detail dialog of the first application for a
     * room with a numeric number (not one like "B-305").
     */
    async function openApplication(page: Page): Promise<Locator> {
      await openSignedIn(page, ADMIN, '/admin', { lang })
      const rows = page.getByTestId('application-row')
      await expect(rows.first()).toBeVisible()
      const shown = await rows.evaluateAll((nodes) =>
        nodes.map((node) => Number((node as HTMLElement).dataset.applicationId))
      )
      // The administrator's session is the page's: the API says which room each one is for.
      const response = await page.request.get('/api/applications?_start=0&_end=100')
      expect(response.ok()).toBe(true)
      const applications = (await response.json()) as {
        id: number
        room: { roomNumber: string } | null
      }[]
      const numericIds = new Set(
        applications
          .filter((application) => /^\d+$/.test(application.room?.roomNumber ?? ''))
          .map((application) => application.id)
      )
      const id = shown.find((candidate) => numericIds.has(candidate))
      expect(id, 'an application for a room with a numeric number on screen').toBeDefined()
      await page
        .locator(`[data-testid="application-row"][data-application-id="${id}"]`)
        .getByTestId('row-view')
        .click()
      const dialog = page.getByRole('dialog', { name: text(admin, 'applications.detail.title') })
      await expect(dialog).toBeVisible()
      return dialog
    }

    test('the back office writes room numbers in the locale digits', async ({ page, request }) => {
      const dialog = await openApplication(page)
      const roomNumber = dialog
        .locator('.facts > div')
        .filter({
          has: page.getByText(text(admin, 'applications.detail.roomNumber'), { exact: true }),
        })
        .locator('dd')
      await expectLocaleDigits(roomNumber, lang)
      await page.keyboard.press('Escape')

      const numeric = await numericRooms(request)
      await page.getByRole('tab', { name: text(admin, 'management.tabs.rooms') }).click()
      const row = await numericRoomItem(page, 'room-row', numeric)
      await expectLocaleDigits(row.locator('.admin-row-name'), lang)
      await expectLocaleDigits(page.locator('footer .copyright'), lang)
    })

    test('the application detail writes its id in the locale digits', async ({ page }) => {
      const dialog = await openApplication(page)
      await expectLocaleDigits(dialog.locator('.app-detail-sub'), lang)
    })

    test('the dashboard writes room numbers in the locale digits', async ({ page, request }) => {
      const numeric = await numericRooms(request)
      await openSignedIn(page, TENANT, '/dashboard', { lang })
      const card = await numericRoomItem(page, 'application-card', numeric)
      await expectLocaleDigits(card.locator('.record-card-sub'), lang)
    })
    test('validation messages write their numbers in the locale digits', async ({ page }) => {
      // The sign-up form's password rule ("at least 6 characters").
      await page.goto('/register')
      await field(page, text(account, 'register.fields.password')).fill('abc')
      await sendForm(page, text(account, 'register.submit'))
      await expectLocaleDigits(
        page.getByText(text(account, 'register.validation.password'), { exact: true }),
        lang
      )

      // The maintenance form's description rule ("at least 10 characters") and its photo limits.
      await openSignedIn(page, TENANT, '/maintenance', { lang })
      await field(page, text(account, 'maintenance.form.description')).fill('Too short')
      await page.getByTestId('submit-maintenance').click()
      await expectLocaleDigits(
        page.getByText(text(account, 'maintenance.validation.description'), { exact: true }),
        lang
      )
      await expectLocaleDigits(
        page.getByText(
          text(account, 'maintenance.form.photosDescription', { max: localDigits(3, lang) }),
          {
            exact: true,
          }
        ),
        lang
      )

      // A message the API writes (the page-end rule of a list call), in the caller's language.
      const refused = await page.request.get('/api/rooms?_start=0&_end=1000000001', {
        headers: { 'x-locale': lang },
      })
      expect(refused.status()).toBe(422)
      expect(((await refused.json()) as { message: string }).message).toMatch(LOCALE_DIGITS[lang])
    })

    test('the payment page writes room numbers in the locale digits', async ({ page }) => {
      await signedIn(page, TENANT, { lang })
      const approved = (await (
        await page.request.get('/api/applications?status=approved&_start=0&_end=100')
      ).json()) as { room: { roomNumber: string } | null }[]
      const roomNumber = approved
        .map((application) => application.room?.roomNumber ?? '')
        .find((number) => /^\d+$/.test(number))
      expect(
        roomNumber,
        'the demo resident has an approved room with a numeric number'
      ).toBeDefined()

      await page.goto('/payment')
      await page.getByTestId('payment-room').click()
      const option = page.getByRole('option').filter({ hasText: localDigits(roomNumber!, lang) })
      await expectLocaleDigits(option.first(), lang)
      await option.first().click()
      await expect(page.getByTestId('payment-room')).toHaveValue(LOCALE_DIGITS[lang])
      await page.getByTestId('payment-month').click()
      for (const month of await page.getByRole('option').all())
        await expectLocaleDigits(month, lang)
      await page.keyboard.press('Escape')
      // The card form's own pay button writes the amount in her digits too.
      const pay = page.locator('.mysr-form button[type="submit"]')
      await expect(pay).toBeVisible({ timeout: 20_000 })
      await expectLocaleDigits(pay, lang)
      await expect(pay).toContainText(text(account, 'payment.payButton'))
      await expectPhone(page, lang)
    })
  })
}
