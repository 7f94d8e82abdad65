/**
 * The resident's rent ledger and receipts, in both languages, against the local
 * payment sandbox: the demo tenant sees her stay's ledger with the seeded month paid; a resident
 * pays 3 months at the quarterly discount by card through 3-D Secure; sees them paid; opens the
 * payment's receipt and prints it to one A4 page (right to left in Arabic, her Latin name, e-mail
 * and the gateway's reference isolated and starting where their labels start, on screen and
 * printed). Her only room is chosen for her on the payment page.
 * A plan of 3 months is offered only from her earliest unpaid month, and only when the 3 months
 * from it are unpaid. The demo tenant's months are paid by other specs in any order
 * (and she may owe last month), so the plan is paid by a resident of the test's own, whose stay
 * nobody else pays: the plan the page offers her is her stay's first 3 months.
 */
import type { Locator, Page } from '@playwright/test'
import { LANGS, expect, test, type Lang } from '../fixtures'
import { localDigits, text } from '../messages'
import {
  CARDS,
  accountTexts,
  authenticate,
  monthNumber,
  monthOfNumber,
  paymentsWithReference,
  payWithCard,
  residentWithStay,
  sandboxSpec,
  signInTenant,
  tenantPayments,
} from './pay'

sandboxSpec()

/** The seed's completed payment of the demo tenant (database/seeders/02_demo_accounts_seeder.ts). */
const SEEDED_PAYMENT = 'seed_demo_tenant_first_rent'

/** Pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) =>
  pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0

/**
 * A receipt's fact (its value's test id) starts where its label starts: at the right in Arabic,
 * its Latin text isolated inside the right-to-left line.
 */
async function expectAlignedWithLabel(receipt: Locator, testId: string, lang: Lang) {
  const value = receipt.getByTestId(testId)
  await expect(value.locator('bdi')).toBeVisible()
  const gap = await value.evaluate((element, rtl) => {
    const text = element.querySelector('bdi')!.getBoundingClientRect()
    const label = element.closest('dd')!.previousElementSibling!.getBoundingClientRect()
    return rtl ? label.right - text.right : text.left - label.left
  }, lang === 'ar')
  expect(Math.abs(gap), `${testId} starts with its label`).toBeLessThan(1)
}

async function openPaymentsTab(page: Page) {
  await page.goto('/dashboard?tab=payments')
  await expect(page.getByTestId('stay-card').first()).toBeVisible()
  await expect(page.getByTestId('ledger').first()).toBeVisible()
}

for (const lang of LANGS) {
  const account = accountTexts(lang)

  test.describe(`rent ledger and receipt (${lang})`, () => {
    test('her ledger shows the seeded month paid, with its receipt, and her deposit', async ({
      page,
    }) => {
      await signInTenant(page, lang)
      const seeded = (await tenantPayments(page.request)).find(
        (payment) => payment.paymentReference === SEEDED_PAYMENT
      )
      expect(seeded, 'the seeded payment').toBeDefined()
      await openPaymentsTab(page)
      await expect(
        page.getByRole('heading', { name: text(account, 'dashboard.ledger.title') })
      ).toBeVisible()
      // Her stay in the seeded payment's room (other specs may have given her more stays).
      const stay = page.locator(`[data-testid="stay-card"][data-room-id="${seeded!.roomId}"]`)
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
    })

    test('pays 3 months ahead at a discount, sees them paid and prints the receipt on one A4 page', async ({
      browser,
      page,
    }) => {
      test.setTimeout(180_000)
      const { roomId, moveIn } = await residentWithStay(browser, page, lang, `Lina Ledger ${lang}`)
      const stayOf = () => page.locator(`[data-testid="stay-card"][data-room-id="${roomId}"]`)

      // The payment page, on the plan of 3 months ahead: her only room chosen for her,
      // her earliest unpaid month — her stay's first — and the 2 after it, with no other start
      // to choose; and the server's quote.
      await page.goto('/payment?plan=3')
      // Her approved rooms are read first (slow on a loaded machine).
      await expect(page.getByTestId('payment-room')).not.toHaveValue('', { timeout: 20_000 })
      await expect(page.getByTestId('payment-selection-required')).toHaveCount(0)
      await expect(page.getByTestId('payment-plan')).toHaveValue(
        text(account, 'payment.plan.ahead', { months: localDigits(3, lang) })
      )
      const first = monthNumber(moveIn.slice(0, 7))
      const months = [0, 1, 2].map((at) => monthOfNumber(first + at))
      const shown = page.getByTestId('payment-months')
      await expect(shown).toHaveAttribute('data-months', months.join(','))
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
      const recorded = await paymentsWithReference(page.request, reference)
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
      // Her Latin name, e-mail and the gateway's reference start where their labels start.
      const latin = ['receipt-resident', 'receipt-email', 'receipt-reference']
      for (const testId of latin) await expectAlignedWithLabel(receipt, testId, lang)

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
      for (const testId of latin) await expectAlignedWithLabel(receipt, testId, lang)
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
  })
}
