/*
 * The sandbox as a process (`npm start -w sandbox`), configured by the environment:
 * SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1), SANDBOX_ALLOWED_ORIGINS (comma list),
 * SANDBOX_WEBHOOK_URL + SANDBOX_WEBHOOK_SECRET (gets every event), SANDBOX_FAULT
 * (none | 503 | hang). Logs one line per request: method, path, status (never bodies).
 */
import { type FaultMode, isFaultMode, startSandbox } from './sandbox.ts'

const env = process.env
const port = Number(env.SANDBOX_PORT ?? 4010)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`sandbox: SANDBOX_PORT is not a port: ${env.SANDBOX_PORT}`)
  process.exit(1)
}
const fault = env.SANDBOX_FAULT || 'none'
if (!isFaultMode(fault)) {
  console.error(`sandbox: SANDBOX_FAULT must be none, 503 or hang, not ${fault}`)
  process.exit(1)
}
if (Boolean(env.SANDBOX_WEBHOOK_URL) !== Boolean(env.SANDBOX_WEBHOOK_SECRET)) {
  console.error('sandbox: set both SANDBOX_WEBHOOK_URL and SANDBOX_WEBHOOK_SECRET, or neither')
  process.exit(1)
}

const sandbox = await startSandbox({
  port,
  host: env.SANDBOX_HOST || '127.0.0.1',
  allowedOrigins: (env.SANDBOX_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  webhooks:
    env.SANDBOX_WEBHOOK_URL && env.SANDBOX_WEBHOOK_SECRET
      ? [{ url: env.SANDBOX_WEBHOOK_URL, secretToken: env.SANDBOX_WEBHOOK_SECRET }]
      : [],
  fault: fault as FaultMode,
  log: (method, path, status) => console.log(`sandbox: ${method} ${path} ${status}`),
})
console.log(
  `sandbox: Moyasar sandbox listening at ${sandbox.url} (keys pk_test_sandbox / sk_test_sandbox)`
)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0))
  })
