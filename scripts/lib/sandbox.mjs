/*
 * The Moyasar payment sandbox (`sandbox/`, development and tests only): started for
 * `npm start` at 127.0.0.1:4010 (`npm test` at its own, SAKAN_SANDBOX_URL: test_env.mjs) with
 * the keys pk_test_sandbox / sk_test_sandbox. A sandbox already answering there is reused.
 * Each product registers its own webhook; the sandbox sends a payment's events to the webhook
 * of the origin the payment returns to.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { answersOk, root, startOrReuse } from './steps.mjs'

export const SANDBOX_URL = process.env.SAKAN_SANDBOX_URL || 'http://127.0.0.1:4010'

/** What the API is given to talk to the sandbox (unless the caller's environment says otherwise). */
export const SANDBOX_API_ENV = {
  MOYASAR_BASE_URL: SANDBOX_URL,
  MOYASAR_PUBLISHABLE_KEY: 'pk_test_sandbox',
  MOYASAR_SECRET_KEY: 'sk_test_sandbox',
  /* A fixed development token: the sandbox's webhooks carry it, the API checks it. */
  MOYASAR_WEBHOOK_SECRET: 'whsec_sandbox_sakan',
}

/** Whether a payment sandbox answers at `SANDBOX_URL`. */
export const sandboxAnswers = () => answersOk(`${SANDBOX_URL}/__sandbox/health`)

/** Starts the sandbox unless one answers; resolves with a stop function once it answers. */
export function startPaymentSandbox() {
  const { port, hostname } = new URL(SANDBOX_URL)
  const server = () =>
    spawn(process.execPath, [join(root, 'sandbox', 'src', 'server.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_PORT: port, SANDBOX_HOST: hostname },
    })
  const timing = { timeoutMs: 20_000, pollMs: 200, signal: 'SIGTERM' }
  return startOrReuse(
    { name: 'payment sandbox', where: SANDBOX_URL },
    sandboxAnswers,
    server,
    timing
  )
}

/**
 * Registers a product's webhook with the sandbox (again with the same URL replaces the
 * token); the sandbox also allows that origin for CORS, so the product's payment page works.
 */
export async function registerSandboxWebhook(url, secretToken) {
  const response = await fetch(`${SANDBOX_URL}/__sandbox/webhooks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, secretToken }),
  })
  if (!response.ok)
    throw new Error(`the payment sandbox refused the webhook ${url}: ${await response.text()}`)
}
