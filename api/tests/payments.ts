/*
 * Card payments in tests: one Moyasar sandbox per run (started by bootstrap.ts on a free
 * port), and helpers that pay through it over HTTP the way the account app does: the quote
 * first, then the card form with the quote's signed claim in its metadata.
 */
import { CookieClient } from '@adonisjs/core/http'
import { Encryption } from '@adonisjs/core/encryption'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { parseClaim, toHalalas } from '@sakan/common'
import type { Assert } from '@japa/assert'
import env from '#start/env'
import AuditEvent from '#models/audit_event'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { claimExpiry, signClaim } from '#services/payment_claims'
import { SESSION_COOKIE } from '#config/session'
import { openStoredSession } from '#tests/helpers'
import { Browser } from '#tests/http'
import { startSandbox, type Sandbox } from '../../sandbox/src/sandbox.ts'

export const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox'
export const SANDBOX_SECRET_KEY = 'sk_test_sandbox'
export const TEST_WEBHOOK_SECRET = 'whsec_test_payments'

export const CARDS = {
  paid: '4111111111111111',
  declined: '4201321234411220',
  insufficientFunds: '4201320000311101',
} as const

/** A callback origin with no webhook registered: its payments send no events. */
export const QUIET_CALLBACK = 'http://127.0.0.1:9/payment/callback'

let running: Sandbox | null = null

/** The suite's sandbox. */
export function sandbox(): Sandbox {
  if (!running) throw new Error('the payment sandbox is not running (tests/bootstrap.ts)')
  return running
}

/** Starts the sandbox and points the API's gateway at it (the gateway reads these per call). */
export async function startPaymentSandbox() {
  running = await startSandbox({ port: 0, webhookRetryBaseMs: 50, webhookMaxAttempts: 3 })
  env.set('MOYASAR_BASE_URL', running.url)
  env.set('MOYASAR_SECRET_KEY', SANDBOX_SECRET_KEY)
  env.set('MOYASAR_WEBHOOK_SECRET', TEST_WEBHOOK_SECRET)
}

export async function stopPaymentSandbox() {
  await running?.close()
  running = null
}

/** Calls the sandbox's Moyasar API. */
async function moyasar(method: string, path: string, body?: unknown, secret = false) {
  const response = await fetch(`${sandbox().url}/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(secret
        ? { authorization: `Basic ${Buffer.from(`${SANDBOX_SECRET_KEY}:`).toString('base64')}` }
        : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, any>
  if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${json.message}`)
  return json
}

/** What a payment covers: rent months (one, or 3 or 12 in a row), or the stay's deposit. */
export type Cover = { months: readonly string[] } | { deposit: true }

/** The cover as the card form names it, in the quote's query and the payment's metadata. */
export function coverFields(cover: Cover): Record<string, string> {
  if ('deposit' in cover) return { kind: 'deposit' }
  return cover.months.length === 1
    ? { monthCovered: cover.months[0]! }
    : { monthsCovered: cover.months.join(',') }
}

/** Sends a request to the API as the user, with a genuine session (a signed session cookie). */
async function asUser(user: { id: number }, path: string, headers: Record<string, string> = {}) {
  const cookies = new CookieClient(await app.container.make(Encryption))
  const session = await openStoredSession(user as User)
  const response = await fetch(new Browser().origin + path, {
    headers: {
      ...headers,
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(cookies.sign(SESSION_COOKIE, session)!)}`,
    },
  })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** GET /api/payments/quote as the resident, as the account app asks it before the card form. */
export function askQuote(
  tenant: { id: number },
  roomId: number,
  cover: Cover,
  locale: 'en' | 'ar' = 'en'
) {
  const query = new URLSearchParams({ roomId: String(roomId), ...coverFields(cover) })
  return asUser(tenant, `/api/payments/quote?${query}`, { 'x-locale': locale })
}

/**
 * Pays for a cover by card as the account app does: asks the quote, then charges the quoted
 * amount with the form's metadata and the quote's signed claim. `amountHalalas` charges another
 * amount; `claim` carries another claim (null: none), charged at its amount unless said. When the quote is refused, the card is
 * charged without a claim (the room's rent unless said), as a hand-made payment would be.
 */
export async function payFor(
  tenant: { id: number },
  roomId: number,
  cover: Cover,
  options: {
    card?: string
    amountHalalas?: number
    claim?: string | null
    callbackUrl?: string
    fallbackHalalas?: number
  } = {}
): Promise<string> {
  let claim = options.claim
  let quoted: number | undefined
  if (claim === undefined) {
    const quote = await askQuote(tenant, roomId, cover)
    claim = quote.status === 200 ? (quote.body.claim as string) : null
    if (quote.status === 200) quoted = toHalalas(quote.body.amount)
  } else if (claim) {
    quoted = parseClaim(claim.slice(0, claim.lastIndexOf('.')))?.amount
  }
  const amountHalalas = options.amountHalalas ?? quoted ?? options.fallbackHalalas
  if (amountHalalas === undefined) throw new Error('payFor: the quote was refused; say the amount')
  return payWithCard({
    card: options.card,
    amountHalalas,
    callbackUrl: options.callbackUrl,
    metadata: {
      roomId,
      userId: tenant.id,
      ...coverFields(cover),
      ...(claim ? { claim } : {}),
    },
  })
}

/**
 * Pays the room's rent (or another amount) for a month by card, as the tenant, through the
 * sandbox, with the quote's claim. A month her stay has paid already is quoted no more: it is
 * paid with the claim a quote made before it was paid (a tab left open), so that the second
 * payment of a month can be tried. Without a stay, no claim.
 */
export async function payRent(
  tenant: { id: number },
  room: { id: number; priceHalalas: number },
  month: string,
  options: { card?: string; amountHalalas?: number } = {}
) {
  const cover = { months: [month] }
  const quote = await askQuote(tenant, room.id, cover)
  let claim: string | null = quote.status === 200 ? quote.body.claim : null
  if (quote.status === 422) {
    const stay = await Tenancy.query()
      .where('user_id', tenant.id)
      .where('room_id', room.id)
      .orderBy('id', 'desc')
      .first()
    claim =
      stay &&
      signClaim({
        tenancyId: stay.id,
        userId: tenant.id,
        roomId: room.id,
        kind: 'rent',
        months: [month],
        amount: stay.monthlyRentHalalas,
        expires: claimExpiry(),
      })
  }
  return payFor(tenant, room.id, cover, {
    ...options,
    claim,
    amountHalalas: options.amountHalalas ?? (quote.status === 200 ? undefined : room.priceHalalas),
  })
}

/**
 * Pays as the browser does: creates the payment with the publishable key, then answers the
 * 3-D Secure page (Authenticate, or Fail). Answers the gateway's payment id.
 */
export async function payWithCard(options: {
  card?: string
  amountHalalas: number
  metadata?: Record<string, string | number>
  callbackUrl?: string
  authenticate?: boolean
}): Promise<string> {
  const created = await moyasar('POST', '/payments', {
    amount: options.amountHalalas,
    currency: 'SAR',
    description: 'Rent',
    publishable_api_key: SANDBOX_PUBLISHABLE_KEY,
    callback_url: options.callbackUrl ?? QUIET_CALLBACK,
    source: {
      type: 'creditcard',
      name: 'Noura Alqahtani',
      number: options.card ?? CARDS.paid,
      month: '12',
      year: String(new Date().getUTCFullYear() + 2),
      cvc: '123',
    },
    metadata: options.metadata,
  })
  const step = await fetch(`${sandbox().url}/3ds/${created.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: options.authenticate === false ? 'fail' : 'authenticate' }),
    redirect: 'manual',
  })
  await step.body?.cancel()
  if (step.status !== 302) throw new Error(`sandbox 3-D Secure answered ${step.status}`)
  return created.id as string
}

/** The payment as the gateway has it (secret key). */
export function gatewayPayment(id: string) {
  return moyasar('GET', `/payments/${id}`, undefined, true)
}

/** Asserts that the gateway payment was never recorded and has been refunded. */
export async function assertRefundedUnrecorded(assert: Assert, id: string) {
  assert.isNull(await Payment.findBy('gatewayPaymentId', id))
  assert.equal((await gatewayPayment(id)).status, 'refunded')
}

/** The latest refusal of a card payment in the audit log (`payment.refused`). */
export function latestRefusal() {
  return AuditEvent.query().where('action', 'payment.refused').orderBy('id', 'desc').firstOrFail()
}

/** The webhook event Moyasar would send about this payment, as it is now. */
export async function webhookEvent(id: string, secretToken: string | undefined) {
  const data = await gatewayPayment(id)
  return {
    id: `evt-${id}`,
    type: data.status === 'paid' ? 'payment_paid' : `payment_${data.status}`,
    created_at: new Date().toISOString(),
    ...(secretToken === undefined ? {} : { secret_token: secretToken }),
    account_name: 'Sakan Sandbox',
    live: false,
    data,
  }
}

/**
 * A completed card payment of `halalas` for `months` of the stay, written straight to the
 * database (with its month rows) as if its webhook had come; charged at the sandbox first
 * unless `gatewayPaymentId` names the gateway's payment (one it may not know).
 */
export async function completedCardPayment(
  stay: Pick<Tenancy, 'userId' | 'roomId' | 'applicationId'>,
  months: readonly string[],
  halalas: number,
  gatewayPaymentId?: string
) {
  const payment = await Payment.create({
    userId: stay.userId,
    roomId: stay.roomId,
    applicationId: stay.applicationId,
    amountHalalas: halalas,
    currency: 'SAR',
    method: 'creditCard',
    kind: 'rent',
    monthCovered: months[0]!,
    gatewayPaymentId: gatewayPaymentId ?? (await payWithCard({ amountHalalas: halalas })),
    status: 'completed',
    statusReason: null,
    paymentDate: DateTime.now(),
  })
  for (const month of months) {
    await PaymentMonth.create({
      paymentId: payment.id,
      roomId: stay.roomId,
      applicationId: stay.applicationId,
      month,
      completed: true,
    })
  }
  return payment
}
