/**
 * Applications end to end, in both languages, on the running product: a new
 * resident applies for two available rooms — with an image and with a PDF, watching the
 * upload's progress — the administrator opens each application and its ID document,
 * approves one and rejects then deletes the other behind their confirmations, the key
 * figures follow, and the resident's dashboard shows the decision with the way to pay; the
 * approval reaches her by e-mail in her language and in the header's bell.
 *
 * Every run registers its own resident and picks rooms that are still available, so the
 * suite passes on a freshly seeded database and again on the same one.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { LANGS, expect, test, type Lang, startIn } from '../fixtures'
import {
  escapeRegExp,
  field,
  localDigits,
  messages,
  fillLogin,
  registerFromSignIn,
  text,
} from '../messages'
import { pdfFile, pngFile, type TestFile } from './files'
import { mailsTo, type CaughtMail } from '../mail'
import { stat } from '../office/office'
import { ADMIN, DEMO_PASSWORD, openSignedIn as openWithSession } from '../session'

const intlLocale = (lang: Lang) => (lang === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB')
const formatNumber = (value: number, lang: Lang) =>
  new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 1 }).format(value)

/** Today in Riyadh (UTC+3) plus `days`, in long format — the picker's suggestion. */
function riyadhDatePlus(days: number, lang: Lang): string {
  const riyadh = new Date(Date.now() + 3 * 3600_000)
  const date = new Date(
    Date.UTC(riyadh.getUTCFullYear(), riyadh.getUTCMonth(), riyadh.getUTCDate() + days)
  )
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(
    date
  )
}

interface ApiRoom {
  id: number
  roomNumber: string
  price: number
  building: { name_en: string; name_ar: string } | null
}

interface ApiApplication {
  id: number
  status: string
  roomId: number
  user: { email: string } | null
}

/** Two rooms that are available now, different in each run and each language. */
async function availableRooms(request: APIRequestContext, count: number): Promise<ApiRoom[]> {
  const response = await request.get('/api/rooms?availability=true&_start=0&_end=100')
  expect(response.ok()).toBe(true)
  const rooms = (await response.json()) as ApiRoom[]
  expect(rooms.length, 'available rooms left in the catalogue').toBeGreaterThanOrEqual(count)
  const start = Math.floor(Math.random() * (rooms.length - count + 1))
  return rooms.slice(start, start + count)
}

async function expectStat(page: Page, key: string, expected: number, lang: Lang) {
  const value = page.getByTestId(`stat-${key}`)
  await expect(value).toHaveAttribute('data-value', String(expected))
  if (key === 'pendingApplications' || key === 'occupiedRooms' || key === 'totalRooms') {
    await expect(value).toHaveText(formatNumber(expected, lang))
  }
}

/** The toast with this title (one is shown at a time). */
const toast = (page: Page, title: string) => page.getByText(title, { exact: true })

/*
 * Sign-ins are rate-limited (10 a minute): each role signs in once per language and later
 * tests reuse its session (cookies and storage) when it is there.
 */
const sessionFile = (name: string) => join(tmpdir(), `sakan-e2e-${name}-${process.pid}.json`)
/* The saved sessions are this worker's alone, and go with it. */
test.afterAll(() => {
  const ours = (name: string) =>
    name.startsWith('sakan-e2e-') && name.endsWith(`-${process.pid}.json`)
  for (const name of readdirSync(tmpdir()).filter(ours))
    rmSync(join(tmpdir(), name), { force: true })
})
const reuseSession = (file: string) => ({
  // Playwright reads a fixture's dependencies from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use: (value: string | undefined) => Promise<void>) =>
    use(existsSync(file) ? file : undefined),
})

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')
  const api = messages(lang, 'api')

  /** Shows one status in the open management tab: its radio in the "Show" group above the list. */
  async function showOnly(page: Page, filter: string) {
    const name = text(admin, `management.filters.${filter}`)
    const group = page.getByRole('radiogroup', { name: text(admin, 'management.filtersLabel') })
    // The radio itself is visually hidden under its label, which is what she presses.
    await group.getByText(name, { exact: true }).click()
    await expect(group.getByRole('radio', { name, exact: true })).toBeChecked()
    /* Its highlight is drawn under its label, in either direction (its white words are on grey
       anywhere else). */
    await expect
      .poll(() =>
        group.evaluate((root) => {
          const box = (selector: string) => root.querySelector(selector)?.getBoundingClientRect()
          const highlight = box('.mantine-SegmentedControl-indicator')
          const label = box('label[data-active]')
          return Boolean(
            highlight &&
            label &&
            Math.abs(highlight.left - label.left) < 1 &&
            Math.abs(highlight.right - label.right) < 1
          )
        })
      )
      .toBe(true)
  }

  /** Opens `path`; signs in first when the saved session is missing or over. */
  async function openSignedIn(page: Page, path: string, email: string, password: string) {
    await page.goto(path)
    // The guards decide once the session is known: then the page (or the sign-in form) has its heading.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    if (new URL(page.url()).pathname === '/login') {
      await fillLogin(page, account, email, password)
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path.split('?')[0]!)}`))
    }
  }

  /** Fills and sends the application form for the room on screen. */
  async function apply(page: Page, file: TestFile, info?: string) {
    await page.getByTestId('id-document-input').setInputFiles(file)
    await expect(page.locator('.doc-picker-file-name')).toHaveText(file.name)
    if (info) await field(page, text(account, 'application.form.additionalInfo')).fill(info)
    await page.getByTestId('submit-application').click()
  }

  const adminSession = sessionFile(`admin-${lang}`)

  test.describe.serial(`applications (${lang})`, () => {
    const stamp = `${Date.now()}`
    const residentSession = sessionFile(`resident-${lang}-${stamp}`)
    const resident = {
      name: lang === 'ar' ? `ريم الاختبار ${stamp.slice(-5)}` : `Reem Test ${stamp.slice(-5)}`,
      email: `applicant-${lang}-${stamp}@sakan.test`,
      password: 'secret123',
    }
    let imageRoom: ApiRoom
    let pdfRoom: ApiRoom
    const info = 'Nursing student at King Saud University; quiet and tidy.'

    test.beforeAll(async ({ request }) => {
      ;[imageRoom, pdfRoom] = (await availableRooms(request, 2)) as [ApiRoom, ApiRoom]
    })

    startIn(lang)

    test('a new resident applies with an image and with a PDF', async ({ page }) => {
      test.setTimeout(90_000)
      // Signed out, the application page asks her to sign in first; she registers from there.
      await page.goto(`/application/${imageRoom.id}`)
      await expect(page).toHaveURL(
        new RegExp(`/login\\?redirect=%2Fapplication%2F${imageRoom.id}$`)
      )
      await registerFromSignIn(page, account, resident)
      await expect(page).toHaveURL(new RegExp(`/application/${imageRoom.id}$`))

      // The room she applies for, and the form's defaults.
      const building =
        (lang === 'ar' ? imageRoom.building?.name_ar : imageRoom.building?.name_en) ?? ''
      await expect(page.getByTestId('room-building')).toHaveText(building)
      await expect(page.getByTestId('room-number')).toContainText(
        localDigits(imageRoom.roomNumber, lang)
      )
      await expect(page.getByTestId('room-price')).toContainText(
        formatNumber(imageRoom.price, lang)
      )
      await expect(page.getByTestId('move-in-date')).toHaveText(riyadhDatePlus(7, lang))

      // The document is required.
      await page.getByTestId('submit-application').click()
      await expect(
        page.getByText(text(account, 'application.validation.documentMissing'))
      ).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/application/${imageRoom.id}$`))

      // With an image: success toast, then her dashboard.
      await apply(page, pngFile(), info)
      await expect(toast(page, text(account, 'application.success.title'))).toBeVisible()
      await expect(page).toHaveURL(/\/dashboard$/)
      const imageCard = page.locator(
        `[data-testid="application-card"][data-room-id="${imageRoom.id}"]`
      )
      await expect(imageCard).toHaveAttribute('data-status', 'pending')
      await expect(imageCard).toContainText(text(account, 'status.application.pending'))

      // With a PDF, on a slow connection: the upload shows its progress.
      await page.goto(`/application/${pdfRoom.id}`)
      await expect(page.getByTestId('room-number')).toContainText(
        localDigits(pdfRoom.roomNumber, lang)
      )
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      })
      await apply(page, pdfFile('id-scan.pdf', 900 * 1024))
      const progress = page.getByRole('progressbar', {
        name: text(account, 'application.form.progressLabel'),
      })
      await expect(progress).toBeVisible()
      await expect(page.getByTestId('submit-application')).toHaveText(
        text(account, 'application.form.submitting')
      )
      await expect
        .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
        .toBeGreaterThan(0)
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
      await expect(
        page.locator(`[data-testid="application-card"][data-room-id="${pdfRoom.id}"]`)
      ).toHaveAttribute('data-status', 'pending')
      await expect(page.getByTestId('application-card')).toHaveCount(2)
      await page.context().storageState({ path: residentSession })
    })

    test('the administrator reviews: document, approval, rejection and deletion', async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(90_000)
      await openWithSession(page, ADMIN, '/admin', { lang })
      await page.context().storageState({ path: adminSession })

      const pending = (await (
        await page.request.get('/api/applications?status=pending&_start=0&_end=100')
      ).json()) as ApiApplication[]
      const mine = pending.filter((application) => application.user?.email === resident.email)
      const imageApplication = mine.find((application) => application.roomId === imageRoom.id)!
      const pdfApplication = mine.find((application) => application.roomId === pdfRoom.id)!
      expect(imageApplication && pdfApplication, 'both applications are pending').toBeTruthy()

      const pendingBefore = await stat(page, 'pendingApplications')
      const occupiedBefore = await stat(page, 'occupiedRooms')
      const totalRooms = await stat(page, 'totalRooms')

      // The pending filter shows her two applications.
      await showOnly(page, 'pending')
      await expect(page).toHaveURL(/status=pending/)
      const row = (id: number): Locator => page.locator(`[data-application-id="${id}"]`)
      for (const application of [imageApplication, pdfApplication]) {
        await expect(row(application.id)).toContainText(resident.name)
        await expect(row(application.id)).toHaveAttribute('data-status', 'pending')
      }
      await expect(row(imageApplication.id)).toContainText(localDigits(imageRoom.roomNumber, lang))

      // The detail dialog: every field, then the image in its own dialog.
      await row(imageApplication.id).getByTestId('row-view').click()
      const dialog = page.getByRole('dialog', { name: text(admin, 'applications.detail.title') })
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText(resident.name)
      await expect(dialog).toContainText(resident.email)
      await expect(dialog).toContainText(text(admin, 'applications.detail.noPhone'))
      await expect(dialog).toContainText(info)
      await expect(dialog).toContainText(localDigits(imageRoom.roomNumber, lang))
      await expect(dialog).toContainText(riyadhDatePlus(7, lang))
      await expect(dialog.getByTestId('detail-status')).toHaveText(
        text(account, 'status.application.pending')
      )
      await expect(dialog.getByTestId('decision-history')).toHaveCount(0)
      await expect(dialog).toContainText(text(admin, 'applications.history.empty'))
      const imageDialog = page.getByRole('dialog', {
        name: text(admin, 'applications.document.dialogTitle', { name: resident.name }),
      })
      // An image that cannot be served says so…
      consoleGuard.allow(/status of 404/)
      await page.route('**/api/images/**', (route) => route.fulfill({ status: 404, body: '' }))
      await dialog.getByTestId('view-document').click()
      await expect(imageDialog.getByTestId('document-image-error')).toHaveText(
        text(admin, 'applications.document.imageError')
      )
      await page.keyboard.press('Escape')
      await page.unroute('**/api/images/**')
      // …and the real one is shown.
      await dialog.getByTestId('view-document').click()
      const image = imageDialog.getByTestId('document-image')
      await expect(image).toBeVisible()
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(480)
      await page.keyboard.press('Escape')
      await expect(imageDialog).toBeHidden()
      await expect(dialog).toBeVisible()

      // Approve, with the confirmation and its loading label.
      /* Each decision is held until its loading label has been seen: a fixed delay was shorter
         than the checks that run after a click on a loaded machine (a flake). */
      let answer = () => {}
      let held = new Promise<void>((resolve) => (answer = resolve))
      await page.route('**/api/applications/*/review', async (route) => {
        await held
        held = new Promise<void>((resolve) => (answer = resolve))
        await route.continue()
      })
      await dialog.getByTestId('detail-approve').click()
      const confirm = page.getByRole('dialog', {
        name: text(admin, 'applications.confirm.approveTitle'),
      })
      await expect(confirm).toContainText(resident.name)
      await confirm.getByTestId('confirm-action').click()
      await expect(confirm.getByTestId('confirm-action')).toHaveText(
        text(admin, 'applications.confirm.approving')
      )
      answer()
      await expect(toast(page, text(admin, 'applications.toasts.approved'))).toBeVisible()
      await expect(confirm).toBeHidden()
      await expect(dialog).toBeHidden()
      await expectStat(page, 'pendingApplications', pendingBefore - 1, lang)
      await expectStat(page, 'occupiedRooms', occupiedBefore + 1, lang)
      await expectStat(page, 'totalRooms', totalRooms, lang)
      await expect(row(imageApplication.id)).toHaveCount(0)

      // The PDF opens in a new tab; then she is rejected from the dialog.
      await row(pdfApplication.id).getByTestId('row-view').click()
      await expect(dialog).toBeVisible()
      const open = dialog.getByTestId('open-document')
      await expect(open).toHaveAttribute('target', '_blank')
      const href = (await open.getAttribute('href'))!
      expect(href).toMatch(/^\/api\/images\/applications\/[\w-]+\.pdf$/)
      const document = await page.request.get(href)
      expect(document.status()).toBe(200)
      expect(document.headers()['content-type']).toBe('application/pdf')
      /* The new tab asks for the document (the headless shell, which has no PDF viewer, then
         downloads it rather than showing it). */
      const asked = page
        .context()
        .waitForEvent(
          'request',
          (request) => request.isNavigationRequest() && new URL(request.url()).pathname === href
        )
      const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()])
      await asked
      await tab.close()
      await dialog.getByTestId('detail-reject').click()
      const rejectConfirm = page.getByRole('dialog', {
        name: text(admin, 'applications.confirm.rejectTitle'),
      })
      await rejectConfirm.getByTestId('confirm-action').click()
      await expect(rejectConfirm.getByTestId('confirm-action')).toHaveText(
        text(admin, 'applications.confirm.rejecting')
      )
      answer()
      await expect(toast(page, text(admin, 'applications.toasts.rejected'))).toBeVisible()
      await expect(dialog).toBeHidden()
      await expectStat(page, 'pendingApplications', pendingBefore - 2, lang)
      await expectStat(page, 'occupiedRooms', occupiedBefore + 1, lang)
      await page.unroute('**/api/applications/*/review')

      // The approval is in the first application's history.
      await showOnly(page, 'approved')
      await row(imageApplication.id).getByTestId('row-view').click()
      const history = dialog.getByTestId('decision-history')
      await expect(history.locator('[data-decision="approved"]')).toContainText(
        text(admin, 'applications.history.byYou')
      )
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // Rejected applications can be deleted, after the warning.
      await showOnly(page, 'rejected')
      await expect(row(pdfApplication.id)).toHaveAttribute('data-status', 'rejected')
      await row(pdfApplication.id).getByTestId('row-delete').click()
      const deleteConfirm = page.getByRole('dialog', {
        name: text(admin, 'applications.confirm.deleteTitle'),
      })
      await expect(deleteConfirm).toContainText(text(admin, 'applications.confirm.deleteText'))
      await deleteConfirm.getByTestId('confirm-action').click()
      await expect(toast(page, text(admin, 'applications.toasts.deleted'))).toBeVisible()
      await expect(page.getByText(text(admin, 'applications.toasts.deletedText'))).toBeVisible()
      await expect(row(pdfApplication.id)).toHaveCount(0)
      expect((await page.request.get(href)).status()).toBe(404)
    })

    test.describe('back with the resident', () => {
      test.use(reuseSession(residentSession))

      test('her dashboard shows the decision', async ({ page }) => {
        await openSignedIn(page, '/dashboard', resident.email, resident.password)
        const card = page.locator(
          `[data-testid="application-card"][data-room-id="${imageRoom.id}"]`
        )
        await expect(card).toHaveAttribute('data-status', 'approved')
        await expect(card).toContainText(text(account, 'status.application.approved'))
        // The administrator looked at her ID document: she is told.
        await expect(card.getByTestId('document-views')).toBeVisible()
        // The deleted application is gone.
        await expect(page.getByTestId('application-card')).toHaveCount(1)
        await card.getByTestId('make-payment').click()
        await expect(page).toHaveURL(/\/payment$/)
      })

      test('the approval reaches her by e-mail in her language, and in the bell', async ({
        page,
        request,
      }) => {
        // The outbox's worker sends within seconds; the mail catcher shows what arrived.
        const subject = text(api, 'notifications.kinds.application_approved.subject')
        let caught: CaughtMail[] = []
        await expect
          .poll(
            async () => {
              caught = await mailsTo(request, resident.email)
              return caught.map((mail) => mail.subject)
            },
            { timeout: 20_000 }
          )
          .toContain(subject)
        const approval = caught.filter((mail) => mail.subject === subject)
        expect(approval, 'sent once').toHaveLength(1)
        expect(approval[0]!.html).toContain(`lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`)
        expect(approval[0]!.text).toContain(localDigits(imageRoom.roomNumber, lang))

        await openSignedIn(page, '/dashboard', resident.email, resident.password)
        const bell = page.getByTestId('notification-bell')
        await expect(bell).toHaveAttribute('data-unread', /^[1-9]\d*$/)
        await bell.click()
        const item = page.locator(
          '[data-testid="notification-item"][data-kind="application_approved"]'
        )
        await expect(item).toContainText(subject)
        await expect(item).toHaveAttribute('data-read', 'false')
        await item.click()
        await expect(page).toHaveURL(/\/dashboard$/)
      })
    })
  })

  test.describe(`back office lists (${lang})`, () => {
    test.use(reuseSession(adminSession))

    startIn(lang)

    test('rooms and maintenance tabs', async ({ page }) => {
      await openSignedIn(page, '/admin', ADMIN, DEMO_PASSWORD)
      await page.getByRole('tab', { name: text(admin, 'management.tabs.rooms') }).click()
      await expect(page).toHaveURL(/tab=rooms/)
      await showOnly(page, 'occupied')
      const rows = page.getByTestId('room-row')
      await expect(rows.first()).toBeVisible()
      for (const available of await rows.evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-available'))
      )) {
        expect(available).toBe('false')
      }
      // At most four feature badges, then "+N more".
      for (const features of await page.getByTestId('room-features').all()) {
        expect(await features.locator('.chip:not(.chip-more)').count()).toBeLessThanOrEqual(4)
      }
      const more = new RegExp(
        `^${escapeRegExp(text(admin, 'rooms.moreFeatures', { count: '§' })).replace('§', '[\\d\\u0660-\\u0669]+')}$`
      )
      for (const badge of await page.getByTestId('more-features').all()) {
        await expect(badge).toHaveText(more)
      }

      // Maintenance: cards with coloured priorities; a status dropdown unless completed or cancelled.
      await page.getByRole('tab', { name: text(admin, 'management.tabs.maintenance') }).click()
      const card = page.getByTestId('maintenance-card').first()
      await expect(card).toBeVisible()
      const priority = card.getByTestId('priority')
      const tone = await priority.getAttribute('data-tone')
      const value = await priority.getAttribute('data-value')
      expect({ low: 'green', medium: 'yellow', high: 'orange', urgent: 'red' }[value!]).toBe(tone)
      const status = await card.getAttribute('data-status')
      const settled = status === 'completed' || status === 'cancelled'
      await expect(card.getByRole('combobox')).toHaveCount(settled ? 0 : 1)
    })

    test("view details opens the room's read-only page", async ({ page }) => {
      await openSignedIn(page, '/admin?tab=rooms&status=occupied', ADMIN, DEMO_PASSWORD)
      const first = page.getByTestId('room-row').first()
      const name = (await first.locator('.admin-row-name').textContent()) ?? ''
      const roomId = await first.getAttribute('data-room-id')
      await first.getByTestId('room-view').click()
      await expect(page).toHaveURL(new RegExp(`/admin/rooms/${roomId}$`))
      await expect(page.getByTestId('admin-room')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
      await page
        .getByRole('link', { name: text(admin, 'rooms.detail.back') })
        .first()
        .click()
      await expect(page).toHaveURL(/tab=rooms&status=occupied/)
    })
  })
}
