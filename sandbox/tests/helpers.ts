/* Shared pieces of the sandbox tests: real HTTP against a sandbox on a free port. */
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { type AddressInfo } from 'node:net'
import { type Sandbox, type SandboxOptions, startSandbox } from '../src/sandbox.ts'

export const PAGE_ORIGIN = 'http://127.0.0.1:5173'

/** A sandbox on a free port; closed after the test by `t.after`. */
export async function sandboxFor(
  t: { after: (fn: () => Promise<void>) => void },
  options: SandboxOptions = {}
): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, ...options })
  t.after(() => sandbox.close())
  return sandbox
}

/** An expiry a year from now, as the form sends it ("MM", "YY"). */
export function futureExpiry(): { month: string; year: string } {
  const now = new Date()
  return {
    month: String(now.getUTCMonth() + 1).padStart(2, '0'),
    year: String((now.getUTCFullYear() + 1) % 100).padStart(2, '0'),
  }
}

/** What Moyasar's form posts, with the given card number. */
export function paymentBody(number = '4111111111111111', overrides: Record<string, unknown> = {}) {
  return {
    amount: 250000,
    currency: 'SAR',
    description: 'Room 101, Olaya building, 2026-12',
    publishable_api_key: 'pk_test_sandbox',
    callback_url: `${PAGE_ORIGIN}/payment/callback`,
    source: { type: 'creditcard', name: 'Nora Saad', number, ...futureExpiry(), cvc: '123' },
    metadata: { roomId: '7', monthCovered: '2026-12', userId: '3' },
    ...overrides,
  }
}

export function basic(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** Creates a payment with the form's body; answers the created payment. */
export async function createPayment(sandbox: Sandbox, body: unknown = paymentBody()) {
  const response = await postJson(`${sandbox.url}/v1/payments`, body)
  if (response.status !== 201) throw new Error(`create answered ${response.status}`)
  return (await response.json()) as Record<string, unknown> & {
    id: string
    status: string
    source: Record<string, unknown>
  }
}

/** Presses a 3-D Secure button; answers the raw response (302 not followed). */
export async function press(sandbox: Sandbox, id: string, action: string) {
  return fetch(`${sandbox.url}/3ds/${id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  })
}

/** Fetches a payment with the secret key. */
export async function fetchPayment(sandbox: Sandbox, id: string) {
  const response = await fetch(`${sandbox.url}/v1/payments/${id}`, {
    headers: { Authorization: basic('sk_test_sandbox') },
  })
  return (await response.json()) as Record<string, unknown> & { source: Record<string, unknown> }
}

export type Delivery = { body: Record<string, unknown>; headers: IncomingHttpHeaders }

/**
 * A local webhook receiver answering the given statuses in turn (the last one repeats);
 * `next()` resolves with the next delivery it receives.
 */
export async function webhookReceiver(
  t: { after: (fn: () => Promise<void>) => void },
  statuses: number[] = [200]
) {
  const deliveries: Delivery[] = []
  const waiting: ((delivery: Delivery) => void)[] = []
  let answered = 0
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const delivery = { body: JSON.parse(text) as Record<string, unknown>, headers: request.headers }
    deliveries.push(delivery)
    response.writeHead(statuses[Math.min(answered++, statuses.length - 1)] ?? 200)
    response.end()
    waiting.shift()?.(delivery)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.after(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let seen = 0
  return {
    origin,
    url: `${origin}/api/payments/webhook`,
    deliveries,
    /** The next delivery not yet returned by `next` (waits up to 3 s). */
    next: () =>
      new Promise<Delivery>((resolve, reject) => {
        const ready = deliveries[seen]
        if (ready) {
          seen++
          return resolve(ready)
        }
        const timer = setTimeout(() => reject(new Error('no webhook delivery within 3 s')), 3000)
        waiting.push((delivery) => {
          clearTimeout(timer)
          seen++
          resolve(delivery)
        })
      }),
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
