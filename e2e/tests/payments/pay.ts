/**
 * Helpers of the card-payment specs (issue 10): the demo tenant signs in, picks her approved
 * room and a month on `/payment`, and types a test card into Moyasar's form, which talks to
 * the local payment sandbox. Every host but 127.0.0.1 is unresolvable in these specs, so
 * nothing of a card flow may leave the machine; the fixtures fail a test on any
 * Content-Security-Policy violation.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test, type Lang } from '../fixtures'
import { escapeRegExp, messages, text, type Messages } from '../messages'

export const TENANT = 'tenant@sakan.test'
const PASSWORD = 'Sakan#2026'

/** Test cards of the sandbox (issue 10). */
export const CARDS = { success: '4111111111111111', declined: '4201321234411220' } as const

/** Chromium resolves 127.0.0.1 only: the gateway, fonts, error reporters… must all be local. */
const HOST_RULES = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'

/**
 * Call at the top of a spec file: the config's launch options plus the host rule, and the
 * sandbox's 3-D Secure page may miss a favicon (its page, not ours; Chromium asks for one).
 */
export function sandboxSpec() {
  test.beforeEach(({ consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource.*\(http:\/\/127\.0\.0\.1:4010\/favicon\.ico\)$/)
  })
  test.use({
    launchOptions: [
      async ({ launchOptions }, use) => {
        await use({ ...launchOptions, args: [...(launchOptions.args ?? []), HOST_RULES] })
      },
      { scope: 'worker' },
    ],
  })
}

export interface ApiPayment {
  id: number
  roomId: number
  monthCovered: string
  paymentReference: string
  paymentStatus: string
  amount: number
}

/** Signs the tenant in, in the page's language (the language choice is stored first). */
export async function signInTenant(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((choice) => localStorage.setItem('sakan.language', choice), lang)
  await page.goto('/login?redirect=%2Fpayment')
  await page.locator('main input[type="email"]').fill(TENANT)
  await page.locator('main input[type="password"]').fill(PASSWORD)
  await page.locator('main form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/payment$/)
}

/** `account` texts of a language. */
export const accountTexts = (lang: Lang): Messages => messages(lang, 'account')

/** Picks the first approved room and the month at `monthIndex` of the twelve; returns its label. */
export async function chooseRoomAndMonth(page: Page, monthIndex: number): Promise<string> {
  await page.getByTestId('payment-room').click()
  await page.getByRole('option').first().click()
  await page.getByTestId('payment-month').click()
  const months = page.getByRole('option')
  await expect(months).toHaveCount(12)
  const month = months.nth(monthIndex)
  await expect(month).not.toHaveAttribute('data-combobox-disabled', 'true')
  const label = (await month.textContent())!.trim()
  await month.click()
  await expect(page.getByTestId('payment-month')).toHaveValue(label)
  return label
}

/**
 * Types `keys` into a field of Moyasar's form until it holds them (as the form spaces them out):
 * on a loaded machine a key pressed while the form moves the focus on can be lost.
 */
async function typeInto(field: Locator, keys: string): Promise<void> {
  const shown = new RegExp(`^${[...keys].map(escapeRegExp).join('[ /]*')}$`)
  await expect(async () => {
    await field.clear()
    await field.pressSequentially(keys)
    await expect(field).toHaveValue(shown, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

/**
 * Types a card into Moyasar's form (expiry and CVC react to key presses, not to `fill`) and
 * submits it: the browser ends on the sandbox's 3-D Secure page.
 */
export async function payWithCard(page: Page, card: string): Promise<void> {
  const form = page.locator('.mysr-form')
  await expect(form.locator('#mysr-cc-number')).toBeVisible({ timeout: 15_000 })
  await typeInto(form.locator('#mysr-cc-name'), 'Noura Al-Harbi')
  await typeInto(form.locator('#mysr-cc-number'), card)
  await typeInto(form.locator('#mysr-cc-exp'), '1230')
  await typeInto(form.locator('#mysr-cc-csc'), '123')
  await form.locator('button[type="submit"]').click()
  // The sandbox's 3-D Secure page is showing (the browser left our origin for the "bank").
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:4010\/3ds\//, { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible()
}

/**
 * Passes the bank's step ("Authenticate") on the 3-D Secure page: the callback page shows the
 * payment's `view` under its title. Returns the payment's reference (the callback's `id`).
 */
export async function authenticate(
  page: Page,
  account: Messages,
  view: 'success' | 'failed'
): Promise<string> {
  await page.getByRole('button', { name: 'Authenticate' }).click()
  await expect(page).toHaveURL(/\/payment\/callback\?/)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-view', view)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text(account, `paymentCallback.${view}`)
  )
  return new URL(page.url()).searchParams.get('id')!
}

/** Her payments as the API answers them (the page's session). */
export async function tenantPayments(request: APIRequestContext): Promise<ApiPayment[]> {
  const response = await request.get('/api/payments?_start=0&_end=100')
  expect(response.ok(), 'GET /api/payments').toBe(true)
  return (await response.json()) as ApiPayment[]
}
