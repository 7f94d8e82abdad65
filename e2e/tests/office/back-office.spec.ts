/**
 * The back office as Refine resources, in both languages: the administrator creates
 * a building and a room with two photos and reorders them; a visitor finds the room on the
 * listings and opens its page; within 5 s the new price shows in the HTML of its page and the
 * listings in both languages, while another room's page stays byte for byte the same;
 * archived, the room leaves the listings and its page says it is no longer available (410);
 * restored, it is back. A room someone lives in is not archived: the API's refusal, naming her
 * stay, is shown in her language. She filters payments by month and
 * downloads the CSV, and finds an application by the applicant's e-mail and approves it from
 * its page.
 */
import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { LANGS, cardIds, expect, resultsShown, startIn, test, type Lang } from '../fixtures'
import { escapeRegExp, field, localDigits, messages, text } from '../messages'
import { pngFile } from '../applications/files'
import { ADMIN, TENANT, openSession, openSignedIn } from '../session'

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await field(page, label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Opens `path` as the administrator (signed in through the API: the form is auth.spec's). */
const openAsAdmin = (page: Page, path: string, lang: Lang) =>
  openSignedIn(page, ADMIN, path, { lang })

/** The room's cards on the live listing (newest first: a new room is on the first page). */
async function listedIds(page: Page, lang: Lang): Promise<number[]> {
  await page.goto(`/${lang}/listings`)
  await resultsShown(page)
  return cardIds(page)
}

/** Waits up to 5 s (pages regenerate within that) for the page at `path` to answer `status`. */
async function expectStatusWithin5s(request: APIRequestContext, path: string, status: number) {
  await expect
    .poll(async () => (await request.get(path)).status(), {
      message: `${path} answers ${status} within 5 s`,
      timeout: 5000,
      intervals: [100],
    })
    .toBe(status)
}

/** The month the seed's completed payment covers: this month in Riyadh. */
function riyadhMonth(): string {
  const riyadh = new Date(Date.now() + 3 * 3600_000)
  return `${riyadh.getUTCFullYear()}-${String(riyadh.getUTCMonth() + 1).padStart(2, '0')}`
}

/** A running stay as `GET /api/tenancies` lists it (what the refusal names). */
interface ResidentStay {
  roomId: number
  startDate: string
  room: { roomNumber: string }
  user: { fullName: string }
}

/**
 * The refusal of archiving her room, as the API words it in `lang` (api.json's
 * `catalog.roomHasResident`): the room in the page's digits, her name set apart (Unicode
 * isolates), since when her stay runs (any month, as the API writes it).
 */
function residentRefusal(stay: ResidentStay, lang: Lang): RegExp {
  const [before, after] = text(messages(lang, 'api'), 'catalog.roomHasResident', {
    room: localDigits(stay.room.roomNumber, lang),
    resident: `\u2068${stay.user.fullName}\u2069`,
    stay: '\u0000',
  }).split('\u0000')
  return new RegExp(`^${escapeRegExp(before!)}[^()]+${escapeRegExp(after!)}$`)
}

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')
  const common = messages(lang, 'common')
  const stamp = `${Date.now()}`.slice(-6)
  const building = {
    en: `Lotus House ${lang} ${stamp}`,
    ar: `سكن اللوتس ${lang} ${stamp}`,
  }
  const roomNumber = `Q-${stamp}`

  test.describe.serial(`back office (${lang})`, () => {
    let roomId = 0
    startIn(lang)

    test('she creates a building and a room with two photos, and reorders them', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await openAsAdmin(page, '/admin/buildings', lang)
      await expect(
        page.getByRole('navigation', { name: text(admin, 'office.nav.label') })
      ).toBeVisible()
      await page.getByTestId('office-create').click()
      await expect(page).toHaveURL(/\/admin\/buildings\/create$/)
      await field(page, text(admin, 'office.buildings.name_en')).fill(building.en)
      await field(page, text(admin, 'office.buildings.name_ar')).fill(building.ar)
      await field(page, text(admin, 'office.buildings.address_en')).fill('7 Tahlia Street, Riyadh')
      await field(page, text(admin, 'office.buildings.address_ar')).fill('٧ شارع التحلية، الرياض')
      await choose(page, text(admin, 'office.buildings.zone'), text(common, 'locations.north'))
      await field(page, text(admin, 'office.buildings.latitude')).fill('24.7')
      await field(page, text(admin, 'office.buildings.longitude')).fill('46.6')
      await page.getByTestId('office-save').click()
      await expect(page).toHaveURL(/\/admin\/buildings(\?|$)/)
      await expect(
        page.getByTestId('buildings-table').getByText(lang === 'ar' ? building.ar : building.en)
      ).toBeVisible()

      await page.goto('/admin/rooms/create')
      await choose(
        page,
        text(admin, 'office.rooms.building'),
        lang === 'ar' ? building.ar : building.en
      )
      await field(page, text(admin, 'office.rooms.roomNumber')).fill(roomNumber)
      await field(page, text(admin, 'office.rooms.price')).fill('2750')
      await field(page, text(admin, 'office.rooms.size')).fill('16')
      await field(page, text(admin, 'office.rooms.description_en')).fill(
        'A calm room over the garden.'
      )
      await field(page, text(admin, 'office.rooms.description_ar')).fill(
        'غرفة هادئة تطل على الحديقة.'
      )
      await page.getByTestId('office-save').click()
      await expect(page).toHaveURL(/\/admin\/rooms\/\d+\/edit$/)
      roomId = Number(/\/admin\/rooms\/(\d+)\/edit$/.exec(page.url())![1])

      const photos = page.getByTestId('photo-manager')
      await page
        .getByTestId('photo-input')
        .setInputFiles([pngFile('garden.png', 900, 600), pngFile('desk.png', 1400, 900)])
      await expect(photos.locator('[data-photo-id]')).toHaveCount(2)
      const before = await photos
        .locator('[data-photo-id]')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.photoId))
      await photos
        .getByRole('button', {
          name: text(admin, 'office.photos.moveUp', { position: localDigits(2, lang) }),
        })
        .click()
      await expect
        .poll(() =>
          photos
            .locator('[data-photo-id]')
            .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.photoId))
        )
        .toEqual([before[1], before[0]])

      /* The order is the server's: the public room's first photo is the one moved up. */
      const room = (await (await page.request.get(`/api/rooms/${roomId}`)).json()) as {
        images: { src: string }[]
      }
      expect(room.images).toHaveLength(2)
      await expect(photos.locator('img').first()).toHaveAttribute('src', room.images[0]!.src)
    })

    test('a visitor finds the new room in both languages and opens its page', async ({
      browser,
    }) => {
      const visitor = await browser.newPage()
      for (const shown of LANGS) {
        const ids = await listedIds(visitor, shown)
        expect(ids, `the room is listed on /${shown}/listings`).toContain(roomId)
        await visitor.locator(`[data-room-card][data-room-id="${roomId}"] a`).first().click()
        await expect(visitor).toHaveURL(new RegExp(`/${shown}/property/${roomId}/?$`))
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible()
      }
      await visitor.close()
    })

    test("she changes the price: within 5 s the pages' HTML shows it, and only theirs changed", async ({
      page,
      request,
    }) => {
      /* Another room's page, byte for byte, before the change. */
      const other = `/${lang}/property/1`
      const otherBefore = await request.get(other)
      expect(otherBefore.status()).toBe(200)

      await openAsAdmin(page, `/admin/rooms/${roomId}/edit`, lang)
      const price = field(page, text(admin, 'office.rooms.price'))
      await expect(price).toHaveValue(/2,?750/)
      await price.fill('3125')
      await page.getByTestId('office-save').click()
      await expect(page).toHaveURL(new RegExp(`/admin/rooms/${roomId}$`))
      /* The public pages are kept as rendered bytes and regenerated from the change log. */
      for (const shown of LANGS) {
        const amount = shown === 'ar' ? '٣٬١٢٥' : '3,125'
        for (const path of [`/${shown}/property/${roomId}`, `/${shown}/listings`]) {
          await expect
            .poll(async () => (await request.get(path)).text(), {
              message: `${path} shows the new price within 5 s`,
              timeout: 5000,
              intervals: [100],
            })
            .toContain(amount)
        }
      }
      const otherAfter = await request.get(other)
      expect(otherAfter.headers()['etag']).toBe(otherBefore.headers()['etag'])
      expect(Buffer.compare(await otherAfter.body(), await otherBefore.body())).toBe(0)
    })

    test('she archives the room: it leaves the listings and its page says so', async ({
      page,
      request,
      consoleGuard,
    }) => {
      test.setTimeout(60_000)
      consoleGuard.allow(/status of 410/)
      consoleGuard.allow(/status of 409/)
      /*
       * Not a room someone lives in: refused with the API's words naming her stay,
       * in her language, and the room stays on show. A running stay of the seed's, left as is.
       */
      await openAsAdmin(page, '/admin', lang)
      const [lived] = (await (
        await page.request.get('/api/tenancies?state=active&_start=0&_end=1')
      ).json()) as ResidentStay[]
      expect(lived, 'a running stay').toBeTruthy()
      await page.goto(`/admin/rooms/${lived!.roomId}/edit`)
      await page.getByTestId('office-archive').click()
      await page.getByTestId('office-confirm-archive').getByTestId('confirm-action').click()
      await expect(page.getByText(residentRefusal(lived!, lang))).toBeVisible()
      await expect(page.getByTestId('office-archive')).toBeVisible()
      await expect(page.getByTestId('office-restore')).toHaveCount(0)
      const kept = (await (await page.request.get(`/api/admin/rooms/${lived!.roomId}`)).json()) as {
        archivedAt: string | null
      }
      expect(kept.archivedAt).toBeNull()
      expect((await request.get(`/${lang}/property/${lived!.roomId}`)).status()).toBe(200)

      await page.goto(`/admin/rooms/${roomId}/edit`)
      await page.getByTestId('office-archive').click()
      /* Archiving asks first, like deleting. */
      await page.getByTestId('office-confirm-archive').getByTestId('confirm-action').click()
      await expect(page.getByTestId('office-restore')).toBeVisible()
      for (const shown of LANGS) {
        expect(await listedIds(page, shown)).not.toContain(roomId)
        await expectStatusWithin5s(request, `/${shown}/property/${roomId}`, 410)
      }
      await page.goto(`/${lang}/property/${roomId}`)
      await expect(page.getByTestId('property-gone')).toBeVisible()
    })

    test('she restores the room: its page is back within 5 s', async ({ page, request }) => {
      await openAsAdmin(page, `/admin/rooms/${roomId}/edit`, lang)
      await page.getByTestId('office-restore').click()
      await expect(page.getByTestId('office-archive')).toBeVisible()
      for (const shown of LANGS) {
        await expectStatusWithin5s(request, `/${shown}/property/${roomId}`, 200)
        expect(await listedIds(page, shown)).toContain(roomId)
      }
    })

    test('she filters payments by month and downloads the CSV', async ({ page }) => {
      await openAsAdmin(page, '/admin/payments', lang)
      const table = page.getByTestId('payments-table')
      await expect(table).toBeVisible()
      const month = riyadhMonth()
      await page.getByTestId('office-filter-monthCovered').fill(month)
      await expect(page).toHaveURL(new RegExp(`monthCovered`))
      const summary = await (
        await page.request.get(`/api/admin/payments/summary?monthCovered=${month}`)
      ).json()
      expect(summary.count).toBeGreaterThanOrEqual(1)
      await expect(table.locator('tbody tr')).toHaveCount(Math.min(summary.count, 20))

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('payments-export').click(),
      ])
      const csv = readFileSync((await download.path())!)
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/)
      /* In the page's language, whatever the browser's (en-US here). */
      expect(lines[0]).toMatch(lang === 'ar' ? /^المعرّف,/ : /^ID,/)
      expect(lines).toHaveLength(summary.count + 1)
      for (const line of lines.slice(1)) expect(line).toContain(month)
    })

    test("she finds an application by the applicant's e-mail and approves it", async ({
      page,
      browser,
    }) => {
      /* The demo resident applies for an available room (through the API, signed in). */
      const resident = await browser.newContext()
      await openSession(resident.request, TENANT, { lang })
      const rooms = (await (
        await resident.request.get('/api/rooms?availability=true&_start=0&_end=50')
      ).json()) as { id: number }[]
      const target = rooms[Math.floor(Math.random() * rooms.length)]!
      const moveIn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
      const applied = await resident.request.post('/api/applications', {
        multipart: {
          roomId: String(target.id),
          moveInDate: moveIn,
          idDocument: pngFile('id-card.png', 480, 300),
        },
      })
      expect(applied.status(), await applied.text()).toBe(201)
      const applicationId = ((await applied.json()) as { id: number }).id
      await resident.close()

      await openAsAdmin(page, '/admin/applications', lang)
      await page.getByTestId('office-search').fill(TENANT)
      await expect(page).toHaveURL(/\[field\]=q&/)
      const link = page
        .getByTestId('applications-table')
        .locator(`a[href="/admin/applications/${applicationId}"]`)
      await expect(link).toBeVisible()
      await link.click()
      await expect(page).toHaveURL(new RegExp(`/admin/applications/${applicationId}$`))
      await expect(page.getByTestId('application-detail')).toContainText(TENANT)
      await page.getByTestId('detail-approve').click()
      await page
        .getByTestId('decision-dialog')
        .getByRole('button', { name: text(admin, 'applications.confirm.approve') })
        .click()
      await expect(page.getByTestId('detail-status')).toHaveAttribute('data-value', 'approved')
    })
  })
}
