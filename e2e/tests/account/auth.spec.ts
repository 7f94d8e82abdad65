/**
 * Identity in the account app, in both languages, against the Firebase Auth
 * emulator and the demo accounts `npm start` creates: registration,
 * signing in and out, the `redirect` parameter, the administrator's landing page, the
 * provider's error messages, Google through the emulator's account chooser, and the guards.
 */
import type { Page } from '@playwright/test'
import { LANGS, expect, test, startIn } from '../fixtures'
import {
  field,
  fillLogin,
  messages,
  sendForm,
  submitLogin,
  submitRegistration,
  text,
} from '../messages'
import { ADMIN, DEMO_PASSWORD, TENANT } from '../session'

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const admin = messages(lang, 'admin')
  const common = messages(lang, 'common')

  async function logIn(page: Page, email: string, password: string) {
    await fillLogin(page, account, email, password)
  }

  test.describe(`account (${lang})`, () => {
    startIn(lang)

    test('the sign-in page is in the chosen language and direction', async ({ page }) => {
      await page.goto('/login')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(account, 'login.heading')
      )
      await expect(page).toHaveTitle(
        `${text(account, 'titles.login')} | ${text(common, 'brand.name')}`
      )
    })

    test('register → dashboard, then log out → /', async ({ page }) => {
      const email = `e2e-${lang}-${Date.now()}@sakan.test`
      await submitRegistration(page, account, {
        name: 'Reem Alharbi',
        email,
        password: 'secret123',
      })

      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(account, 'dashboard.welcome', { name: 'Reem Alharbi' })
      )
      await expect(page.getByTestId('user-menu')).toContainText('Reem Alharbi')

      await page.getByTestId('user-menu').click()
      await page.getByTestId('logout').click()
      await expect(page).toHaveURL(/^[^?#]*\/((en|ar)\/)?$/)

      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    })

    test('registration checks the form', async ({ page }) => {
      await page.goto('/register')
      await field(page, text(account, 'register.fields.password')).fill('secret123')
      await field(page, text(account, 'register.fields.confirmPassword')).fill('secret124')
      await sendForm(page, text(account, 'register.submit'))
      for (const key of ['fullName', 'email', 'confirmPassword', 'terms']) {
        await expect(page.getByText(text(account, `register.validation.${key}`))).toBeVisible()
      }
      await expect(page).toHaveURL(/\/register$/)
    })

    test('an existing e-mail cannot register again', async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 400/)
      await submitRegistration(page, account, {
        name: 'Nora',
        email: TENANT,
        password: 'secret123',
      })
      await expect(page.getByText(text(account, 'register.error'), { exact: true })).toBeVisible()
      await expect(
        page.getByText(text(account, 'register.errors.emailInUse'), { exact: true })
      ).toBeVisible()
    })

    test('log in with redirect comes back to the target', async ({ page, request }) => {
      const [room] = (await (await request.get('/api/rooms?_start=0&_end=1')).json()) as {
        id: number
      }[]
      await page.goto(`/application/${room!.id}`)
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fapplication%2F${room!.id}$`))
      await logIn(page, TENANT, DEMO_PASSWORD)
      await expect(page).toHaveURL(new RegExp(`/application/${room!.id}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(account, 'titles.application')
      )
      await expect(page.getByTestId('user-menu')).toBeVisible()
    })

    test('a redirect to another site is ignored', async ({ page }) => {
      await page.goto('/login?redirect=https%3A%2F%2Fexample.com%2F')
      await logIn(page, TENANT, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/dashboard$/)
    })

    test('the administrator lands on /admin and is kept off /dashboard', async ({ page }) => {
      await page.goto('/login')
      await logIn(page, ADMIN, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/admin$/)
      /* The back office's code and first figures load only now, after her sign-in: on two busy
         cores that took more than the usual 7 s (as a first signed-in page does, session.ts). */
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(admin, 'titles.dashboard'),
        { timeout: 20_000 }
      )
      await expect(page.locator('.stat-card')).toHaveCount(5)
      await expect(
        page.getByRole('link', { name: text(common, 'nav.adminPanel') }).first()
      ).toBeVisible()

      /* What the resident's dashboard would ask for: calls made from /dashboard, as their
         Referer says (the administrator's own page, once she is sent there, lists
         applications too). */
      const made: { url: string; from: string | null }[] = []
      page.on('request', (request) => {
        if (!/\/api\/(applications|payments|maintenance-requests)/.test(request.url())) return
        made.push({ url: request.url(), from: request.headers()['referer'] ?? null })
      })
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/admin$/)
      expect(
        made.filter((call) => !call.from),
        'every call names its page'
      ).toEqual([])
      expect(made.filter((call) => new URL(call.from!).pathname === '/dashboard')).toEqual([])
    })

    test('a wrong password says so', async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 400/)
      await page.goto('/login')
      await logIn(page, TENANT, 'not-the-password')
      await expect(page.getByText(text(account, 'login.error'), { exact: true })).toBeVisible()
      await expect(
        page.getByText(text(account, 'login.errors.wrongPassword'), { exact: true })
      ).toBeVisible()
      await expect(page).toHaveURL(/\/login$/)
    })

    test('an unknown e-mail says so', async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 400/)
      await page.goto('/login')
      await logIn(page, `nobody-${Date.now()}@sakan.test`, 'whatever1')
      await expect(page.getByText(text(account, 'login.error'), { exact: true })).toBeVisible()
      await expect(
        page.getByText(text(account, 'login.errors.userNotFound'), { exact: true })
      ).toBeVisible()
    })

    test('the sign-in form checks its fields', async ({ page }) => {
      await submitLogin(page, account, 'not-an-email', '12345')
      await expect(page.getByText(text(account, 'login.validation.email'))).toBeVisible()
      await expect(page.getByText(text(account, 'login.validation.password'))).toBeVisible()
    })

    test('Google sign-in through the emulator account chooser', async ({ page }) => {
      const email = `google-${lang}-${Date.now()}@example.com`
      await page.goto('/login?redirect=%2Fmaintenance')
      await page.getByTestId('google-signin').click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(text(account, 'google.chooser.title'))
      await page.getByTestId('emulator-google-name').fill('Lama Google')
      await page.getByTestId('emulator-google-email').fill(email)
      await page.getByTestId('emulator-google-submit').click()
      await expect(page).toHaveURL(/\/maintenance$/)
      await expect(page.getByTestId('user-menu')).toContainText('Lama Google')

      // The account is offered again next time.
      await page.getByTestId('user-menu').click()
      await page.getByTestId('logout').click()
      /* Log out ends on the public home page; let that navigation finish first. */
      await expect(page).toHaveURL(/\/(en|ar)\/$/)
      await page.goto('/login')
      await page.getByTestId('google-signin').click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Lama Google/ })
        .click()
      await expect(page).toHaveURL(/\/dashboard$/)
    })

    test('a tenant opening /admin is sent to sign in as the administrator', async ({ page }) => {
      await page.goto('/login')
      await logIn(page, TENANT, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/dashboard$/)
      await page.goto('/admin')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/)
      await expect(
        page.getByText(text(account, 'login.needsAdmin'), { exact: false })
      ).toBeVisible()

      // Signing in as the administrator from there leads to /admin.
      await logIn(page, ADMIN, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/admin$/)
    })

    test('signed-out visitors of account pages are asked to sign in first', async ({ page }) => {
      for (const path of [
        '/dashboard',
        '/payment',
        '/maintenance',
        '/payment/callback?id=x&status=paid',
      ]) {
        await page.goto(path)
        await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`)
      }
      await page.goto('/admin')
      await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/)
      // The open tab and filter survive the sign-in.
      const tab = '/admin?tab=rooms&status=occupied'
      await page.goto(tab)
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(tab)}`)
      await logIn(page, ADMIN, DEMO_PASSWORD)
      await expect(page).toHaveURL(tab)
      await expect(
        page.getByRole('tab', { name: text(admin, 'management.tabs.rooms') })
      ).toHaveAttribute('aria-selected', 'true')
    })

    test('a reload keeps her signed in', async ({ page }) => {
      await page.goto('/login')
      await logIn(page, TENANT, DEMO_PASSWORD)
      await expect(page).toHaveURL(/\/dashboard$/)
      await page.reload()
      await expect(page.getByTestId('user-menu')).toBeVisible()
      await expect(page).toHaveURL(/\/dashboard$/)
    })
  })
}
