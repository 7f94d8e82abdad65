/**
 * Helpers of the card-payment specs: the demo tenant signs in, picks her approved
 * room and a month on `/payment`, and types a test card into Moyasar's form, which talks to
 * the local payment sandbox. Every host but 127.0.0.1 is unresolvable (the launch options in
 * playwright.config.ts), so nothing of a card flow may leave the machine; the fixtures fail a
 * test on any Content-Security-Policy violation.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { dayFromNow, expect, test, type Lang } from '../fixtures'
import { escapeRegExp, messages, text, type Messages } from '../messages'
import { pngFile } from '../applications/files'
import { ADMIN, TENANT, openSession, openSignedIn, registeredIn } from '../session'

export { TENANT }

/** Test cards of the sandbox. */
export const CARDS = { success: '4111111111111111', declined: '4201321234411220' } as const

/**
 * The local payment sandbox (Moyasar's API and its 3-D Secure page): `npm start`'s, or the one
 * `npm test` runs of its own (scripts/lib/test_env.mjs).
 */
const SANDBOX = process.env.SAKAN_SANDBOX_URL || 'http://127.0.0.1:4010'
const sandboxPattern = escapeRegExp(SANDBOX)

/** The console error of the sandbox's page asking for a favicon it does not have. */
export const SANDBOX_FAVICON = new RegExp(
  `Failed to load resource.*\\(${sandboxPattern}/favicon\\.ico\\)$`
)

/**
 * Call at the top of a spec file that opens the card form: the sandbox's 3-D Secure page may
 * miss a favicon (its page, not ours; Chromium asks for one).
 */
export function sandboxSpec() {
  test.beforeEach(({ consoleGuard }) => {
    consoleGuard.allow(SANDBOX_FAVICON)
  })
}

export interface ApiPayment {
  id: number
  roomId: number
  kind?: 'rent' | 'deposit'
  monthCovered: string
  paymentReference: string
  paymentStatus: string
  amount: number
}

/** The tenant signed in (through the API) on the payment page, in `lang` (stored first). */
export async function signInTenant(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((choice) => localStorage.setItem('sakan.language', choice), lang)
  await openSignedIn(page, TENANT, '/payment', { lang })
}

/**
 * A resident of the test's own with a stay (a plan is offered only from her earliest
 * unpaid month, so a spec that pays one starts from a stay nobody else pays): she registers in
 * `page` (in its language), applies through the API for an available room with a move-in 10
 * days ahead, and the administrator approves it in a context of his own. Returns the room and
 * the move-in date; `page` stays signed in as her.
 */
export async function residentWithStay(
  browser: Browser,
  page: Page,
  lang: Lang,
  name: string
): Promise<{ roomId: number; moveIn: string }> {
  await page.addInitScript((choice) => localStorage.setItem('sakan.language', choice), lang)
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`
  await registeredIn(page, { name, email, password: 'secret123' }, { lang })
  const rooms = (await (
    await page.request.get('/api/rooms?availability=true&_start=0&_end=50')
  ).json()) as { id: number }[]
  expect(rooms.length, 'an available room').toBeGreaterThan(0)
  const roomId = rooms[Math.floor(Math.random() * rooms.length)]!.id
  const moveIn = dayFromNow(10)
  const applied = await page.request.post('/api/applications', {
    multipart: {
      roomId: String(roomId),
      moveInDate: moveIn,
      idDocument: pngFile('id-card.png', 480, 300),
    },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const applicationId = ((await applied.json()) as { id: number }).id

  const office = await browser.newContext()
  try {
    await openSession(office.request, ADMIN, { lang })
    const approved = await office.request.patch(`/api/applications/${applicationId}/review`, {
      data: { status: 'approved' },
    })
    expect(approved.status(), await approved.text()).toBe(200)
  } finally {
    await office.close()
  }
  return { roomId, moveIn }
}

/** `account` texts of a language. */
export const accountTexts = (lang: Lang): Messages => messages(lang, 'account')

/** A month she may choose on the payment page: its `yyyy-MM`, its option's text and its name. */
export interface ChosenMonth {
  value: string
  label: string
  /** The month as the page names it ("December 2026"), without the option's "Unpaid". */
  name: string
}

/** `yyyy-MM` as a month number, to compare and step months as numbers. */
export const monthNumber = (month: string) => {
  const [year, index] = month.split('-').map(Number)
  return year! * 12 + index! - 1
}

/** The `yyyy-MM` of a month number. */
export const monthOfNumber = (number: number) =>
  `${Math.floor(number / 12)}-${String((number % 12) + 1).padStart(2, '0')}`

/** What comes before and after `{{month}}` in a text of `account`. */
function aroundMonth(account: Messages, key: string): [string, string] {
  const [before = '', after = ''] = text(account, key, { month: '\u0000' }).split('\u0000')
  return [before, after]
}

/** A text of `account` with a `{{month}}` in it, as a pattern matching any month. */
function withMonth(account: Messages, key: string): RegExp {
  const [before, after] = aroundMonth(account, key)
  return new RegExp(`^${escapeRegExp(before)}.+${escapeRegExp(after)}$`)
}

/** A month option's name: its text without the "Unpaid" an owed month carries. */
function monthName(account: Messages, label: string): string {
  const [before, after] = aroundMonth(account, 'payment.monthOwed')
  return withMonth(account, 'payment.monthOwed').test(label)
    ? label.slice(before.length, label.length - after.length)
    : label
}

/**
 * Picks the first approved room and opens its months: they run from her earliest
 * unpaid month through the last one payable now, one after another, the paid ones between
 * shown as paid and not to be chosen. Picks the `nth` month she can choose (0: her earliest
 * unpaid one) and returns it; `atLeast` months must be offered.
 */
export async function chooseRoomAndMonth(
  page: Page,
  account: Messages,
  nth = 0,
  atLeast = nth + 1
): Promise<ChosenMonth> {
  await page.getByTestId('payment-room').click()
  await page.getByRole('option').first().click()
  await page.getByTestId('payment-month').click()
  const offered = page.locator('[role="option"]:visible:not([data-combobox-disabled="true"])')
  await expect(offered.nth(atLeast - 1), `at least ${atLeast} months offered`).toBeVisible()
  const months = page.getByRole('option')
  const values = await months.evaluateAll((options) =>
    options.map((option) => option.getAttribute('value') ?? '')
  )
  expect(values.length, 'months listed').toBeGreaterThan(0)
  expect(
    values.every(
      (value, at) => at === 0 || monthNumber(value) === monthNumber(values[at - 1]!) + 1
    ),
    `months in a row: ${values.join(', ')}`
  ).toBe(true)
  // Her earliest unpaid month first and the last payable one last: both can be chosen.
  await expect(months.first()).not.toHaveAttribute('data-combobox-disabled', 'true')
  await expect(months.last()).not.toHaveAttribute('data-combobox-disabled', 'true')
  // At most the current month and the 12 after it, in Riyadh, and the months she owes before.
  const riyadh = new Date(Date.now() + 3 * 3600_000)
  const current = riyadh.getUTCFullYear() * 12 + riyadh.getUTCMonth()
  expect(monthNumber(values.at(-1)!)).toBeLessThanOrEqual(current + 12)
  // A month paid between them says so.
  const paid = page.locator('[role="option"][data-combobox-disabled="true"]:visible')
  for (const option of await paid.all())
    await expect(option).toHaveText(withMonth(account, 'payment.monthPaid'))

  const month = offered.nth(nth)
  const value = (await month.getAttribute('value'))!
  const label = (await month.textContent())!.trim()
  await month.click()
  await expect(page.getByTestId('payment-month')).toHaveValue(label)
  return { value, label, name: monthName(account, label) }
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
  await expect(page).toHaveURL(new RegExp(`^${sandboxPattern}/3ds/`), { timeout: 15_000 })
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

/** Her payments (as the API answers them) made with this gateway reference. */
export async function paymentsWithReference(
  request: APIRequestContext,
  reference: string
): Promise<ApiPayment[]> {
  return (await tenantPayments(request)).filter((payment) => payment.paymentReference === reference)
}

/**
 * The demo tenant, signed in on the payment page in `lang`, picks her earliest unpaid month and
 * pays it with `card`: the browser ends on the sandbox's 3-D Secure page. Returns the month.
 */
export async function payEarliestMonth(page: Page, lang: Lang, card: string): Promise<ChosenMonth> {
  await signInTenant(page, lang)
  const month = await chooseRoomAndMonth(page, accountTexts(lang))
  await payWithCard(page, card)
  return month
}

/** The payment's card on her dashboard's payments tab, once it shows it completed for `month`. */
export async function completedCard(
  page: Page,
  account: Messages,
  reference: string,
  month: string
): Promise<Locator> {
  const card = page.getByTestId('payment-card').filter({ hasText: reference })
  await expect(card).toHaveAttribute('data-status', 'completed', {
    // The dashboard loads her stays, ledgers and payments first (slow on a loaded machine).
    timeout: 20_000,
  })
  await expect(card).toContainText(month)
  await expect(card).toContainText(text(account, 'status.payment.completed'))
  return card
}

/** What a payment pays for, as the quote and `POST /api/payments` name it. */
export type Coverage = { monthCovered: string } | { monthsCovered: string[] } | { kind: 'deposit' }

/**
 * Pays as the browser's card form does, without a page: asks the server's quote
 * first, creates the sandbox payment with the form's metadata — the room, her id, the quote's
 * signed claim and what it covers — for the quote's amount in halalas, passes the bank's step
 * (Authenticate on the 3-D Secure page) and records it as she would. Returns the payment.
 */
export async function payThroughApi(
  request: APIRequestContext,
  roomId: number,
  coverage: Coverage
): Promise<ApiPayment> {
  const me = (await (await request.get('/api/auth/me')).json()) as { id: number }
  const query =
    'kind' in coverage
      ? `kind=deposit`
      : 'monthsCovered' in coverage
        ? `monthsCovered=${coverage.monthsCovered.join(',')}`
        : `monthCovered=${coverage.monthCovered}`
  const quoted = await request.get(`/api/payments/quote?roomId=${roomId}&${query}`)
  expect(quoted.ok(), `the quote of ${query}: ${await quoted.text()}`).toBe(true)
  const quote = (await quoted.json()) as { amount: number; claim: string }
  expect(quote.claim, 'the quote signs its claim').toBeTruthy()
  const metadata =
    'monthsCovered' in coverage ? { monthsCovered: coverage.monthsCovered.join(',') } : coverage
  const created = await request.post(`${SANDBOX}/v1/payments`, {
    data: {
      amount: Math.round(quote.amount * 100),
      currency: 'SAR',
      description: 'kind' in coverage ? 'Deposit' : 'Rent',
      publishable_api_key: 'pk_test_sandbox',
      callback_url: 'http://127.0.0.1:9/payment/callback',
      source: {
        type: 'creditcard',
        name: 'Reem Alharbi',
        number: CARDS.success,
        month: '12',
        year: String(new Date().getUTCFullYear() + 2),
        cvc: '123',
      },
      metadata: { roomId, userId: me.id, claim: quote.claim, ...metadata },
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { id } = (await created.json()) as { id: string }
  const bank = await request.post(`${SANDBOX}/3ds/${id}`, {
    form: { action: 'authenticate' },
    maxRedirects: 0,
  })
  expect(bank.status()).toBe(302)
  const recorded = await request.post('/api/payments', {
    data: { roomId, paymentReference: id, ...coverage },
  })
  expect(recorded.status(), await recorded.text()).toBe(201)
  const payment = (await recorded.json()) as ApiPayment
  expect(payment.paymentStatus).toBe('completed')
  return payment
}

/** Her stay in a room (`GET /api/tenancies`), the running one first. */
async function stayIn(request: APIRequestContext, roomId: number) {
  const response = await request.get('/api/tenancies?_start=0&_end=100')
  expect(response.ok(), 'GET /api/tenancies').toBe(true)
  const stays = ((await response.json()) as { id: number; roomId: number; state: string }[])
    .filter((stay) => stay.roomId === roomId)
    .sort((a, b) => Number(b.state === 'active') - Number(a.state === 'active'))
  expect(stays.length, `her stay in room ${roomId}`).toBeGreaterThan(0)
  return stays[0]!
}

/**
 * Her earliest unpaid month in a room: the first month of her ledger not paid, else the month
 * after its last one.
 */
async function earliestUnpaid(request: APIRequestContext, roomId: number): Promise<string> {
  const stay = await stayIn(request, roomId)
  const response = await request.get(`/api/tenancies/${stay.id}/ledger?_start=0&_end=100`)
  expect(response.ok(), 'her ledger').toBe(true)
  const rows = (await response.json()) as { month: string; state: string }[]
  expect(rows.length, 'months in her ledger').toBeGreaterThan(0)
  const unpaid = rows.find((row) => row.state !== 'paid')
  return unpaid ? unpaid.month : monthOfNumber(monthNumber(rows.at(-1)!.month) + 1)
}

/**
 * Makes the plan of `count` months offered to her in a room (a plan starts at her
 * earliest unpaid month, overdue first, and only when that many months in a row are unpaid):
 * while the server refuses to quote it, she pays her earliest unpaid month. Returns the plan's
 * months.
 */
export async function offerPlan(
  request: APIRequestContext,
  roomId: number,
  count: 3 | 12
): Promise<string[]> {
  for (let paid = 0; paid <= 13; paid++) {
    const first = monthNumber(await earliestUnpaid(request, roomId))
    const months = Array.from({ length: count }, (_, at) => monthOfNumber(first + at))
    const quote = await request.get(
      `/api/payments/quote?roomId=${roomId}&monthsCovered=${months.join(',')}`
    )
    if (quote.ok()) return months
    expect(quote.status(), await quote.text()).toBe(422)
    await payThroughApi(request, roomId, { monthCovered: monthOfNumber(first) })
  }
  throw new Error(`no plan of ${count} months can be offered in room ${roomId}`)
}
