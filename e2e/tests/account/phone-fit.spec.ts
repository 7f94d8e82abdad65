/**
 * Nothing wider than a phone, in both languages. The demo tenant's pages (her
 * dashboard's three tabs, her bell open, a receipt of hers, `/payment`, `/maintenance`) and the
 * administrator's (the dashboard, the tenancies, a tenancy, the rooms, the applications), each
 * shown at 390 px (one page load per person, the rest reached by the pages' own links) and then
 * narrowed and widened in place to 320, 360 and 430 px: the
 * document is never wider than the window (the widest elements past its edge are named when it
 * is), and every status badge shows its words whole. On a phone her bell is inside the closed
 * menu: the menu's button shows her unread count and says it; the bell's items give their title,
 * text and time on lines of their own. At 1280 px the revenue card holds its figure and every
 * column of the tenancies list is on screen.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { LANGS, expect, startIn, test, type Lang } from '../fixtures'
import { localDigits, messages, text } from '../messages'
import { openSession, openSignedIn, signedIn } from '../session'
import { TENANT, tenantPayments } from '../payments/pay'
import { ADMIN } from '../office/office'
import { misfits } from '../fit'

const PHONE = { width: 390, height: 844 }
/** The widths checked after the first, at which each page is opened. */
const NARROWER_AND_WIDER = [320, 360, 430]

/** At 390 px, then 320, 360 and 430, everything fits (`misfits`); back to 390 after. */
async function expectFits(page: Page, what: string): Promise<void> {
  for (const width of [PHONE.width, ...NARROWER_AND_WIDER]) {
    if (width !== PHONE.width) await page.setViewportSize({ width, height: PHONE.height })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)))
    expect(await misfits(page), `${what} at ${width} px`).toEqual([])
  }
  await page.setViewportSize(PHONE)
}

/**
 * News for her bell: the administrator moves one of her open maintenance requests to the other
 * open status and back (each move tells her), leaving it as it was. Returns her unread count.
 */
async function newsForHer(browser: Browser, her: APIRequestContext, lang: Lang): Promise<number> {
  const requests = (await (
    await her.get('/api/maintenance-requests?_start=0&_end=100')
  ).json()) as { id: number; status: string }[]
  const open = requests.find((request) => ['pending', 'in_progress'].includes(request.status))
  expect(open, 'an open maintenance request of hers').toBeDefined()
  const office = await browser.newContext()
  try {
    await openSession(office.request, ADMIN, { lang })
    const other = open!.status === 'pending' ? 'in_progress' : 'pending'
    for (const status of [other, open!.status]) {
      const moved = await office.request.patch(`/api/maintenance-requests/${open!.id}`, {
        data: { status },
      })
      expect(moved.status(), await moved.text()).toBe(200)
    }
  } finally {
    await office.close()
  }
  const unread = await her.get('/api/notifications?_start=0&_end=1')
  return Number(unread.headers()['x-unread-count'])
}

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')
  const common = messages(lang, 'common')

  test.describe(`phone widths (${lang})`, () => {
    test.use({ viewport: PHONE })
    startIn(lang)

    test('her pages fit a phone; the menu shows her unread count; the bell’s items have lines of their own', async ({
      browser,
      page,
    }) => {
      test.setTimeout(120_000)
      await signedIn(page, TENANT, { lang })
      const unread = await newsForHer(browser, page.request, lang)
      expect(unread, 'her unread notifications').toBeGreaterThan(0)
      const completed = (await tenantPayments(page.request)).find(
        (payment) => payment.paymentStatus === 'completed'
      )
      expect(completed, 'a completed payment of hers').toBeDefined()

      await page.goto('/dashboard')
      await expect(page.getByTestId('application-card').first()).toBeVisible({ timeout: 20_000 })
      await expectFits(page, 'her applications')

      await test.step('the menu’s button shows her unread count; the bell lists her news', async () => {
        const toggle = page.locator('[data-menu-toggle]')
        const count = toggle.getByTestId('menu-unread')
        await expect(count).toBeVisible()
        await expect(count).toHaveText(localDigits(unread, lang))
        const form = new Intl.PluralRules(lang).select(unread)
        await expect(toggle).toHaveAccessibleName(
          text(common, `nav.menuUnread_${form}`, {
            menu: text(common, 'nav.openMenu'),
            count: localDigits(unread, lang),
          })
        )

        await toggle.click()
        const bell = page.getByTestId('notification-bell')
        await expect(bell).toHaveAttribute('data-unread', String(unread))
        await bell.click()
        const list = page.getByTestId('notification-list')
        await expect(list).toBeVisible()
        const items = list.getByTestId('notification-item')
        await expect(items.first()).toBeVisible()
        for (const item of (await items.all()).slice(0, 3)) {
          const [title, body, time] = await Promise.all(
            ['.notification-title', '.notification-body', '.notification-time'].map((part) =>
              item.locator(part).evaluate((element) => {
                const box = element.getBoundingClientRect()
                return { text: element.textContent ?? '', top: box.top, bottom: box.bottom }
              })
            )
          )
          // Each on its own line, in that order, none of them empty.
          for (const part of [title!, body!, time!]) expect(part.text.trim()).not.toBe('')
          expect(body!.top, `"${body!.text}" under its title`).toBeGreaterThanOrEqual(
            title!.bottom - 1
          )
          expect(time!.top, `"${time!.text}" under its text`).toBeGreaterThanOrEqual(
            body!.bottom - 1
          )
          // Its name says them in that order, apart.
          await expect(item).toHaveAccessibleName(`${title!.text} ${body!.text} ${time!.text}`)
        }
        await expectFits(page, 'her bell, open')
        await page.keyboard.press('Escape')
        await expect(list).toBeHidden()
      })

      await page.getByRole('tab', { name: text(account, 'dashboard.tabs.payments') }).click()
      await expect(page.getByTestId('ledger-row').first()).toBeVisible()
      await expect(page.getByTestId('payment-card').first()).toBeVisible()
      await expectFits(page, 'her payments')

      await page.locator(`a[href="/receipts/${completed!.id}"]`).first().click()
      await expect(page.getByTestId('receipt')).toBeVisible()
      await expect(page.getByTestId('receipt-number')).toBeVisible()
      await expectFits(page, 'her receipt')

      await page.goBack()
      await page
        .locator('main')
        .getByRole('link', { name: text(account, 'buttons.makePayment') })
        .first()
        .click()
      await expect(page).toHaveURL(/\/payment$/)
      await expect(page.getByTestId('payment-amount')).toBeVisible()
      await expectFits(page, 'the payment page')

      await page.goBack()
      await page.getByRole('tab', { name: text(account, 'dashboard.tabs.maintenance') }).click()
      await expect(page.getByTestId('maintenance-card').first()).toBeVisible()
      await expectFits(page, 'her maintenance requests')

      await page
        .locator('main')
        .getByRole('link', { name: text(account, 'buttons.newRequest') })
        .click()
      await expect(page).toHaveURL(/\/maintenance$/)
      await expect(page.locator('main form')).toBeVisible()
      await expectFits(page, 'the maintenance form')
    })

    test('the back office fits a phone; at 1280 px the figures fit their cards and the tenancies’ columns the screen', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      // Long figures, as a busy month has them: revenue of SAR 50,642.50, more overdue still.
      const figures = { monthlyRevenue: 50642.5, overdueTotal: 150642.5 }
      await page.route(
        (url) => url.pathname === '/api/admin/stats',
        async (route) => {
          const response = await route.fetch()
          await route.fulfill({ response, json: { ...(await response.json()), ...figures } })
        }
      )
      await openSignedIn(page, ADMIN, '/admin', { lang })
      for (const [key, value] of Object.entries(figures))
        await expect(page.getByTestId(`stat-${key}`)).toHaveAttribute('data-value', String(value))
      await expectFits(page, 'the dashboard')

      await page.setViewportSize({ width: 1280, height: 900 })
      // Every figure inside its card, whole.
      for (const value of await page.locator('.stat-value').all()) {
        const fits = await value.evaluate((element) => {
          const card = element.closest('li')!.getBoundingClientRect()
          const box = element.getBoundingClientRect()
          return (
            element.scrollWidth <= element.clientWidth &&
            box.left >= card.left &&
            box.right <= card.right
          )
        })
        expect(fits, `${await value.textContent()} fits its card at 1280 px`).toBe(true)
      }

      await page.getByTestId('office-nav-tenancies').first().click()
      const tenancies = page.getByTestId('tenancies-table')
      await expect(tenancies.locator('tbody tr').first()).toBeVisible()
      // Every column on screen at 1280 px: the table does not scroll sideways.
      const wrap = page.locator('.office-table-wrap')
      const hidden = await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(hidden, 'px of the tenancies list off screen at 1280 px').toBeLessThanOrEqual(0)
      await expect(
        tenancies.getByRole('columnheader', { name: text(admin, 'office.tenancies.balance') })
      ).toBeInViewport()
      await page.setViewportSize(PHONE)
      await expectFits(page, 'the tenancies')

      await tenancies.getByTestId('tenancy-link').first().click()
      await expect(page.getByTestId('tenancy-detail')).toBeVisible()
      await expect(page.getByTestId('ledger-row').first()).toBeVisible()
      await expectFits(page, 'a tenancy')

      await page.getByTestId('office-nav-rooms').first().click()
      await expect(page.locator('main table tbody tr').first()).toBeVisible()
      await expectFits(page, 'the rooms')

      await page.getByTestId('office-nav-applications').first().click()
      await expect(page.locator('main table tbody tr').first()).toBeVisible()
      await expectFits(page, 'the applications')
    })
  })
}
