/*
 * The card gateway (Moyasar): the ONE place that knows its URLs, authentication and JSON
 * shapes. Everything else sees a small normalised `GatewayPayment`. Production talks to
 * api.moyasar.com, development and tests to the local sandbox, through the same code.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { Exception } from '@adonisjs/core/exceptions'
import logger from '@adonisjs/core/services/logger'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { GATEWAY_URLS } from '#services/gateway_urls'
import { GATEWAY_ID } from '#validators/payment'

/** The local sandbox (`sandbox/`), the default outside production. */
const SANDBOX_BASE_URL = GATEWAY_URLS.sandbox
const DEFAULT_TIMEOUT_MS = 10_000
/** The webhook token development and tests share with the sandbox (production sets its own). */
const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_sakan'

export interface GatewayPayment {
  id: string
  /** The gateway's own status: `initiated`, `paid`, `failed`, `authorized`, `captured`, `refunded`, `voided`, … */
  status: string
  amountHalalas: number
  currency: string
  /** What the gateway gave back of it so far (halalas). */
  refundedHalalas: number
  /** The card step's message (e.g. "INSUFFICIENT FUNDS"), or null. */
  message: string | null
  /** ISO 8601. */
  createdAt: string
  /** What the payment form attached: Moyasar keeps values as strings. */
  metadata: Record<string, string>
}

/** The gateway could not be reached, timed out or failed (5xx): try again later. Answers 502. */
class GatewayUnavailable extends Exception {
  static status = 502
  static code = 'E_GATEWAY_UNAVAILABLE'
  constructor(cause?: unknown) {
    super('payments.gatewayUnavailable', { cause })
  }
}

/** The gateway knows no payment with this id. */
export class GatewayPaymentNotFound extends Exception {
  static status = 422
  static code = 'E_GATEWAY_PAYMENT_NOT_FOUND'
  constructor() {
    super('payments.unknownAtGateway')
  }
}

/** Moyasar's API origin: its own in production, the sandbox elsewhere, unless configured. */
export function gatewayBaseUrl(): string {
  return env
    .get('MOYASAR_BASE_URL', app.inProduction ? GATEWAY_URLS.production : SANDBOX_BASE_URL)
    .replace(/\/+$/, '')
}

/** Read on every call, so a test (or an operator's reload) can change them at run time. */
function settings() {
  return {
    baseUrl: gatewayBaseUrl(),
    secretKey: env.get('MOYASAR_SECRET_KEY', app.inProduction ? '' : 'sk_test_sandbox'),
    timeoutMs: Number(env.get('MOYASAR_TIMEOUT_MS', DEFAULT_TIMEOUT_MS)),
    webhookSecret: env.get(
      'MOYASAR_WEBHOOK_SECRET',
      app.inProduction ? '' : SANDBOX_WEBHOOK_SECRET
    ),
  }
}

/** Moyasar's payment object, the fields we read. */
interface MoyasarPayment {
  id: string
  status: string
  amount: number
  refunded?: number | null
  currency: string
  created_at: string
  metadata?: Record<string, unknown> | null
  source?: { message?: string | null } | null
}

function normalise(payment: MoyasarPayment): GatewayPayment {
  const metadata: Record<string, string> = {}
  for (const [key, value] of Object.entries(payment.metadata ?? {})) {
    if (value !== null && value !== undefined) metadata[key] = String(value)
  }
  const refunded = payment.refunded ?? (payment.status === 'refunded' ? payment.amount : 0)
  return {
    id: payment.id,
    /*
     * Moyasar calls a payment `refunded` after a partial refund too. Here it stays paid: the
     * rest of it still pays its months (the part given back is a stay's settlement).
     */
    status:
      payment.status === 'refunded' && refunded > 0 && refunded < payment.amount
        ? 'paid'
        : payment.status,
    amountHalalas: payment.amount,
    refundedHalalas: refunded,
    currency: payment.currency,
    message: payment.source?.message ?? null,
    createdAt: payment.created_at,
    metadata,
  }
}

/**
 * One authenticated call with the secret key (HTTP Basic, empty password). Logs name the
 * call and its outcome only: never a card field or a whole gateway payload.
 */
async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GatewayPayment> {
  const { baseUrl, secretKey, timeoutMs } = settings()
  let response: Response
  try {
    response = await fetch(`${baseUrl}/v1${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    logger.warn({ method, path, reason: (error as Error).name }, 'payment gateway unreachable')
    throw new GatewayUnavailable(error)
  }
  if (response.status === 404) {
    await response.body?.cancel()
    throw new GatewayPaymentNotFound()
  }
  if (!response.ok) {
    await response.body?.cancel()
    logger.warn({ method, path, status: response.status }, 'payment gateway refused a call')
    throw new GatewayUnavailable()
  }
  try {
    return normalise((await response.json()) as MoyasarPayment)
  } catch (error) {
    throw new GatewayUnavailable(error)
  }
}

function pathId(id: string): string {
  if (!GATEWAY_ID.test(id)) throw new GatewayPaymentNotFound()
  return encodeURIComponent(id)
}

/** The gateway's current word on one payment. */
export function fetchPayment(id: string): Promise<GatewayPayment> {
  return call('GET', `/payments/${pathId(id)}`)
}

/**
 * Gives the whole amount back, or `amountHalalas` of it (Moyasar's partial refund); answers
 * the payment as the gateway now has it. A refund the gateway refuses because another call
 * refunded as much first counts as done.
 */
export async function refund(
  id: string,
  reason: string,
  amountHalalas?: number,
  /** What was given back of it before this refund (a timed-out call is judged by the total). */
  refundedBefore = 0
): Promise<GatewayPayment> {
  logger.info({ gatewayPaymentId: id, reason, amountHalalas }, 'refunding a card payment')
  try {
    return await call(
      'POST',
      `/payments/${pathId(id)}/refund`,
      amountHalalas === undefined ? {} : { amount: amountHalalas }
    )
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error
    const now = await fetchPayment(id)
    const total = amountHalalas === undefined ? now.amountHalalas : refundedBefore + amountHalalas
    if (now.refundedHalalas > 0 && now.refundedHalalas >= total) return now
    throw error
  }
}

/** Compares two secrets in constant time (hashed first, so their lengths leak nothing either). */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !given || !expected) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * A webhook event `{id, type, secret_token, data: <payment>}`: whether its token is ours
 * (there is no signature; the token is the proof), and the payment it names. The payment's
 * state in the body is not read: it is fetched again.
 */
export function readWebhook(body: unknown): { authentic: boolean; paymentId: string | null } {
  const event = (typeof body === 'object' && body !== null ? body : {}) as {
    secret_token?: unknown
    data?: { id?: unknown } | null
  }
  const id = event.data?.id
  return {
    authentic: sameSecret(event.secret_token, settings().webhookSecret),
    paymentId: typeof id === 'string' && GATEWAY_ID.test(id) ? id : null,
  }
}
