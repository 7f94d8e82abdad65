/**
 * Paying rent by card, in both languages, against the local payment sandbox with
 * every other host unresolvable: her only room is chosen for her; a good card through
 * 3-D Secure ends on the success view, which says what she paid (one full stop after the amount
 * in Arabic) and links to its receipt, the receipt leads back to her payments, where the payment
 * is completed, and the month is no longer offered; a declined card ends on the failed view with
 * 'Try Again', its card on the dashboard says when it was tried (not a payment date) and it has
 * no receipt (the not-found page). The months are read from the page (they run
 * from her earliest unpaid month, and other specs pay some of them too): the good card
 * pays the second month she can choose, so that it stays listed after it, between her earliest
 * unpaid month and the last one, shown as paid; the declined card tries her earliest unpaid one.
 */
import { LANGS, expect, test } from '../fixtures'
import { messages, text } from '../messages'
import {
  CARDS,
  accountTexts,
  authenticate,
  chooseRoomAndMonth,
  completedCard,
  payEarliestMonth,
  paymentsWithReference,
  payWithCard,
  sandboxSpec,
  signInTenant,
} from './pay'

sandboxSpec()

/** Two full stops with nothing but spaces and direction marks between them ("ر.س.. شكرًا"). */
const DOUBLE_STOP = /\.[\s\u200e\u200f\u061c]*\./

for (const lang of LANGS) {
  const account = accountTexts(lang)
  const common = messages(lang, 'common')

  test.describe(`card payment (${lang})`, () => {
    test('a good card through 3-D Secure pays the month, once', async ({ page }) => {
      test.setTimeout(90_000)
      await signInTenant(page, lang)
      // Her only room is chosen for her, and her earliest unpaid month with it; with
      // several (other specs may give the demo resident another stay), she picks.
      const approved = (await (
        await page.request.get('/api/applications?status=approved&_start=0&_end=100')
      ).json()) as { roomId: number }[]
      if (new Set(approved.map((application) => application.roomId)).size === 1) {
        await expect(page.getByTestId('payment-room')).not.toHaveValue('')
        await expect(page.getByTestId('payment-month')).not.toHaveValue('')
        await expect(page.getByTestId('payment-selection-required')).toHaveCount(0)
      } else {
        await expect(page.getByTestId('payment-selection-required')).toContainText(
          text(account, 'payment.selectionRequired.text')
        )
      }
      // The second month offered, with one more after it: once paid it is listed between them.
      const chosen = await chooseRoomAndMonth(page, account, 1, 3)
      const month = chosen.name
      await expect(page.getByTestId('payment-summary')).toContainText(month)
      // Moyasar's form speaks the page's language and direction.
      await expect(page.locator('#mysr > div')).toHaveAttribute(
        'dir',
        lang === 'ar' ? 'rtl' : 'ltr'
      )

      await payWithCard(page, CARDS.success)
      const reference = await authenticate(page, account, 'success')
      const result = page.getByTestId('payment-result')
      // What she paid, with one full stop after the amount in Arabic.
      await expect(result.locator('.empty-text')).not.toHaveText(DOUBLE_STOP)
      await expect(
        result.getByRole('link', { name: text(account, 'buttons.dashboard') })
      ).toHaveAttribute('href', '/dashboard')

      // Its receipt, linked from the result, leads back to her payments.
      const [payment] = await paymentsWithReference(page.request, reference)
      expect(payment, 'the payment recorded').toBeDefined()
      const receiptLink = result.getByRole('link', {
        name: text(account, 'paymentCallback.receipt'),
      })
      await expect(receiptLink).toHaveAttribute('href', `/receipts/${payment!.id}`)
      await receiptLink.click()
      await expect(page.getByTestId('receipt')).toContainText(reference)

      // The dashboard lists it as completed.
      await page.getByRole('link', { name: text(account, 'receipt.back') }).click()
      await expect(page).toHaveURL(/\/dashboard\?tab=payments$/)
      await page.getByRole('tab', { name: text(account, 'dashboard.tabs.payments') }).click()
      const card = await completedCard(page, account, reference, month)
      const recorded = await paymentsWithReference(page.request, reference)
      expect(recorded.map((payment) => payment.paymentStatus)).toEqual(['completed'])
      await expect(card.getByTestId('payment-date')).toBeVisible()

      // The month is shown as paid and cannot be chosen again.
      await page.goto('/payment')
      await page.getByTestId('payment-room').click()
      await page.getByRole('option').first().click()
      await page.getByTestId('payment-month').click()
      const option = page.locator(`[role="option"][value="${chosen.value}"]`)
      await expect(option).toHaveText(text(account, 'payment.monthPaid', { month }))
      await expect(option).toHaveAttribute('data-combobox-disabled', 'true')
    })

    test('a declined card ends on the failed view with Try Again', async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(90_000)
      // The API's 404 for the failed payment's receipt, which the page turns into its not-found view.
      consoleGuard.allow(/status of 404/)
      await payEarliestMonth(page, lang, CARDS.declined)
      // The sandbox declines the card at the bank's step, like Moyasar.
      const reference = await authenticate(page, account, 'failed')
      /* The gateway's "DECLINED", said in her language. */
      await expect(page.getByTestId('payment-result')).toContainText(
        text(account, 'paymentCallback.reasons.declined')
      )
      const tryAgain = page.getByRole('link', { name: text(account, 'paymentCallback.tryAgain') })
      await expect(tryAgain).toHaveAttribute('href', '/payment')
      await expect(
        page.getByTestId('payment-result').getByRole('link', {
          name: text(account, 'buttons.dashboard'),
        })
      ).toHaveAttribute('href', '/dashboard')

      // Nothing of it counts as paid: it is recorded as tried (the form's POST, then the webhook).
      const attempts = () => paymentsWithReference(page.request, reference)
      await expect.poll(async () => (await attempts()).length).toBe(1)
      const [attempt] = await attempts()
      expect(attempt!.paymentStatus).not.toBe('completed')

      // Her payments: the failed card says when it was tried, not a payment date.
      await page
        .getByTestId('payment-result')
        .getByRole('link', { name: text(account, 'buttons.dashboard') })
        .click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await page.getByRole('tab', { name: text(account, 'dashboard.tabs.payments') }).click()
      const card = page.getByTestId('payment-card').filter({ hasText: reference })
      await expect(card.getByTestId('payment-attempted')).not.toBeEmpty({ timeout: 20_000 })
      await expect(card).toContainText(text(account, 'dashboard.payments.attempted'))
      await expect(card.getByTestId('payment-date')).toHaveCount(0)
      await expect(card).not.toContainText(text(account, 'dashboard.payments.notRecorded'))
      await expect(card.getByTestId('payment-receipt')).toHaveCount(0)

      // It has no receipt: the product's not-found page in her language, no developer hint.
      await page.goto(`/receipts/${attempt!.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(common, 'notFound.title')
      )
      await expect(page.locator('.not-found-text')).toHaveText(text(account, 'receipt.notFound'))
      await expect(page.locator('.not-found-hint')).toHaveCount(0)
    })
  })
}
