/**
 * The whole journey, once in each language, as one story with no seeded shortcut: a
 * visitor lands on the home page, quick-searches, filters the listing and opens a room; she
 * registers from there, verifies her e-mail through the Auth emulator's link and applies with an
 * ID document; the administrator approves her in the back office; the approval reaches her in
 * the mail catcher and the bell; she pays the deposit and her first month by card through the
 * payment sandbox (3-D Secure, callback), sees them in her ledger and prints a receipt, and
 * reports a problem with a photo; the administrator completes it, and she sees it; the
 * administrator ends her stay 40 days ahead, and the room's page says it is available from the
 * day after (it stays taken until then). The administrator's
 * stat cards are read before each step and checked after it (specs run one at a time, so only
 * this story moves them meanwhile).
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import {
  LANGS,
  chooseLanguage,
  expect as baseExpect,
  resultsShown,
  startIn,
  test,
  type Lang,
  dayFromNow,
} from './fixtures'
import {
  availableFromText,
  escapeRegExp,
  field,
  localDigits,
  messages,
  registerFromSignIn,
  submitLogin,
  text,
} from './messages'
import { pngFile } from './applications/files'
import { mailsTo } from './mail'
import { ADMIN, DEMO_PASSWORD, stat } from './office/office'
import { CARDS, authenticate, payWithCard, sandboxSpec, tenantPayments } from './payments/pay'
import { EMULATOR } from './session'

sandboxSpec()

/* A long story of account pages, each loading its data: more patience than a single page's. */
const expect = baseExpect.configure({ timeout: 15_000 })

/** The home page's quick-search price bands (common/src/constants.ts), narrowest first. */
const BANDS = [
  { band: 'budget', min: 0, max: 1000 },
  { band: 'midrange', min: 1000, max: 2000 },
  { band: 'premium', min: 2000, max: 3000 },
  { band: 'luxury', min: 3000, max: Infinity },
] as const

interface ListedRoom {
  id: number
  roomNumber: string
  price: number
  features: string[]
  building: { zone: string; name_en: string; name_ar: string }
}

/** Where the visitor searches: a zone, a price band and a feature of the room she will open. */
interface Search {
  room: ListedRoom
  zone: string
  band: (typeof BANDS)[number]
  feature: string
  /** The listing's API query for the first page of those results. */
  query: string
}

/**
 * An available room and a search that shows it on the first page of results; a different one
 * each run (the rooms earlier runs and other specs took are not available any more).
 */
async function chooseSearch(request: APIRequestContext): Promise<Search> {
  const response = await request.get('/api/rooms?availability=true&_start=0&_end=100')
  expect(response.ok()).toBe(true)
  const rooms = ((await response.json()) as ListedRoom[]).sort(() => Math.random() - 0.5)
  for (const room of rooms) {
    const band = BANDS.find(({ min, max }) => room.price > min && room.price < max)
    const feature = room.features[0]
    if (!band || !feature) continue
    const bounds = `priceMin=${band.min}${band.max === Infinity ? '' : `&priceMax=${band.max}`}`
    const query = `location=${room.building.zone}&${bounds}&features=${feature}&availability=true&sort=newest&_start=0&_end=12`
    const shown = (await (await request.get(`/api/rooms?${query}`)).json()) as ListedRoom[]
    if (shown.some((candidate) => candidate.id === room.id))
      return { room, zone: room.building.zone, band, feature, query }
  }
  throw new Error('no available room to search for')
}

/** The administrator's key figures, as its stat cards show them. */
const FIGURES = ['totalRooms', 'occupiedRooms', 'occupancyRate', 'pendingApplications'] as const
type Figures = Record<(typeof FIGURES)[number] | 'monthlyRevenue', number>

/** Opens the administrator's dashboard once its figures are in (slow on a loaded machine). */
async function openDashboard(admin: Page) {
  await admin.goto('/admin')
  await expect(admin.getByTestId('stat-totalRooms')).toHaveAttribute('data-value', /^\d+$/, {
    timeout: 20_000,
  })
}

async function readFigures(admin: Page): Promise<Figures> {
  await openDashboard(admin)
  const figures = {} as Figures
  for (const key of [...FIGURES, 'monthlyRevenue'] as const) figures[key] = await stat(admin, key)
  return figures
}

/** Reloads the dashboard and checks every card against `expected` (revenue to the halala). */
async function expectFigures(admin: Page, expected: Figures) {
  await openDashboard(admin)
  for (const key of FIGURES)
    await expect(admin.getByTestId(`stat-${key}`), key).toHaveAttribute(
      'data-value',
      String(expected[key])
    )
  expect(Math.round((await stat(admin, 'monthlyRevenue')) * 100), 'monthlyRevenue').toBe(
    Math.round(expected.monthlyRevenue * 100)
  )
}

/** `figures` with the rooms taken moved by `delta` (and the occupancy rate with them). */
function occupied(figures: Figures, delta: number): Figures {
  const occupiedRooms = figures.occupiedRooms + delta
  return {
    ...figures,
    occupiedRooms,
    occupancyRate: Math.round((occupiedRooms / figures.totalRooms) * 100),
  }
}

/** The administrator's own browser context, signed in, in `lang`; page errors fail the test. */
async function administrator(browser: Browser, lang: Lang) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await chooseLanguage(page, lang)
  await submitLogin(page, messages(lang, 'account'), ADMIN, DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/admin$/)
  return { page, errors, close: () => context.close() }
}

/** Picks an option of a Mantine Select (the input carries the test id) within `scope`. */
async function choose(page: Page, scope: Page | Locator, testId: string, option: string | RegExp) {
  await scope.getByTestId(testId).click()
  await page.getByRole('option', { name: option }).click()
}

/** Shows one status in the admin dashboard's open tab: its radio in the "Show" group. */
async function showOnly(page: Page, group: string, name: string) {
  const radios = page.getByRole('tabpanel').getByRole('radiogroup', { name: group })
  // The radio itself is visually hidden under its label, which is what she presses.
  await radios.getByText(name, { exact: true }).click()
  await expect(radios.getByRole('radio', { name, exact: true })).toBeChecked()
}

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')
  const api = messages(lang, 'api')
  const stamp = `${Date.now()}`.slice(-6)
  const resident = {
    name: lang === 'ar' ? `مها الرحلة ${stamp}` : `Maha Journey ${stamp}`,
    email: `journey-${lang}-${Date.now()}@example.com`,
    password: 'secret123',
  }
  const toast = (page: Page, title: string) => page.getByText(title, { exact: true })

  test.describe(`the whole journey (${lang})`, () => {
    startIn(lang)

    test('from the home page to a stay ended, through every step', async ({ page, browser }) => {
      // About two minutes on a quiet machine; the margin is for a loaded one (several times slower).
      test.setTimeout(420_000)
      const search = await chooseSearch(page.request)
      const { room } = search
      const office = await administrator(browser, lang)
      const adminPage = office.page
      const start = await readFigures(adminPage)
      const roomOption = new RegExp(escapeRegExp(localDigits(room.roomNumber, lang)))
      const card = () => page.locator(`[data-results] [data-room-card][data-room-id="${room.id}"]`)

      await test.step('a visitor quick-searches, filters the listing and opens the room', async () => {
        await page.goto(`/${lang}/`)
        const quick = page.locator('[data-quick-search]')
        await quick.locator('select[name="location"]').selectOption(search.zone)
        await quick.locator('select[name="band"]').selectOption(search.band.band)
        await quick.locator('button[type="submit"]').click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/listings\\?location=${search.zone}&`))
        await resultsShown(page)

        const filters = page.locator('[data-filter-form]')
        await expect(filters.locator('select[name="location"]')).toHaveValue(search.zone)
        await filters.locator(`input[name="features"][value="${search.feature}"]`).check()
        await filters.locator('[data-filter-apply]').click()
        await expect(page).toHaveURL(new RegExp(`features=${search.feature}`))
        await resultsShown(page)
        await expect(card()).toBeVisible()
        await card().locator('a').first().click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/property/${room.id}$`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          lang === 'ar' ? room.building.name_ar : room.building.name_en
        )
      })

      await test.step('she registers from the room and verifies her e-mail', async () => {
        await page.locator('[data-apply-card] [data-apply]').click()
        // The page's link names the application plainly; the account app's guards encode it.
        await expect(page).toHaveURL(
          new RegExp(`/login\\?redirect=(%2F|/)application(%2F|/)${room.id}$`)
        )
        await registerFromSignIn(page, account, resident)
        await expect(page).toHaveURL(new RegExp(`/application/${room.id}$`))

        // The emulator sends no e-mail: the link it would have sent is read from its REST API.
        const notice = page.getByTestId('verify-email-notice')
        await expect(notice).toContainText(resident.email)
        const codes = (await (
          await page.request.get(`${EMULATOR}/emulator/v1/projects/demo-sakan/oobCodes`)
        ).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }
        const link = codes.oobCodes.findLast(
          (code) => code.email === resident.email && code.requestType === 'VERIFY_EMAIL'
        )
        expect(link, 'the verification e-mail').toBeTruthy()
        const mailbox = await page.context().newPage()
        await mailbox.goto(link!.oobLink)
        await expect(mailbox.locator('body')).toContainText('successfully verified')
        await mailbox.close()
        await notice.getByTestId('verify-confirm').click()
        await expect(notice).toHaveCount(0)
        await expect(toast(page, text(account, 'verifyEmail.verified'))).toBeVisible()
      })

      await test.step('she applies with an ID document', async () => {
        await expect(page.getByTestId('room-number')).toContainText(
          localDigits(room.roomNumber, lang)
        )
        await page.getByTestId('id-document-input').setInputFiles(pngFile())
        await expect(page.locator('.doc-picker-file-name')).toHaveText('id-card.png')
        await page.getByTestId('submit-application').click()
        await expect(toast(page, text(account, 'application.success.title'))).toBeVisible()
        await expect(page).toHaveURL(/\/dashboard$/)
        await expect(
          page.locator(`[data-testid="application-card"][data-room-id="${room.id}"]`)
        ).toHaveAttribute('data-status', 'pending')
        await expectFigures(adminPage, {
          ...start,
          pendingApplications: start.pendingApplications + 1,
        })
      })

      await test.step('the administrator approves her in the back office', async () => {
        const [application] = (await (
          await page.request.get('/api/applications?_start=0&_end=10')
        ).json()) as { id: number; roomId: number }[]
        expect(application?.roomId).toBe(room.id)
        await showOnly(
          adminPage,
          text(admin, 'management.filtersLabel'),
          text(admin, 'management.filters.pending')
        )
        const row = adminPage.locator(`[data-application-id="${application!.id}"]`)
        await expect(row).toContainText(resident.name)
        await row.getByTestId('row-view').click()
        const dialog = adminPage.getByRole('dialog', {
          name: text(admin, 'applications.detail.title'),
        })
        await expect(dialog).toContainText(resident.email)
        await dialog.getByTestId('detail-approve').click()
        await adminPage
          .getByRole('dialog', { name: text(admin, 'applications.confirm.approveTitle') })
          .getByTestId('confirm-action')
          .click()
        await expect(toast(adminPage, text(admin, 'applications.toasts.approved'))).toBeVisible()
        await expectFigures(adminPage, occupied(start, 1))
      })

      await test.step('the approval reaches her by e-mail and in the bell', async () => {
        const subject = text(api, 'notifications.kinds.application_approved.subject')
        await expect
          .poll(
            async () => (await mailsTo(page.request, resident.email)).map((mail) => mail.subject),
            { timeout: 20_000 }
          )
          .toContain(subject)
        await page.goto('/dashboard')
        await expect(
          page.locator(`[data-testid="application-card"][data-room-id="${room.id}"]`)
        ).toHaveAttribute('data-status', 'approved')
        const bell = page.getByTestId('notification-bell')
        await expect(bell).toHaveAttribute('data-unread', /^[1-9]\d*$/)
        await bell.click()
        await expect(
          page.locator('[data-testid="notification-item"][data-kind="application_approved"]')
        ).toContainText(subject)
        await page.keyboard.press('Escape')
      })

      let monthReceipt = 0
      await test.step('she pays the deposit and her first month by card', async () => {
        await page.goto('/dashboard?tab=payments')
        const stay = page.locator(`[data-testid="stay-card"][data-room-id="${room.id}"]`)
        await expect(stay.getByTestId('stay-deposit')).toHaveAttribute('data-state', 'due')
        const firstMonth = (await stay
          .getByTestId('ledger-row')
          .first()
          .getAttribute('data-month'))!

        await stay.getByTestId('deposit-pay').click()
        await expect(page).toHaveURL(new RegExp(`/payment\\?roomId=${room.id}&kind=deposit$`))
        await expect(page.getByTestId('payment-plan')).toHaveValue(
          text(account, 'payment.plan.deposit')
        )
        await payWithCard(page, CARDS.success)
        const deposit = await authenticate(page, account, 'success')

        await page.goto('/payment')
        await choose(page, page, 'payment-room', roomOption)
        await page.getByTestId('payment-month').click()
        await page.locator(`[role="option"][value="${firstMonth}"]`).click()
        await payWithCard(page, CARDS.success)
        const rent = await authenticate(page, account, 'success')

        const payments = await tenantPayments(page.request)
        const paid = payments.filter((payment) =>
          [deposit, rent].includes(payment.paymentReference)
        )
        expect(paid.map((payment) => payment.paymentStatus)).toEqual(['completed', 'completed'])
        monthReceipt = paid.find((payment) => payment.paymentReference === rent)!.id
        const revenue = paid.reduce((sum, payment) => sum + payment.amount, 0)

        // Her ledger: the deposit held, the first month paid with its receipt.
        await page.goto('/dashboard?tab=payments')
        await expect(stay.getByTestId('stay-deposit')).toHaveAttribute('data-state', 'held')
        const row = stay.locator(`[data-testid="ledger-row"][data-month="${firstMonth}"]`)
        await expect(row).toHaveAttribute('data-state', 'paid')
        await expect(row.getByTestId('ledger-receipt')).toHaveAttribute(
          'href',
          `/receipts/${monthReceipt}`
        )
        await expectFigures(adminPage, {
          ...occupied(start, 1),
          monthlyRevenue: start.monthlyRevenue + revenue,
        })
        start.monthlyRevenue += revenue
      })

      await test.step('she opens the receipt and prints it', async () => {
        await page
          .locator(`[data-testid="stay-card"][data-room-id="${room.id}"]`)
          .getByTestId('ledger-receipt')
          .first()
          .click()
        await expect(page).toHaveURL(new RegExp(`/receipts/${monthReceipt}$`))
        const receipt = page.getByTestId('receipt')
        await expect(receipt).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
        await expect(receipt.getByTestId('receipt-kind')).toHaveText(
          text(account, 'receipt.kinds.rent')
        )
        await expect(receipt).toContainText(localDigits(room.roomNumber, lang))
        await page.emulateMedia({ media: 'print' })
        await expect(page.locator('.site-header')).toBeHidden()
        await expect(page.getByTestId('receipt-print')).toBeHidden()
        await expect(receipt).toBeVisible()
        const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true })
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
        expect(pdf.length).toBeGreaterThan(1000)
        await page.emulateMedia({ media: 'screen' })
      })

      const title = lang === 'ar' ? `المكيف لا يبرد ${stamp}` : `The AC is not cooling ${stamp}`
      const request = () => page.getByTestId('maintenance-card').filter({ hasText: title })
      await test.step('she reports a problem with a photo', async () => {
        await page.goto('/maintenance')
        await field(page, text(account, 'maintenance.form.title')).fill(title)
        await field(page, text(account, 'maintenance.form.description')).fill(
          lang === 'ar'
            ? 'المكيف يعمل لكنه لا يبرد الغرفة منذ يومين.'
            : 'The air conditioner runs but has not cooled the room for two days.'
        )
        await choose(page, page, 'maintenance-room', roomOption)
        await choose(page, page, 'maintenance-category', text(account, 'category.hvac'))
        await page.getByTestId('maintenance-photos-input').setInputFiles(pngFile('ac.png', 120, 90))
        await expect(page.getByRole('img', { name: 'ac.png' })).toBeVisible()
        await page.getByTestId('submit-maintenance').click()
        await expect(page.getByTestId('maintenance-success')).toContainText(title)
        await page.goto('/dashboard?tab=maintenance')
        await expect(request()).toHaveAttribute('data-status', 'pending')
        await expect(request().getByTestId('maintenance-photo')).toHaveCount(1)
        await expectFigures(adminPage, occupied(start, 1))
      })

      await test.step('the administrator completes it, and she sees it', async () => {
        await adminPage.goto('/admin?tab=maintenance')
        await showOnly(
          adminPage,
          text(admin, 'management.filtersLabel'),
          text(account, 'status.maintenance.pending')
        )
        const pending = adminPage.getByTestId('maintenance-card').filter({ hasText: title })
        await expect(pending).toContainText(localDigits(room.roomNumber, lang))
        await choose(
          adminPage,
          pending,
          'maintenance-status',
          text(account, 'status.maintenance.completed')
        )
        await expect(toast(adminPage, text(admin, 'maintenance.toasts.updated'))).toBeVisible()
        await expect(pending).toHaveCount(0)

        await page.reload()
        await expect(request()).toHaveAttribute('data-status', 'completed')
        await expect(request()).toContainText(text(account, 'status.maintenance.completed'))
        await expectFigures(adminPage, occupied(start, 1))
      })

      await test.step('the administrator ends the stay ahead: the room is hers until then', async () => {
        const label = (key: string) => text(admin, `office.tenancies.${key}`)
        await adminPage.getByTestId('office-nav-tenancies').first().click()
        await expect(adminPage).toHaveURL(/\/admin\/tenancies(\?|$)/)
        await adminPage.getByTestId('office-search').fill(resident.email)
        const table = adminPage.getByTestId('tenancies-table')
        await expect(table.locator('tbody tr')).toHaveCount(1)
        await table.locator('tbody tr a[href^="/admin/tenancies/"]').first().click()
        await expect(adminPage.getByTestId('tenancy-detail')).toContainText(resident.email)
        await adminPage.getByTestId('tenancy-action-end').click()
        const dialog = adminPage.getByTestId('tenancy-dialog-end')
        const fieldOf = (key: string) =>
          dialog.getByLabel(new RegExp(`^${escapeRegExp(label(key))}( \\*)?$`))
        const end = dayFromNow(40)
        await fieldOf('fields.endDate').fill(end)
        await fieldOf('fields.reason').fill('Her studies ended.')
        await dialog.getByTestId('confirm-action').click()
        await expect(toast(adminPage, label('dialogs.end.done'))).toBeVisible()
        await expect(adminPage.getByTestId('tenancy-state')).toHaveAttribute('data-value', 'ended')
        // Her stay holds the room through its end date: still taken in the figures…
        await expectFigures(adminPage, occupied(start, 1))

        // …and the room's page says from which day it is free: the day after the end.
        const availableFrom = new Date(Date.parse(end) + 86_400_000).toISOString().slice(0, 10)
        await page.goto(`/${lang}/property/${room.id}`)
        await expect(page.locator('[data-apply-card] [data-live-availability]')).toHaveText(
          await availableFromText(availableFrom, lang, page)
        )
      })

      expect(office.errors, 'page errors in the back office').toEqual([])
      await office.close()
    })
  })
}
