/**
 * The outbox in the back office, in both languages: a new applicant applies for a
 * room, which writes her acknowledgement and the administrators' notice; the administrator
 * opens Notifications from the back office's navigation, sees the messages (the worker has
 * e-mailed them to the mail catcher), filters them by state, and resends one: confirmed, a
 * toast says so, the API puts it back in the outbox (pending) and the worker e-mails it again.
 */
import { LANGS, expect, startIn, test } from '../fixtures'
import { field, messages, text } from '../messages'
import { openFromOfficeNav } from './office'
import { registered } from '../session'
import { applyForARoom } from '../applications/apply'
import { mailsTo } from '../mail'

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')
  const label = (key: string) => text(admin, `office.notifications.${key}`)
  const applicant = {
    name: `Noura Outbox ${lang}`,
    email: `outbox-${lang}-${Date.now()}@example.com`,
    password: 'secret123',
  }

  test.describe.serial(`notifications in the back office (${lang})`, () => {
    startIn(lang)

    test('a new applicant applies: her message is in the outbox', async ({ browser }) => {
      test.setTimeout(60_000)
      const context = await browser.newContext()
      await registered(context.request, applicant, { lang })
      await applyForARoom(context.request)
      await context.close()
    })

    test('she reads the outbox, filters it and resends a message', async ({ page }) => {
      test.setTimeout(60_000)
      await openFromOfficeNav(page, lang, 'notifications', label('title'))
      const table = page.getByTestId('notifications-table')
      const row = table.locator('tbody tr', { hasText: applicant.email })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText(applicant.name)
      await expect(row).toContainText(label('kinds.application_received'))

      /* The worker e-mails it within seconds: then it is sent, and the filter finds it. */
      await expect(async () => {
        await page.reload()
        await expect(row.getByTestId('notification-state')).toHaveAttribute('data-value', 'sent', {
          timeout: 2000,
        })
      }).toPass({ timeout: 30_000 })
      await field(page, label('state')).click()
      await page.getByRole('option', { name: label('states.sent'), exact: true }).click()
      await expect(page).toHaveURL(/value\]=sent/)
      await expect(row).toHaveCount(1)
      for (const state of await table.getByTestId('notification-state').all())
        await expect(state).toHaveAttribute('data-value', 'sent')

      /* Resent: confirmed, the API takes it back (pending), a toast, the list read again. */
      await row.getByTestId('notification-resend').click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText(applicant.name)
      const before = (await mailsTo(page.request, applicant.email)).length
      const answer = page.waitForResponse(
        (response) =>
          /\/api\/admin\/notifications\/\d+\/resend$/.test(response.url()) &&
          response.request().method() === 'POST'
      )
      await dialog.getByTestId('confirm-action').click()
      const response = await answer
      expect(response.status()).toBe(202)
      expect(await response.json()).toMatchObject({ state: 'pending' })
      await expect(page.getByText(label('resent'))).toBeVisible()
      await expect(dialog).toBeHidden()

      /* The worker sends it again within seconds: one e-mail more, and it is sent again. */
      await expect
        .poll(async () => (await mailsTo(page.request, applicant.email)).length, {
          timeout: 20_000,
        })
        .toBe(before + 1)
      await expect(async () => {
        await page.reload()
        await expect(row.getByTestId('notification-state')).toHaveAttribute('data-value', 'sent', {
          timeout: 2000,
        })
      }).toPass({ timeout: 20_000 })
    })
  })
}
