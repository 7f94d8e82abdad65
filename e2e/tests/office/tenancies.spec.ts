/**
 * Stays in the back office, in both languages: a new resident's application is
 * approved, which opens her stay; the administrator opens Tenancies from the back office's
 * navigation, filters it and opens the stay — its facts and its rent ledger — sets its Ejar
 * contract number (a wrong one is refused under its field), records the return of part of the
 * deposit she has paid (not offered while it was only due) in two parts, and ends the stay 40
 * days ahead: the room stays taken until then, and within 5 s its public page in both
 * languages says from which day it is available. The stay is the test's own: the demo
 * resident's is left alone.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { LANGS, dayFromNow, expect, startIn, test } from '../fixtures'
import { availableFromText, escapeRegExp, messages, text } from '../messages'
import { pngFile } from '../applications/files'
import { payThroughApi } from '../payments/pay'
import { ADMIN, openSignedIn, registered, signedIn } from '../session'

interface ApiTenancy {
  id: number
  roomId: number
  applicationId: number
  startDate: string
  state: string
  deposit: { state: string; amount: number }
  ejarContractNumber: string | null
  room: { roomNumber: string } | null
}

/** A field of the open dialog by its label (Mantine adds a hidden " *" to required ones). */
const dialogField = (dialog: Locator, label: string) =>
  dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.locator('main').getByLabel(label, { exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')
  const label = (key: string, values?: Record<string, string | number>) =>
    text(admin, `office.tenancies.${key}`, values)
  /** "The amount can't be more than what is still held ({max})", `max` in SAR as she reads it. */
  const aboveWhatIsHeld = (halalas: number) => {
    const [before = '', after = ''] = label('form.amountAboveDeposit', { max: '\u0000' }).split(
      '\u0000'
    )
    const figure = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB', {
      maximumFractionDigits: 2,
    }).format(halalas / 100)
    return new RegExp(`^${escapeRegExp(before)}.*${escapeRegExp(figure)}.*${escapeRegExp(after)}$`)
  }
  const resident = {
    name: `Reem Tenancy ${lang}`,
    email: `tenancy-${lang}-${Date.now()}@example.com`,
    password: 'secret123',
  }

  test.describe.serial(`tenancies in the back office (${lang})`, () => {
    let stay: ApiTenancy
    /** The new resident, signed in. */
    let residentContext: BrowserContext
    let depositHalalas = 0
    startIn(lang)

    test.afterAll(async () => residentContext?.close())

    /** Signs the administrator in, opens the stay and presses one of its actions. */
    async function openAction(page: Page, action: 'ejar' | 'end' | 'deposit') {
      await signedIn(page, ADMIN, { lang })
      await page.goto(`/admin/tenancies/${stay.id}`)
      await page.getByTestId(`tenancy-action-${action}`).click()
    }

    test('a new resident is approved for a room: her stay opens', async ({ browser, page }) => {
      test.setTimeout(90_000)
      /* She signs up and applies for an available room (through the API, signed in). */
      residentContext = await browser.newContext()
      const applicant = residentContext.request
      await registered(applicant, resident, { lang })
      const rooms = (await (
        await applicant.get('/api/rooms?availability=true&_start=0&_end=50')
      ).json()) as { id: number }[]
      expect(rooms.length, 'an available room').toBeGreaterThan(0)
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

      /* The administrator approves it: the stay opens and the room is taken. */
      await signedIn(page, ADMIN, { lang })
      const approved = await page.request.patch(`/api/applications/${applicationId}/review`, {
        data: { status: 'approved' },
      })
      expect(approved.status(), await approved.text()).toBe(200)
      const found = (await (
        await page.request.get(
          `/api/tenancies?q=${encodeURIComponent(resident.email)}&_start=0&_end=10`
        )
      ).json()) as ApiTenancy[]
      stay = found.find((candidate) => candidate.applicationId === applicationId)!
      expect(stay, 'the stay opened by the approval').toBeTruthy()
      expect(stay).toMatchObject({ roomId: room.id, state: 'active', deposit: { state: 'due' } })
      depositHalalas = Math.round(stay.deposit.amount * 100)
      const taken = (await (await page.request.get(`/api/rooms/${room.id}`)).json()) as {
        availability: boolean
      }
      expect(taken.availability).toBe(false)
    })

    test('she filters the tenancies and opens the new stay', async ({ page }) => {
      await openSignedIn(page, ADMIN, '/admin', { lang })
      await page.getByTestId('office-nav-tenancies').first().click()
      await expect(page).toHaveURL(/\/admin\/tenancies(\?|$)/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label('title'))
      const table = page.getByTestId('tenancies-table')
      await expect(table).toBeVisible()

      await choose(page, label('state'), label('states.active'))
      await expect(page).toHaveURL(/value\]=active/)
      await expect(table.getByTestId('tenancy-state').first()).toBeVisible()
      for (const state of await table.getByTestId('tenancy-state').all())
        await expect(state).toHaveAttribute('data-value', 'active')

      await page.getByTestId('office-search').fill(resident.email)
      await expect(page).toHaveURL(/\[field\]=q&/)
      const link = table.locator(`a[href="/admin/tenancies/${stay.id}"]`)
      await expect(link).toBeVisible()
      await expect(table.locator('tbody tr')).toHaveCount(1)
      await link.click()

      await expect(page).toHaveURL(new RegExp(`/admin/tenancies/${stay.id}$`))
      const detail = page.getByTestId('tenancy-detail')
      await expect(detail).toContainText(resident.email)
      await expect(detail.getByTestId('tenancy-state')).toHaveAttribute('data-value', 'active')
      await expect(detail.getByTestId('tenancy-deposit-state')).toHaveAttribute('data-value', 'due')
      await expect(detail.getByTestId('tenancy-ejar')).toHaveText(label('ejarNone'))
      /* Her first month is the ledger's first row, upcoming until she moves in. */
      const firstMonth = page.getByTestId('ledger-row').first()
      await expect(firstMonth).toHaveAttribute('data-month', stay.startDate.slice(0, 7))
      await expect(firstMonth.locator('[data-value]')).toHaveAttribute('data-value', 'upcoming')
      /* A deposit not yet paid cannot be returned; once she has paid it, it is held. */
      await expect(page.getByTestId('tenancy-action-end')).toBeVisible()
      await expect(page.getByTestId('tenancy-action-deposit')).toHaveCount(0)
      /* As the card form pays it: the server's quote first, its signed claim in the metadata. */
      const deposit = await payThroughApi(residentContext.request, stay.roomId, { kind: 'deposit' })
      expect(Math.round(deposit.amount * 100)).toBe(depositHalalas)
      await page.reload()
      await expect(detail.getByTestId('tenancy-deposit-state')).toHaveAttribute(
        'data-value',
        'held'
      )
      await expect(page.getByTestId('tenancy-action-deposit')).toBeVisible()
    })

    test('she sets the Ejar contract number', async ({ page }) => {
      await openAction(page, 'ejar')
      const dialog = page.getByTestId('tenancy-dialog-ejar')
      const number = dialogField(dialog, label('fields.ejar'))
      await expect(number).toBeFocused()
      await number.fill('12345')
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog.getByText(label('form.ejarInvalid'))).toBeVisible()

      const ejar = `${Date.now()}`.slice(-10)
      await number.fill(ejar)
      await number.press('Enter')
      await expect(page.getByText(label('dialogs.ejar.done'), { exact: true })).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('tenancy-ejar')).toHaveAttribute('data-value', ejar)

      /* The change is in the audit log, named in her language and linked to the stay. */
      const events = (await (
        await page.request.get(
          `/api/admin/audit-events?action=tenancy.ejar_set&subjectId=${stay.id}&_start=0&_end=5`
        )
      ).json()) as { details: { to: string } }[]
      expect(events[0]?.details.to).toBe(ejar)
      await page.goto('/admin/audit-events')
      await choose(
        page,
        text(admin, 'office.audit.action'),
        text(admin, 'office.audit.actions.tenancy.ejar_set')
      )
      const audit = page.getByTestId('audit-table')
      await expect(audit.locator('[data-action="tenancy.ejar_set"]').first()).toBeVisible()
      await expect(audit.locator(`a[href="/admin/tenancies/${stay.id}"]`).first()).toBeVisible()
    })

    test("she records the deposit's return in two parts, each with its reason", async ({
      page,
    }) => {
      await openAction(page, 'deposit')
      const dialog = page.getByTestId('tenancy-dialog-deposit')
      const amount = dialogField(dialog, label('fields.amount'))
      await expect(amount).toBeFocused()
      await amount.fill(String(depositHalalas / 100 + 1))
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog.getByText(aboveWhatIsHeld(depositHalalas))).toBeVisible()
      await expect(dialog.getByText(label('form.reasonRequired'))).toBeVisible()

      const returned = (depositHalalas - 25_000) / 100
      await amount.fill(String(returned))
      await dialogField(dialog, label('fields.reason')).fill('A cleaning fee of 250 SAR.')
      await dialog.getByTestId('confirm-action').click()
      await expect(page.getByText(label('dialogs.deposit.done'), { exact: true })).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('tenancy-deposit-state')).toHaveAttribute(
        'data-value',
        'partly_returned'
      )
      await expect(page.getByTestId('tenancy-detail')).toContainText('A cleaning fee of 250 SAR.')

      /* What is still held (250 SAR) can be returned later: no more than that. */
      const again = page.getByTestId('tenancy-action-deposit')
      await expect(again).toBeVisible()
      await again.click()
      const rest = dialogField(dialog, label('fields.amount'))
      await expect(rest).toHaveValue('250')
      await rest.fill('251')
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog.getByText(aboveWhatIsHeld(25_000))).toBeVisible()
      await rest.fill('250')
      await dialogField(dialog, label('fields.reason')).fill('The cleaning cost nothing after all.')
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('tenancy-deposit-state')).toHaveAttribute(
        'data-value',
        'returned'
      )
      await expect(page.getByTestId('tenancy-detail')).toContainText(
        'The cleaning cost nothing after all.'
      )
      await expect(page.getByTestId('tenancy-action-deposit')).toHaveCount(0)
    })

    test('she ends the tenancy ahead: its public page says from when the room is available', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000)
      await openAction(page, 'end')
      const dialog = page.getByTestId('tenancy-dialog-end')
      const endDate = dialogField(dialog, label('fields.endDate'))
      await expect(endDate).toHaveValue(stay.startDate)
      /* Not before the move-in. */
      const dayBefore = new Date(Date.parse(stay.startDate) - 86_400_000).toISOString().slice(0, 10)
      await endDate.fill(dayBefore)
      await dialog.getByTestId('confirm-action').click()
      await expect(dialog.getByText(label('form.reasonRequired'))).toBeVisible()
      await expect(endDate).toHaveAttribute('aria-invalid', 'true')

      const end = dayFromNow(40)
      await endDate.fill(end)
      await dialogField(dialog, label('fields.reason')).fill('She moved to Jeddah for work.')
      await dialog.getByTestId('confirm-action').click()
      await expect(page.getByText(label('dialogs.end.done'), { exact: true })).toBeVisible()
      await expect(page.getByTestId('tenancy-state')).toHaveAttribute('data-value', 'ended')
      await expect(page.getByTestId('tenancy-detail')).toContainText(
        'She moved to Jeddah for work.'
      )
      await expect(page.getByTestId('tenancy-action-end')).toHaveCount(0)

      /* Her stay holds the room through its end date: taken, free from the day after. */
      const availableFrom = new Date(Date.parse(end) + 86_400_000).toISOString().slice(0, 10)
      const room = (await (await request.get(`/api/rooms/${stay.roomId}`)).json()) as {
        availability: boolean
        availableFrom: string | null
      }
      expect(room).toMatchObject({ availability: false, availableFrom })
      /* The public pages are regenerated from the change log. */
      for (const shown of LANGS) {
        const says = await availableFromText(availableFrom, shown)
        await expect
          .poll(async () => (await request.get(`/${shown}/property/${stay.roomId}`)).text(), {
            message: `/${shown}/property/${stay.roomId} says "${says}" within 5 s`,
            timeout: 5000,
            intervals: [100],
          })
          .toContain(says)
      }
      await page.goto(`/${lang}/property/${stay.roomId}`)
      await expect(page.locator('[data-apply-card] [data-live-availability]')).toHaveText(
        await availableFromText(availableFrom, lang, page)
      )
      /* It takes applications for a move-in from that day on. */
      await expect(page.locator('[data-apply-card] [data-apply]')).toBeVisible()
      const listed = (await (
        await request.get('/api/rooms?availability=true&_start=0&_end=100')
      ).json()) as { id: number }[]
      expect(listed.map((room) => room.id)).not.toContain(stay.roomId)
    })
  })
}
