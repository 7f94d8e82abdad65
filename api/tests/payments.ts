/*
 * Card payments in tests: one Moyasar sandbox per run (started by bootstrap.ts on a free
 * port), and a helper that pays through it over HTTP the way the browser's form does.
 */
import env from '#start/env'
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

/** Pays the room's rent (or another amount) for a month by card, as the tenant, through the sandbox. */
export function payRent(
  tenant: { id: number },
  room: { id: number; priceHalalas: number },
  month: string,
  options: { card?: string; amountHalalas?: number } = {}
) {
  return payWithCard({
    card: options.card,
    amountHalalas: options.amountHalalas ?? room.priceHalalas,
    metadata: { roomId: room.id, monthCovered: month, userId: tenant.id },
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
