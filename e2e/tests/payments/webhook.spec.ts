/**
 * A closed browser loses no payment, in both languages: the tenant passes the
 * card step, closes the tab on the sandbox's 3-D Secure page, and the bank's step is then
 * completed without any browser (the test posts the page's "Authenticate" form itself and
 * does not follow the redirect to our callback). The gateway's webhook alone must turn the
 * payment completed, which the dashboard then shows. It pays her earliest unpaid month, read
 * from the page (the months offered start there, and other specs pay some of them).
 */
import { LANGS, expect, test } from '../fixtures'
import {
  CARDS,
  accountTexts,
  completedCard,
  payEarliestMonth,
  paymentsWithReference,
  sandboxSpec,
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
    const { name: month } = await payEarliestMonth(page, lang, CARDS.success)
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
          (await paymentsWithReference(context.request, reference)).map(
            (payment) => payment.paymentStatus
          ),
        { timeout: 30_000 }
      )
      .toEqual(['completed'])

    const dashboard = await context.newPage()
    await dashboard.goto('/dashboard?tab=payments')
    await completedCard(dashboard, account, reference, month)
  })
}
