/*
 * `npm test` runs the services its suites talk to (the Auth emulator, the payment sandbox, the
 * mail catcher) at addresses of its own (scripts/lib/test_env.mjs), never at those `npm start`
 * keeps running, and keeps an address its caller sets.
 *
 *   node --test scripts/tests/test-env.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const lib = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib')
const VARIABLES = [
  'FIREBASE_AUTH_EMULATOR_HOST',
  'SAKAN_SANDBOX_URL',
  'SAKAN_MAIL_SMTP',
  'SAKAN_MAIL_CATCHER_URL',
]

/** The addresses the scripts' modules use, in a process of their own with `env` (after `test_env.mjs` when `asTest`). */
function addresses(asTest, env = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !VARIABLES.includes(name))
  )
  const script = `
    ${asTest ? `await import(${JSON.stringify(join(lib, 'test_env.mjs'))})` : ''}
    const { EMULATOR_HOST } = await import(${JSON.stringify(join(lib, 'emulator.mjs'))})
    const { SANDBOX_URL } = await import(${JSON.stringify(join(lib, 'sandbox.mjs'))})
    const { MAIL_SMTP, MAIL_CATCHER_URL } = await import(${JSON.stringify(join(lib, 'mail_catcher.mjs'))})
    console.log(JSON.stringify({
      emulator: EMULATOR_HOST,
      sandbox: new URL(SANDBOX_URL).host,
      smtp: MAIL_SMTP.host + ':' + MAIL_SMTP.port,
      catcher: new URL(MAIL_CATCHER_URL).host,
    }))`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...clean, ...env },
    encoding: 'utf8',
  })
  assert.equal(child.status, 0, child.stderr)
  return JSON.parse(child.stdout)
}

test("npm test's services have addresses of their own, none of npm start's", () => {
  const start = addresses(false)
  assert.deepEqual(start, {
    emulator: '127.0.0.1:9099',
    sandbox: '127.0.0.1:4010',
    smtp: '127.0.0.1:1025',
    catcher: '127.0.0.1:1080',
  })
  const mine = addresses(true)
  const taken = new Set(Object.values(start))
  for (const [service, address] of Object.entries(mine))
    assert.ok(!taken.has(address), `${service} at ${address}, an address npm start uses`)
  assert.equal(new Set(Object.values(mine)).size, 4, 'four services, four addresses')
})

test('an address the caller sets is kept', () => {
  const mine = addresses(true, {
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9399',
    SAKAN_SANDBOX_URL: 'http://127.0.0.1:4310',
    SAKAN_MAIL_SMTP: '127.0.0.1:1325',
    SAKAN_MAIL_CATCHER_URL: 'http://127.0.0.1:1380',
  })
  assert.deepEqual(mine, {
    emulator: '127.0.0.1:9399',
    sandbox: '127.0.0.1:4310',
    smtp: '127.0.0.1:1325',
    catcher: '127.0.0.1:1380',
  })
})
