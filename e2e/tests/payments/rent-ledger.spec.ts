/**
 * The resident's rent ledger and receipts (issue 26), in both languages, against the local
 * payment sandbox: the demo tenant sees her stay's ledger with the seeded month paid; pays 3
 * months ahead at the quarterly discount by card through 3-D Secure; sees them paid; opens the
 * payment's receipt and prints it to one A4 page (right to left in Arabic).
 * The payment page offers the next 3 unpaid months first, then later runs of 3. The other
 * payment specs pay single months at fixed places of the twelve offered (up to the 7th, see
 * card.spec.ts and webhook.spec.ts), so each language here takes the first run the page offers
 * from its own place on — the 8th month (English), the 11th (Arabic) — and reads its months from
 * the page: the runs share one database with those specs, in any order, and with each other.
 */
import type { Page } from '@playwright/test'
import { LANGS, expect, test } from '../fixtures'
import { localDigits, messages, text } from '../messages'
import {
  CARDS,
  accountTexts,
  authenticate,
  payWithCard,
  sandboxSpec,
  signInTenant,
  tenantPayments,
} from './pay'

sandboxSpec()

/** The seed's completed payment of the demo tenant (database/seeders/02_demo_accounts_seeder.ts). */
const SEEDED_PAYMENT = 'seed_demo_tenant_first_rent'

/** Where each language's months ahead start at the earliest, counted from the current month. */
const FIRST_MONTH = { en: 7, ar: 10 } as const

/** `yyyy-MM` moved by `count` months. */
function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number)
  const date = new Date(Date.UTC(year!, index! - 1 + count, 1))
  return date.toISOString().slice(0, 7)
}

/** Pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) =>
  pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0

async function openPaymentsTab(page: Page) {
  await page.goto('/dashboard?tab=payments')
  await expect(page.getByTestId('stay-card').first()).toBeVisible()
  await expect(page.getByTestId('ledger').first()).toBeVisible()
}

for (const lang of LANGS) {
  const account = accountTexts(lang)

  test.describe(`rent ledger and receipt (${lang})`, () => {
    test('pays 3 months ahead at a discount, sees them paid and prints the receipt on one A4 page', async ({
      page,
    }) => {
      test.setTimeout(150_000)
      await signInTenant(page, lang)

      // Her stay's ledger shows the seeded month paid, with its receipt.
      const seeded = (await tenantPayments(page.request)).find(
        (payment) => payment.paymentReference === SEEDED_PAYMENT
      )
      expect(seeded, 'the seeded payment').toBeDefined()
      await openPaymentsTab(page)
      await expect(
        page.getByRole('heading', { name: text(account, 'dashboard.ledger.title') })
      ).toBeVisible()
      // Her stay in the seeded payment's room (other specs may have given her more stays).
      const roomId = String(seeded!.roomId)
      const stayOf = () => page.locator(`[data-testid="stay-card"][data-room-id="${roomId}"]`)
      const stay = stayOf()
      const seededRow = stay.locator(
        `[data-testid="ledger-row"][data-month="${seeded!.monthCovered}"]`
      )
      await expect(seededRow).toHaveAttribute('data-state', 'paid')
      await expect(seededRow).toContainText(text(account, 'status.ledger.paid'))
      await expect(seededRow.getByTestId('ledger-receipt')).toHaveAttribute(
        'href',
        `/receipts/${seeded!.id}`
      )
      await expect(stay.getByTestId('stay-deposit')).toContainText(
        text(account, 'dashboard.ledger.deposit')
      )

      // The payment page, on the plan of 3 months ahead: the first run it offers from this
      // language's place on (the seeded month is the current one), and the server's quote.
      await page.goto(`/payment?roomId=${roomId}&plan=3`)
      await expect(page.getByTestId('payment-plan')).toHaveValue(
        text(account, 'payment.plan.ahead', { months: localDigits(3, lang) })
      )
      const from = addMonths(seeded!.monthCovered, FIRST_MONTH[lang])
      await page.getByTestId('payment-window').click()
      const starts = await page
        .getByRole('option')
        .evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? ''))
      const start = starts.find((month) => month >= from)
      expect(start, `a run of 3 unpaid months from ${from}`).toBeDefined()
      await page.locator(`[role="option"][value="${start}"]`).click()
      const shown = page.getByTestId('payment-months')
      await expect(shown).toHaveAttribute(
        'data-months',
        new RegExp(`^${start}(,\\d{4}-\\d{2}){2}$`)
      )
      await expect(shown).toHaveAttribute('data-months', /^\d{4}-\d{2}(,\d{4}-\d{2}){2}$/)
      const months = (await shown.getAttribute('data-months'))!.split(',')
      const quote = await page.request.get(
        `/api/payments/quote?roomId=${roomId}&monthsCovered=${months.join(',')}`
      )
      expect(quote.ok(), 'GET /api/payments/quote').toBe(true)
      const quoted = (await quote.json()) as {
        gross: number
        discountPercent: number
        amount: number
      }
      expect(quoted.discountPercent).toBe(5)
      // 5 % off, rounded to the halala.
      const halalas = (sar: number) => Math.round(sar * 100)
      expect(halalas(quoted.amount)).toBe(
        halalas(quoted.gross) - Math.round(halalas(quoted.gross) * 0.05)
      )
      await expect(page.getByTestId('payment-discount')).toBeVisible()
      await expect(page.getByTestId('payment-summary')).toContainText(
        text(account, 'payment.summary.discount', { percent: localDigits(5, lang) })
      )

      await payWithCard(page, CARDS.success)
      const reference = await authenticate(page, account, 'success')
      const recorded = (await tenantPayments(page.request)).filter(
        (payment) => payment.paymentReference === reference
      )
      expect(recorded.map((payment) => payment.paymentStatus)).toEqual(['completed'])
      expect(recorded[0]!.amount).toBe(quoted.amount)

      // The three months are paid in the ledger, each with the payment's receipt.
      await openPaymentsTab(page)
      for (const month of months) {
        const row = stayOf().locator(`[data-testid="ledger-row"][data-month="${month}"]`)
        await expect(row).toHaveAttribute('data-state', 'paid')
        await expect(row.getByTestId('ledger-receipt')).toHaveAttribute(
          'href',
          `/receipts/${recorded[0]!.id}`
        )
      }

      // Its card names the months and links to the receipt.
      const card = page.getByTestId('payment-card').filter({ hasText: reference })
      await expect(card).toHaveAttribute('data-status', 'completed')
      await expect(card.getByTestId('payment-covers')).not.toHaveText('')
      await card.getByTestId('payment-receipt').click()
      await expect(page).toHaveURL(new RegExp(`/receipts/${recorded[0]!.id}$`))

      const receipt = page.getByTestId('receipt')
      await expect(receipt).toBeVisible()
      await expect(receipt).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
      await expect(receipt.getByTestId('receipt-months')).toHaveAttribute(
        'data-months',
        months.join(',')
      )
      await expect(receipt.getByTestId('receipt-discount')).toBeVisible()
      await expect(receipt.getByTestId('receipt-kind')).toHaveText(
        text(account, 'receipt.kinds.rent')
      )
      await expect(receipt).toContainText(reference)
      await expect(receipt.getByTestId('receipt-refunded')).toHaveCount(0)
      await expect(receipt.getByTestId('receipt-number')).toHaveText(
        lang === 'ar' ? /^[٠-٩]{4}-[٠-٩]{6}$/ : /^\d{4}-\d{6}$/
      )

      // The Print button prints the page.
      await page.evaluate(() => {
        const flag = window as unknown as { printed: boolean }
        flag.printed = false
        window.print = () => {
          flag.printed = true
        }
      })
      await page.getByTestId('receipt-print').click()
      expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(
        true
      )

      // Printed: the receipt alone (no header, footer or buttons), on exactly one A4 page.
      await page.emulateMedia({ media: 'print' })
      await expect(page.locator('.site-header')).toBeHidden()
      await expect(page.locator('.site-footer')).toBeHidden()
      await expect(page.getByTestId('receipt-print')).toBeHidden()
      await expect(receipt).toBeVisible()
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true })
      expect(pageCount(pdf), 'pages of the printed receipt').toBe(1)
      if (lang === 'ar') await expect(receipt).toHaveAttribute('dir', 'rtl')
    })

    test('turns her rent reminders off and on from her rent (issue 27)', async ({ page }) => {
      await signInTenant(page, lang)
      await openPaymentsTab(page)
      const reminders = page.getByRole('switch', {
        name: text(account, 'dashboard.reminders.label'),
      })
      await expect(reminders).toBeChecked()
      await reminders.click()
      await expect(page.getByText(text(account, 'dashboard.reminders.off'))).toBeVisible()
      await expect(reminders).not.toBeChecked()
      const me = async () =>
        ((await (await page.request.get('/api/auth/me')).json()) as { rentReminders: boolean })
          .rentReminders
      expect(await me()).toBe(false)
      await reminders.click()
      await expect(reminders).toBeChecked()
      expect(await me()).toBe(true)
    })

    test('a receipt that is not hers is the app’s not-found page', async ({
      page,
      consoleGuard,
    }) => {
      // The API's 404 for the receipt, which the page turns into its not-found view.
      consoleGuard.allow(/status of 404/)
      await signInTenant(page, lang)
      await page.goto('/receipts/999999')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(messages(lang, 'common'), 'notFound.title')
      )
      await expect(page.getByTestId('receipt')).toHaveCount(0)
    })
  })
}
