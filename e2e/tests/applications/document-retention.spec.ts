/**
 * An ID document lives only while it is needed (issue 45): her application rejected, the daily
 * purge (`node ace documents:purge`, here with `DOCUMENT_RETENTION_DAYS=0` and for this
 * application only, run on the product's own database by `E2E_PURGE_DOCUMENTS`) destroys it,
 * and her dashboard says so, in
 * her language; the file is gone for the administrator too.
 */
import { execSync } from 'node:child_process'
import { LANGS, expect, startIn, test } from '../fixtures'
import { escapeRegExp, messages, text } from '../messages'
import { ADMIN, openSession, registeredAnew } from '../session'
import { applyForARoom } from './apply'

for (const lang of LANGS) {
  const account = messages(lang, 'account')

  test.describe(`an ID document no longer needed (${lang})`, () => {
    startIn(lang)

    test('rejected, purged: her card says when it was destroyed, and it is gone', async ({
      page,
      browser,
    }) => {
      test.skip(!process.env.E2E_PURGE_DOCUMENTS, 'set E2E_PURGE_DOCUMENTS to the purge command')
      await registeredAnew(page, lang, 'Hind Retention', 'retention')
      const { applicationId } = await applyForARoom(page.request)
      const office = await browser.newContext()
      try {
        await openSession(office.request, ADMIN, { lang })
        const rejected = await office.request.patch(`/api/applications/${applicationId}/review`, {
          data: { status: 'rejected' },
        })
        expect(rejected.status(), await rejected.text()).toBe(200)
        const key = ((await rejected.json()) as { idDocument: string | null }).idDocument
        expect(key, 'her document is kept until the purge').not.toBeNull()
        const documentPath = `/api/images/${key}`
        expect((await office.request.get(documentPath)).status()).toBe(200)

        execSync(`${process.env.E2E_PURGE_DOCUMENTS!} ${applicationId}`, { stdio: 'inherit' })

        const after = (await (
          await office.request.get(`/api/applications/${applicationId}`)
        ).json()) as { idDocument: string | null; documentDestroyedAt: string | null }
        expect(after.idDocument).toBeNull()
        expect(after.documentDestroyedAt).not.toBeNull()
        expect((await office.request.get(documentPath)).status()).toBe(404)
      } finally {
        await office.close()
      }

      await page.goto('/dashboard')
      const card = page.getByTestId('application-card').first()
      const destroyed = card.getByTestId('document-destroyed')
      /* The sentence, its date written in her language (today's). */
      const [before, after] = text(account, 'dashboard.applications.documentDestroyed', {
        date: '\u0000',
      }).split('\u0000')
      await expect(destroyed).toHaveText(
        new RegExp(`${escapeRegExp(before!)}.+${escapeRegExp(after!)}$`)
      )
    })
  })
}
