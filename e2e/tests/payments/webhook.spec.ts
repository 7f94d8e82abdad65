/**
 * A closed browser loses no payment (issue 10), in both languages: the tenant passes the
 * card step, closes the tab on the sandbox's 3-D Secure page, and the bank's step is then
 * completed without any browser (the test posts the page's "Authenticate" form itself and
 * does not follow the redirect to our callback). The gateway's webhook alone must turn the
 * payment completed, which the dashboard then shows. It pays her earliest unpaid month, read
 * from the page (issue 39: the months offered start there, and other specs pay some of them).
 */
import { LANGS, expect, test } from '../fixtures'
import { text } from '../messages'
import {
  CARDS,
  accountTexts,
  chooseRoomAndMonth,
  sandboxSpec,
  payWithCard,
  signInTenant,
  tenantPayments,
} from './pay'

sandboxSpec()

for (const lang of LANGS) {
  const account = accountTexts(lang)

  test(`a payment whose tab closed on 3-D Secure ends completed through the webhook (${lang})`, async ({
    context,
    page,
    playwright,
  }) => {
    test.setTimeout(90_000)
    await signInTenant(page, lang)
    const { name: month } = await chooseRoomAndMonth(page, account)
    await payWithCard(page, CARDS.success)
    const challenge = new URL(page.url())
    const reference = decodeURIComponent(challenge.pathname.split('/').pop()!)
    await page.close()

    // The bank's step, with no browser: the "Authenticate" button's form, redirect not followed.
    const bank = await playwright.request.newContext()
    const answer = await bank.post(challenge.href, {
      form: { action: 'authenticate' },
      maxRedirects: 0,
    })
    expect(answer.status(), 'the sandbox redirects to the callback').toBe(302)
    await bank.dispose()

    // Only the webhook can have told the product: poll what the tenant's API answers.
    await expect
      .poll(
        async () =>
          (await tenantPayments(context.request))
            .filter((payment) => payment.paymentReference === reference)
            .map((payment) => payment.paymentStatus),
        { timeout: 30_000 }
      )
      .toEqual(['completed'])

    const dashboard = await context.newPage()
    await dashboard.goto('/dashboard?tab=payments')
    const card = dashboard.getByTestId('payment-card').filter({ hasText: reference })
    await expect(card).toHaveAttribute('data-status', 'completed', {
      // The dashboard loads her stays, ledgers and payments first (slow on a loaded machine).
      timeout: 20_000,
    })
    await expect(card).toContainText(month)
    await expect(card).toContainText(text(account, 'status.payment.completed'))
  })
}
