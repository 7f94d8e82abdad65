/**
 * "My data" (her rights under Saudi Arabia's Personal Data Protection Law), in both languages:
 * a new resident opens it from her menu, downloads a copy of her data (a ZIP whose `data.json`
 * holds her profile), corrects her name (the header follows at once) and closes her account
 * with her password: she lands on `/login` with the toast saying so, and her e-mail and
 * password no longer sign in. A resident who never accepted the privacy notice in force is
 * asked to, on the pages that read data, until she does.
 */
import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { LANGS, expect, startIn, test } from './fixtures'
import { escapeRegExp, field, fillLogin, messages, text } from './messages'
import { EMULATOR, hintSession, registeredIn } from './session'

/** A ZIP file's first bytes: a local file header (`PK\x03\x04`). */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const common = messages(lang, 'common')
  const label = (key: string) => new RegExp(`^${escapeRegExp(text(account, key))}( \\*)?$`)

  test.describe(`my data (${lang})`, () => {
    startIn(lang)

    test('a resident downloads her data, corrects her name and closes her account', async ({
      page,
      consoleGuard,
    }) => {
      const stamp = Date.now()
      const person = {
        name: `Rana Data ${stamp}`,
        email: `my-data-${lang}-${stamp}@sakan.test`,
        password: 'secret123',
      }
      await registeredIn(page, person, { lang })
      await page.goto('/dashboard')
      await page.getByTestId('user-menu').click()
      await page.getByRole('menuitem', { name: text(common, 'nav.myData') }).click()
      await expect(page).toHaveURL(/\/my-data$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(account, 'myData.title')
      )
      await expect(page).toHaveTitle(
        `${text(account, 'myData.title')} | ${text(common, 'brand.name')}`
      )

      // A copy of everything kept about her.
      const downloading = page.waitForEvent('download')
      await page.getByRole('button', { name: text(account, 'myData.download.button') }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^sakan-my-data-\d{4}-\d{2}-\d{2}\.zip$/)
      const zip = new Uint8Array(readFileSync(await download.path()))
      expect([...zip.subarray(0, 4)]).toEqual(ZIP_SIGNATURE)
      const files = unzipSync(zip)
      expect(Object.keys(files)).toContain('data.json')
      const data = JSON.parse(strFromU8(files['data.json']!)) as { profile?: { email?: string } }
      expect(data.profile?.email).toBe(person.email)
      await expect(
        page.getByText(text(account, 'myData.download.done'), { exact: true })
      ).toBeVisible()

      // Her name corrected: the header says it at once.
      const corrected = `Rana Corrected ${stamp}`
      await field(page, text(account, 'myData.details.fullName')).fill(corrected)
      await page.getByRole('button', { name: text(account, 'myData.details.save') }).click()
      await expect(
        page.getByText(text(account, 'myData.details.saved'), { exact: true })
      ).toBeVisible()
      await expect(page.getByTestId('user-menu')).toContainText(corrected)

      // Closed, once she has signed in again with her password.
      await page
        .getByRole('button', { name: text(account, 'myData.close.button'), exact: true })
        .click()
      const dialog = page.getByRole('dialog', { name: text(account, 'myData.close.dialog.title') })
      await dialog.getByLabel(label('myData.close.dialog.password')).fill(person.password)
      /* `registeredIn` tells every page load a session may exist, so `/login`, loaded once the
         account is closed, asks for it and is told 401: expected here, unlike for her. */
      consoleGuard.allow(/status of 401 \(Unauthorized\) \(\S+\/api\/auth\/me\)$/)
      await dialog
        .getByRole('button', { name: text(account, 'myData.close.dialog.confirm'), exact: true })
        .click()
      await expect(page).toHaveURL(/\/login$/)
      await expect(
        page.getByText(text(account, 'myData.close.done'), { exact: true })
      ).toBeVisible()
      await expect(page.getByTestId('user-menu')).toHaveCount(0)

      // Her sign-in is gone: the emulator knows no such account (its 400 is expected).
      consoleGuard.allow(/status of 400/)
      await fillLogin(page, account, person.email, person.password)
      await expect(page.getByText(text(account, 'login.error'), { exact: true })).toBeVisible()
      const refused = ['login.errors.userNotFound', 'login.errors.wrongPassword']
        .map((key) => escapeRegExp(text(account, key)))
        .join('|')
      await expect(page.getByText(new RegExp(`^(${refused})$`))).toBeVisible()
      await expect(page).toHaveURL(/\/login$/)
      await expect(page.getByTestId('user-menu')).toHaveCount(0)
    })

    test('a resident who has not accepted the privacy notice in force is asked, once', async ({
      page,
    }) => {
      const email = `privacy-${lang}-${Date.now()}@sakan.test`
      const signUp = await page.request.post(
        `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
        { data: { email, password: 'secret123', returnSecureToken: true } }
      )
      const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string }
      /* Her session opened without the notice (as a Google sign-up on the sign-in page does). */
      const session = await page.request.post('/api/auth/firebase-login', {
        headers: { authorization: `Bearer ${idToken}`, 'x-locale': lang },
        data: { uid: localId, email, displayName: null, photoURL: null },
      })
      expect(session.ok()).toBe(true)
      await hintSession(page)
      await page.goto('/dashboard')
      const prompt = page.getByTestId('privacy-prompt')
      await expect(prompt).toBeVisible()
      await expect(
        prompt.getByRole('link', { name: text(account, 'privacyNotice.read') })
      ).toHaveAttribute('href', `/${lang}/privacy`)
      await prompt.getByRole('button', { name: text(account, 'privacyNotice.accept') }).click()
      await expect(
        page.getByText(text(account, 'privacyNotice.accepted'), { exact: true })
      ).toBeVisible()
      await expect(prompt).toHaveCount(0)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('privacy-prompt')).toHaveCount(0)
    })
  })
}
