/*
 * A local stand-in for Moyasar's card-payment API (development and tests only): create,
 * 3-D Secure, fetch, list, refund and webhooks, with Moyasar's JSON and error shapes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import {
  HttpError,
  applyCors,
  basicUser,
  httpOrigin,
  notFound,
  readForm,
  readJson,
  sendError,
  sendHtml,
  sendJson,
  unauthorized,
} from './http.ts'
import { challengePage, messagePage } from './pages.ts'
import { type Payment, PaymentStore } from './payments.ts'
import { validateCreate } from './validation.ts'
import { type WebhookTarget, WebhookDispatcher } from './webhooks.ts'

export type FaultMode = 'none' | '503' | 'hang'
export const FAULT_MODES: readonly FaultMode[] = ['none', '503', 'hang']

export type SandboxOptions = {
  port?: number
  host?: string
  publishableKey?: string
  secretKey?: string
  allowedOrigins?: string[]
  /** Targets that get every event, whatever the payment's callback_url. */
  webhooks?: WebhookTarget[]
  webhookRetryBaseMs?: number
  webhookMaxAttempts?: number
  /** How long after the event its first delivery is tried (Moyasar's come a little later). */
  webhookDelayMs?: number
  fault?: FaultMode
  /** Called once per answered request (never with bodies, so never with card data). */
  log?: (method: string, path: string, status: number) => void
}

export type Sandbox = {
  url: string
  port: number
  close(): Promise<void>
  /** An outage: the port stops answering and no webhook is sent; payments are kept. */
  halt(): Promise<void>
  /** Back from `halt`: the same port answers, and the webhooks held meanwhile are sent. */
  resume(): Promise<void>
  setFault(mode: FaultMode): void
  reset(): void
  registerWebhook(url: string, secretToken: string): void
  allowOrigin(origin: string): void
}

const PAGE_SIZE = 40

type Key = 'publishable' | 'secret'

export function isFaultMode(value: unknown): value is FaultMode {
  return FAULT_MODES.includes(value as FaultMode)
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1'
  const publishableKey = options.publishableKey ?? 'pk_test_sandbox'
  const secretKey = options.secretKey ?? 'sk_test_sandbox'
  const payments = new PaymentStore()
  const webhooks = new WebhookDispatcher(
    options.webhooks ?? [],
    options.webhookRetryBaseMs ?? 500,
    options.webhookMaxAttempts ?? 8,
    options.webhookDelayMs ?? 0
  )
  const allowed = new Set(options.allowedOrigins ?? [])
  for (const target of options.webhooks ?? []) {
    const origin = httpOrigin(target.url)
    if (origin) allowed.add(origin)
  }
  let fault: FaultMode = options.fault ?? 'none'
  let url = ''

  const keyKind = (key: string | null): Key | null =>
    key === publishableKey ? 'publishable' : key === secretKey ? 'secret' : null

  /** The key a request authenticates with, or a 401 (live keys are never accepted). */
  function authenticate(key: string | null | undefined): Key {
    if (!key) throw unauthorized('No API key provided')
    if (key.startsWith('pk_live_') || key.startsWith('sk_live_'))
      throw unauthorized('Live API keys are not accepted by the sandbox')
    const kind = keyKind(key)
    if (kind === null) throw unauthorized('Invalid authorization credentials')
    return kind
  }

  function requireSecret(request: IncomingMessage): void {
    if (authenticate(basicUser(request)) !== 'secret')
      throw unauthorized('This operation requires the secret API key')
  }

  function findPayment(id: string): Payment {
    const payment = payments.get(id)
    if (!payment) throw notFound()
    return payment
  }

  function registerWebhook(webhookUrl: string, secretToken: string): void {
    const origin = httpOrigin(webhookUrl)
    if (!origin) throw new Error(`not an http(s) URL: ${webhookUrl}`)
    webhooks.register(webhookUrl, secretToken)
    allowed.add(origin)
  }

  async function createPayment(request: IncomingMessage, response: ServerResponse) {
    const body = await readJson(request)
    const bodyKey = body.publishable_api_key
    if (bodyKey !== undefined) {
      if (typeof bodyKey !== 'string' || authenticate(bodyKey) !== 'publishable')
        throw unauthorized('Invalid publishable API key')
    } else authenticate(basicUser(request))
    const { input, errors } = validateCreate(body)
    if (errors) throw new HttpError(400, 'invalid_request_error', 'Validation Failed', errors)
    const payment = payments.create(input, request.socket.remoteAddress ?? null, url)
    sendJson(response, 201, payment)
  }

  function listPayments(
    request: IncomingMessage,
    response: ServerResponse,
    query: URLSearchParams
  ) {
    requireSecret(request)
    const pageParam = query.get('page') ?? '1'
    if (!/^[1-9]\d{0,6}$/.test(pageParam))
      throw new HttpError(400, 'invalid_request_error', 'Validation Failed', {
        page: ['must be a positive integer'],
      })
    const page = Number(pageParam)
    const all = payments.list()
    const totalPages = Math.ceil(all.length / PAGE_SIZE)
    sendJson(response, 200, {
      payments: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      meta: {
        current_page: page,
        next_page: page < totalPages ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
        total_pages: totalPages,
        total_count: all.length,
      },
    })
  }

  async function refundPayment(request: IncomingMessage, response: ServerResponse, id: string) {
    requireSecret(request)
    const payment = findPayment(id)
    const body = await readJson(request)
    /* Partial refunds add up (Moyasar calls the payment `refunded` after the first). */
    const before = payment.refunded ?? 0
    const left = payment.amount - before
    const refundable =
      payment.status === 'paid' ||
      payment.status === 'captured' ||
      (payment.status === 'refunded' && left > 0)
    if (!refundable)
      throw new HttpError(
        400,
        'invalid_request_error',
        `A payment in status ${payment.status} cannot be refunded`
      )
    const amount = body.amount ?? left
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > left)
      throw new HttpError(400, 'invalid_request_error', 'Validation Failed', {
        amount: [`must be an integer between 1 and ${left}`],
      })
    payments.refund(payment, amount)
    webhooks.dispatch('payment_refunded', payment)
    sendJson(response, 200, payment)
  }

  async function threeDSecure(request: IncomingMessage, response: ServerResponse, id: string) {
    const payment = payments.get(id)
    if (!payment)
      return sendHtml(response, 404, messagePage('Payment not found', 'There is no such payment.'))
    if (request.method === 'GET') return sendHtml(response, 200, challengePage(payment))
    const action = (await readForm(request)).get('action')
    if (payment.status !== 'initiated')
      return sendHtml(
        response,
        409,
        messagePage('Already completed', `This payment is ${payment.status}; 3-D Secure is over.`)
      )
    if (action !== 'authenticate' && action !== 'fail')
      return sendHtml(response, 400, messagePage('Unknown action', 'Choose Authenticate or Fail.'))
    const done = payments.complete(payment, action === 'authenticate')
    const callback = new URL(done.callback_url)
    callback.searchParams.set('id', done.id)
    callback.searchParams.set('status', done.status)
    callback.searchParams.set('message', done.source.message ?? '')
    /* Spaces as %20, not +: the callback page may read the query with decodeURIComponent. */
    callback.search = callback.searchParams.toString().replaceAll('+', '%20')
    response.writeHead(302, { Location: callback.href, 'Content-Length': 0 })
    response.end()
    webhooks.dispatch(done.status === 'paid' ? 'payment_paid' : 'payment_failed', done)
  }

  async function admin(request: IncomingMessage, response: ServerResponse, action: string) {
    const route = `${request.method} ${action}`
    if (route === 'GET health' || route === 'HEAD health')
      return sendJson(response, 200, { status: 'ok' })
    if (route === 'POST reset') {
      payments.reset()
      return sendJson(response, 200, { status: 'ok' })
    }
    if (route === 'POST fault') {
      const { mode } = await readJson(request)
      if (!isFaultMode(mode))
        throw new HttpError(400, 'invalid_request_error', 'Validation Failed', {
          mode: [`must be one of ${FAULT_MODES.join(', ')}`],
        })
      fault = mode
      return sendJson(response, 200, { mode })
    }
    if (route === 'POST webhooks') {
      const { url: webhookUrl, secretToken } = await readJson(request)
      const errors: Record<string, string[]> = {}
      if (typeof webhookUrl !== 'string' || !httpOrigin(webhookUrl))
        errors.url = ['must be an http or https URL']
      if (typeof secretToken !== 'string' || secretToken === '')
        errors.secretToken = ["can't be blank"]
      if (Object.keys(errors).length > 0)
        throw new HttpError(400, 'invalid_request_error', 'Validation Failed', errors)
      registerWebhook(webhookUrl as string, secretToken as string)
      return sendJson(response, 201, { url: webhookUrl })
    }
    throw notFound()
  }

  /** Moyasar's REST routes under /v1 (subject to the fault switch). */
  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams
  ) {
    if (fault === 'hang') return
    if (fault === '503') throw new HttpError(503, 'api_error', 'Service Unavailable')
    const [, , resource, id, action, ...rest] = path.split('/')
    if (resource !== 'payments' || rest.length > 0) throw notFound()
    const route = `${request.method} ${id === undefined ? '' : ':id'}${action === undefined ? '' : `/${action}`}`
    if (route === 'POST ') return createPayment(request, response)
    if (route === 'GET ') return listPayments(request, response, query)
    if (route === 'GET :id') {
      requireSecret(request)
      return sendJson(response, 200, findPayment(id ?? ''))
    }
    if (route === 'POST :id/refund') return refundPayment(request, response, id ?? '')
    throw notFound()
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    applyCors(request, response, allowed)
    if (options.log) {
      const log = options.log
      const method = request.method ?? ''
      const path = (request.url ?? '').split('?')[0] ?? ''
      response.on('finish', () => log(method, path, response.statusCode))
    }
    const parsed = new URL(request.url ?? '/', 'http://sandbox')
    const path = parsed.pathname.replace(/\/+$/, '') || '/'
    try {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'Content-Length': 0 })
        return response.end()
      }
      if (path.startsWith('/__sandbox/')) return await admin(request, response, path.slice(11))
      if (path === '/v1' || path.startsWith('/v1/'))
        return await api(request, response, path, parsed.searchParams)
      const threeDs = path.match(/^\/3ds\/([^/]+)$/)
      if (threeDs?.[1] && (request.method === 'GET' || request.method === 'POST'))
        return await threeDSecure(request, response, threeDs[1])
      throw notFound()
    } catch (error) {
      if (response.headersSent) return response.destroy()
      if (error instanceof HttpError) return sendError(response, error)
      console.error('sandbox: unexpected error', error instanceof Error ? error.message : error)
      sendError(response, new HttpError(500, 'api_error', 'Internal error of the sandbox'))
    }
  }

  const server = createServer((request, response) => void handle(request, response))
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(on, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(options.port ?? 4010)
  const port = (server.address() as AddressInfo).port
  /** Stops webhooks and the server, destroying hanging sockets; later calls share the first. */
  let closing: Promise<void> | undefined
  const close = () =>
    new Promise<void>((resolve, reject) => {
      webhooks.close()
      server.close((error) => (error ? reject(error) : resolve()))
      server.closeAllConnections()
    })
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  return {
    url,
    port,
    close: () => (closing ??= close()),
    halt: () =>
      new Promise<void>((resolve) => {
        webhooks.hold()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
    resume: async () => {
      if (!server.listening) await listen(port)
      webhooks.release()
    },
    setFault: (mode) => {
      if (!isFaultMode(mode)) throw new Error(`unknown fault mode: ${String(mode)}`)
      fault = mode
    },
    reset: () => payments.reset(),
    registerWebhook,
    allowOrigin: (origin) => {
      allowed.add(origin)
    },
  }
}
