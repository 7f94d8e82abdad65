/**
 * Money that arrives another way, and the rent roll, in both languages (issue 44): a new
 * resident's stay opens; the administrator records her deposit received through Ejar from the
 * stay's page, sees it on the payment's
 * page by method and reference, and voids it with a reason; then opens the Rent roll from the
 * back office's navigation: its figures are the API's, its chart is drawn, the building filter
 * and the month are kept in the address, and the CSV downloads in her language.
 */
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { LANGS, dayFromNow, expect, startIn, test } from '../fixtures'
import { localDigits, messages, text } from '../messages'
import { pngFile } from '../applications/files'
import { ADMIN, registered, signedIn } from '../session'

/** A field of the open dialog by its label (Mantine adds a hidden " *" to required ones). */
const dialogField = (dialog: Locator, label: string) =>
  dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))

/** Chooses `option` in the Mantine select of the dialog labelled `label`. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialogField(dialog, label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The month before `month` (`yyyy-MM`). */
function monthBefore(month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`
}

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')
  const label = (key: string, values?: Record<string, string | number>) =>
    text(admin, `office.${key}`, values)
  const resident = {
    name: `Lama Ejar ${lang}`,
    email: `ejar-${lang}-${Date.now()}@example.com`,
    password: 'secret123',
  }

  test.describe.serial(`recorded payments and the rent roll (${lang})`, () => {
    let stayId = 0
    let depositAmount = 0
    const reference = `SADAD-153-${lang}-${Date.now()}`
    startIn(lang)

    test('her deposit, received through Ejar, is recorded on her stay and voided', async ({
      browser,
      page,
    }) => {
      test.setTimeout(90_000)
      /* She signs up and applies; the administrator approves: her stay opens, its deposit due. */
      const context = await browser.newContext()
      try {
        const applicant = context.request
        await registered(applicant, resident, { lang })
        const rooms = (await (
          await applicant.get('/api/rooms?availability=true&_start=0&_end=50')
        ).json()) as { id: number }[]
        const room = rooms[Math.floor(Math.random() * rooms.length)]!
        const applied = await applicant.post('/api/applications', {
          multipart: {
            roomId: String(room.id),
            moveInDate: dayFromNow(10),
            idDocument: pngFile('id-card.png', 480, 300),
          },
        })
        expect(applied.status(), await applied.text()).toBe(201)
        const applicationId = ((await applied.json()) as { id: number }).id
        await signedIn(page, ADMIN, { lang })
        const approved = await page.request.patch(`/api/applications/${applicationId}/review`, {
          data: { status: 'approved' },
        })
        expect(approved.status(), await approved.text()).toBe(200)
      } finally {
        await context.close()
      }
      const [stay] = (await (
        await page.request.get(
          `/api/tenancies?q=${encodeURIComponent(resident.email)}&_start=0&_end=1`
        )
      ).json()) as { id: number; deposit: { amount: number; state: string } }[]
      expect(stay?.deposit.state).toBe('due')
      stayId = stay!.id
      depositAmount = stay!.deposit.amount

      await page.goto(`/admin/tenancies/${stayId}`)
      await page.getByTestId('tenancy-action-record').click()
      const dialog = page.getByTestId('tenancy-dialog-record')
      await choose(page, dialog, label('tenancies.fields.kind'), label('payments.kinds.deposit'))
      await choose(page, dialog, label('tenancies.fields.method'), label('payments.methods.ejar'))
      await dialog.getByTestId('record-reference').fill(reference)
      await expect(dialog.getByTestId('record-amount')).toHaveValue(String(depositAmount))
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('tenancy-deposit-state')).toHaveAttribute('data-value', 'held')

      /* On the payment's page: Ejar, its reference; voided with a reason. */
      const [payment] = (await (
        await page.request.get(`/api/payments?q=${encodeURIComponent(reference)}&_start=0&_end=1`)
      ).json()) as { id: number }[]
      await page.goto(`/admin/payments/${payment!.id}`)
      await expect(page.getByTestId('payment-method')).toHaveAttribute('data-value', 'ejar')
      await expect(page.getByTestId('payment-reference')).toHaveText(reference)
      await page.getByTestId('payment-action-void').click()
      const voiding = page.getByTestId('payment-dialog-void')
      await voiding.getByTestId('payment-reason').fill('Recorded on the wrong stay')
      await voiding.getByTestId('confirm-action').click()
      await expect(voiding).toBeHidden()
      await expect(page.getByTestId('payment-void-reason')).toHaveText('Recorded on the wrong stay')
      await expect(page.getByTestId('payment-action-void')).toHaveCount(0)
    })

    test('the rent roll: its figures, chart, filters and CSV', async ({ page }) => {
      await signedIn(page, ADMIN, { lang })
      await page.goto('/admin')
      await page.getByTestId('office-nav-rent-roll').first().click()
      await expect(page).toHaveURL(/\/admin\/rent-roll(\?|$)/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label('rentRoll.title'))
      const roll = page.getByTestId('rent-roll')
      await expect(roll).toBeVisible()
      const month = (await roll.getAttribute('data-month'))!
      const api = (await (
        await page.request.get(`/api/admin/rent-roll?month=${month}`)
      ).json()) as {
        rooms: number
        occupied: number
        behind: { total: number }
      }
      await expect(page.getByTestId('rent-roll-occupied')).toContainText(
        localDigits(api.occupied, lang)
      )
      /* The chart is drawn, with its figures as a table for screen readers. */
      await expect(page.getByTestId('rent-roll-chart').locator('svg').first()).toBeVisible()
      await expect(page.getByTestId('rent-roll-history-table').locator('tbody tr')).toHaveCount(12)

      /* A building: kept in the address, the figures read again. */
      await page.getByTestId('rent-roll-building').click()
      await page.getByRole('option').first().click()
      await expect(page).toHaveURL(/buildingId=\d+/)
      await expect(roll).toBeVisible()

      /* Another month, by its address: the page says it. */
      const before = monthBefore(month)
      await page.goto(`/admin/rent-roll?month=${before}`)
      await expect(page.getByTestId('rent-roll')).toHaveAttribute('data-month', before)

      /* The CSV of what is shown, in her language, with a byte-order mark. */
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('rent-roll-export').click(),
      ])
      const csv = readFileSync((await download.path())!)
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const header = csv.toString('utf8').slice(1).split(/\r?\n/)[0]!
      expect(header).toContain(lang === 'ar' ? 'المقيمة' : 'Resident')
      expect(download.suggestedFilename()).toBe(`rent-roll-${before}.csv`)
    })
  })
}
