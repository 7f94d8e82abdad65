/**
 * Identity hardening in the account app, in both languages, against the Firebase
 * Auth emulator: registering sends the verification email and the account area asks her to
 * verify until she has (the emulator's link shown as a development aid); "sign out of all
 * devices" ends her sessions everywhere; the administrator sees whether each applicant's
 * email is verified.
 */
import { request as playwrightRequest, type Page } from '@playwright/test'
import { LANGS, chooseLanguage, expect, startIn, test } from '../fixtures'
import { escapeRegExp, messages, submitLogin, submitRegistration, text } from '../messages'
import { pngFile } from '../applications/files'
import { ADMIN, DEMO_PASSWORD, EMULATOR, TENANT } from '../session'

const PASSWORD = 'secret123'

interface ApiApplication {
  id: number
  status: string
  user: { email: string; emailVerified?: boolean } | null
}

/** Today in Riyadh (UTC+3) plus `days`, as yyyy-MM-dd. */
function riyadhIsoDatePlus(days: number): string {
  const riyadh = new Date(Date.now() + 3 * 3600_000)
  return new Date(
    Date.UTC(riyadh.getUTCFullYear(), riyadh.getUTCMonth(), riyadh.getUTCDate() + days)
  )
    .toISOString()
    .slice(0, 10)
}

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')
  const api = messages(lang, 'api')

  async function register(page: Page, name: string, email: string) {
    await submitRegistration(page, account, { name, email, password: PASSWORD })
    await expect(page).toHaveURL(/\/dashboard$/)
  }

  const logIn = (page: Page, email: string, password: string) =>
    submitLogin(page, account, email, password)

  test.describe(`identity (${lang})`, () => {
    startIn(lang)

    test('registering asks her to verify her email until she has', async ({ page, context }) => {
      const email = `verify-${lang}-${Date.now()}@sakan.test`
      await register(page, 'Huda Verify', email)
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')

      // The notice, once, above the dashboard, naming her address.
      const notice = page.getByRole('region', { name: text(account, 'verifyEmail.title') })
      await expect(notice).toHaveCount(1)
      await expect(notice).toContainText(email)
      const confirm = notice.getByRole('button', { name: text(account, 'verifyEmail.confirm') })
      const resend = notice.getByRole('button', { name: text(account, 'verifyEmail.resend') })

      // Not verified yet: pressing "I've verified it" says so, and the notice stays.
      await confirm.click()
      await expect(notice.getByRole('alert')).toHaveText(text(account, 'verifyEmail.notYet'))
      await expect(notice).toBeVisible()

      // The emulator sends no email: its link is shown as a development aid.
      const devAid = notice.getByRole('complementary', {
        name: text(account, 'verifyEmail.dev.label'),
      })
      const link = devAid.getByTestId('verify-dev-link')
      await expect(link).toHaveAttribute(
        'href',
        new RegExp(`^${escapeRegExp(EMULATOR)}/emulator/action\\?mode=verifyEmail&`)
      )
      const firstLink = await link.getAttribute('href')

      // Resending makes a new email, hence a new link.
      await resend.click()
      await expect(notice.getByRole('status')).toHaveText(
        text(account, 'verifyEmail.sent', { email: `\u2068${email}\u2069` })
      )
      await expect(link).not.toHaveAttribute('href', firstLink!)

      // Opening the link verifies the address in the emulator.
      const [verification] = await Promise.all([context.waitForEvent('page'), link.click()])
      await expect(verification.locator('body')).toContainText('successfully verified')
      await verification.close()

      await confirm.click()
      await expect(page.getByTestId('verify-email-notice')).toHaveCount(0)
      await expect(
        page.getByText(text(account, 'verifyEmail.verified'), { exact: true })
      ).toBeVisible()

      // The API recorded it: the notice stays away after a reload.
      const me = await page.request.get('/api/auth/me')
      expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(true)
      await page.reload()
      await expect(page.getByTestId('user-menu')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('verify-email-notice')).toHaveCount(0)
    })

    test("an unverified identity cannot claim an existing account's address", async ({
      page,
      consoleGuard,
    }) => {
      // The refused session sync is logged, and the browser reports the 409 itself.
      consoleGuard.allow(/status of 409|session sync failed/)
      const email = `claim-${lang}-${Date.now()}@sakan.test`
      const identityToolkit = `${EMULATOR}/identitytoolkit.googleapis.com/v1`

      // An account exists for the address, but its Firebase identity is gone.
      const first = (await (
        await page.request.post(`${identityToolkit}/accounts:signUp?key=any`, {
          data: { email, password: PASSWORD, returnSecureToken: true },
        })
      ).json()) as { idToken: string; localId: string }
      const owner = await page.request.post('/api/auth/firebase-login', {
        headers: { authorization: `Bearer ${first.idToken}`, 'x-locale': lang },
        data: { uid: first.localId, email, displayName: 'Owner', photoURL: null },
      })
      expect(owner.ok(), await owner.text()).toBe(true)
      await page.request.post('/api/auth/logout')
      await page.request.post(`${identityToolkit}/accounts:delete?key=any`, {
        data: { idToken: first.idToken },
      })

      // Someone registers the address again: Firebase lets her, the API refuses, in its words.
      await submitRegistration(page, account, { name: 'Not The Owner', email, password: PASSWORD })
      await expect(page.getByText(text(account, 'register.error'), { exact: true })).toBeVisible()
      await expect(page.getByText(text(api, 'auth.emailUnverified'), { exact: true })).toBeVisible()
      await expect(page).toHaveURL(/\/register$/)
      await expect(page.getByTestId('user-menu')).toHaveCount(0)

      // The verification email went out all the same: once the address is verified, she signs in.
      const codes = (await (
        await page.request.get(`${EMULATOR}/emulator/v1/projects/demo-sakan/oobCodes`)
      ).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }
      const verification = codes.oobCodes.findLast(
        (code) => code.email === email && code.requestType === 'VERIFY_EMAIL'
      )
      expect(verification, 'the verification email').toBeTruthy()
      expect((await page.request.get(verification!.oobLink)).ok()).toBe(true)
      await logIn(page, email, PASSWORD)
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByTestId('verify-email-notice')).toHaveCount(0)
    })

    test('the demo accounts are verified and never see the notice', async ({ page }) => {
      await logIn(page, TENANT, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('verify-email-notice')).toHaveCount(0)
    })

    test('signing out of all devices ends her sessions everywhere', async ({
      page,
      browser,
      baseURL,
    }) => {
      // Two browsers, a registration and two sign-ins: near 30 s on a loaded 2-core machine.
      test.slow()
      const email = `everywhere-${lang}-${Date.now()}@sakan.test`
      await register(page, 'Maha Everywhere', email)

      // Another browser signed in as her.
      const elsewhere = await browser.newContext({ baseURL, locale: 'en-US' })
      try {
        const other = await elsewhere.newPage()
        await chooseLanguage(other, lang)
        await logIn(other, email, PASSWORD)
        await expect(other).toHaveURL(/\/dashboard$/)

        // Asking first: cancelling changes nothing.
        const dialog = page.getByRole('dialog', { name: text(account, 'signOutEverywhere.title') })
        await page.getByTestId('user-menu').click()
        await page.getByTestId('logout-all').click()
        await expect(dialog).toContainText(text(account, 'signOutEverywhere.text'))
        await dialog
          .getByRole('button', { name: text(account, 'signOutEverywhere.cancel') })
          .click()
        await expect(dialog).toBeHidden()
        await expect(page.getByTestId('user-menu')).toBeVisible()

        await page.getByTestId('user-menu').click()
        await page.getByTestId('logout-all').click()
        await dialog
          .getByRole('button', { name: text(account, 'signOutEverywhere.confirm') })
          .click()
        await expect(page).toHaveURL(/\/login$/)
        await expect(
          page.getByText(text(account, 'signOutEverywhere.done'), { exact: true })
        ).toBeVisible()
        await expect(page.getByTestId('user-menu')).toHaveCount(0)

        // The other browser's next visit to an account page asks her to sign in, and the
        // Firebase sign-in kept there does not silently open a new session.
        await other.goto('/dashboard')
        await expect(other).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
        await other.reload()
        await expect(other.getByRole('heading', { level: 1 })).toHaveText(
          text(account, 'login.heading')
        )
        await expect(other).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
        expect((await other.request.get('/api/auth/me')).status()).toBe(401)

        // This browser too.
        await page.goto('/dashboard')
        await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
      } finally {
        await elsewhere.close()
      }
    })

    test("the administrator sees whether each applicant's email is verified", async ({
      page,
      baseURL,
    }) => {
      // A new applicant who has not verified her address applies (through the API).
      const email = `unverified-${lang}-${Date.now()}@sakan.test`
      const signUp = (await (
        await page.request.post(
          `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
          { data: { email, password: PASSWORD, returnSecureToken: true } }
        )
      ).json()) as { idToken: string; localId: string }
      const applicant = await playwrightRequest.newContext({ baseURL })
      try {
        const login = await applicant.post('/api/auth/firebase-login', {
          headers: { authorization: `Bearer ${signUp.idToken}` },
          data: { uid: signUp.localId, email, displayName: 'Dana Unverified', photoURL: null },
        })
        expect(login.ok(), await login.text()).toBe(true)
        expect(((await login.json()) as { emailVerified: boolean }).emailVerified).toBe(false)
        const rooms = (await (
          await applicant.get('/api/rooms?availability=true&_start=0&_end=100')
        ).json()) as { id: number }[]
        const room = rooms[Math.floor(Math.random() * rooms.length)]!
        const document = pngFile()
        const applied = await applicant.post('/api/applications', {
          multipart: {
            roomId: String(room.id),
            moveInDate: riyadhIsoDatePlus(7),
            idDocument: document,
          },
        })
        expect(applied.status(), await applied.text()).toBe(201)
      } finally {
        await applicant.dispose()
      }

      await logIn(page, ADMIN, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/admin$/)

      /** Opens the page of the admin list that holds her application; answers its row. */
      const rowOf = async (status: string, applicantEmail: string) => {
        const list = (await (
          await page.request.get(`/api/applications?status=${status}&_start=0&_end=1000`)
        ).json()) as ApiApplication[]
        const index = list.findIndex((application) => application.user?.email === applicantEmail)
        expect(index, `${applicantEmail}'s ${status} application`).toBeGreaterThanOrEqual(0)
        await page.goto(`/admin?status=${status}&page=${Math.floor(index / 10) + 1}`)
        return {
          row: page.locator(`[data-application-id="${list[index]!.id}"]`),
          application: list[index]!,
        }
      }

      const verified = text(admin, 'applications.emailVerified.yes')
      const unverified = text(admin, 'applications.emailVerified.no')

      const tenant = await rowOf('approved', TENANT)
      expect(tenant.application.user?.emailVerified).toBe(true)
      await expect(tenant.row.getByTestId('email-verified-badge')).toHaveText(verified)
      await tenant.row.getByTestId('row-view').click()
      const dialog = page.getByRole('dialog', { name: text(admin, 'applications.detail.title') })
      await expect(dialog.getByTestId('email-verified-badge')).toHaveText(verified)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      const newcomer = await rowOf('pending', email)
      expect(newcomer.application.user?.emailVerified).toBe(false)
      await expect(newcomer.row.getByTestId('email-verified-badge')).toHaveText(unverified)
      await newcomer.row.getByTestId('row-view').click()
      await expect(dialog.getByTestId('email-verified-badge')).toHaveText(unverified)
      // An icon and words, not colour alone.
      await expect(dialog.getByTestId('email-verified-badge').locator('svg')).toHaveCount(1)
    })
  })
}
