/* CORS on every answer (exact origins only), the admin routes and the 503 / hang switch. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PAGE_ORIGIN, basic, createPayment, paymentBody, postJson, sandboxFor } from './helpers.ts'

const withOrigin = (origin: string) => ({ Origin: origin })

test('an allowed origin gets the allow header on success, errors and the 3-D Secure page', async (t) => {
  const sandbox = await sandboxFor(t, { allowedOrigins: [PAGE_ORIGIN] })
  const created = await postJson(
    `${sandbox.url}/v1/payments`,
    paymentBody(),
    withOrigin(PAGE_ORIGIN)
  )
  const invalid = await postJson(
    `${sandbox.url}/v1/payments`,
    paymentBody(undefined, { amount: 99 }),
    withOrigin(PAGE_ORIGIN)
  )
  const unauthorized = await fetch(`${sandbox.url}/v1/payments`, {
    headers: withOrigin(PAGE_ORIGIN),
  })
  const missing = await fetch(`${sandbox.url}/v1/payments/nope`, {
    headers: { ...withOrigin(PAGE_ORIGIN), Authorization: basic('sk_test_sandbox') },
  })
  const payment = (await created.json()) as { id: string }
  const page = await fetch(`${sandbox.url}/3ds/${payment.id}`, { headers: withOrigin(PAGE_ORIGIN) })
  for (const [response, status] of [
    [created, 201],
    [invalid, 400],
    [unauthorized, 401],
    [missing, 404],
    [page, 200],
  ] as const) {
    assert.equal(response.status, status)
    assert.equal(response.headers.get('access-control-allow-origin'), PAGE_ORIGIN, String(status))
    assert.match(response.headers.get('vary') ?? '', /Origin/)
    if (!response.bodyUsed) await response.body?.cancel()
  }
})

test('the preflight answers 204 with the methods, headers and max-age the form needs', async (t) => {
  const sandbox = await sandboxFor(t, { allowedOrigins: [PAGE_ORIGIN] })
  const response = await fetch(`${sandbox.url}/v1/payments`, {
    method: 'OPTIONS',
    headers: {
      Origin: PAGE_ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-moyasar-form-version',
    },
  })
  assert.equal(response.status, 204)
  assert.equal(response.headers.get('access-control-allow-origin'), PAGE_ORIGIN)
  assert.equal(response.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS')
  assert.equal(
    response.headers.get('access-control-allow-headers'),
    'Content-Type, Authorization, X-Moyasar-Form-Version'
  )
  assert.ok(Number(response.headers.get('access-control-max-age')) > 0)
  assert.match(response.headers.get('vary') ?? '', /Origin/)
})

test('an origin outside the set gets no allow header (127.0.0.1 is not localhost)', async (t) => {
  const sandbox = await sandboxFor(t, { allowedOrigins: [PAGE_ORIGIN] })
  for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5174', 'https://evil.example']) {
    const preflight = await fetch(`${sandbox.url}/v1/payments`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    })
    assert.equal(preflight.headers.get('access-control-allow-origin'), null, origin)
    const created = await postJson(`${sandbox.url}/v1/payments`, paymentBody(), withOrigin(origin))
    assert.equal(created.status, 201)
    assert.equal(created.headers.get('access-control-allow-origin'), null, origin)
    assert.match(created.headers.get('vary') ?? '', /Origin/)
    await created.body?.cancel()
  }
})

test('allowOrigin and webhook registration add origins', async (t) => {
  const sandbox = await sandboxFor(t)
  const allowed = async (origin: string) =>
    (await fetch(`${sandbox.url}/__sandbox/health`, { headers: withOrigin(origin) })).headers.get(
      'access-control-allow-origin'
    )
  assert.equal(await allowed(PAGE_ORIGIN), null)
  sandbox.allowOrigin(PAGE_ORIGIN)
  assert.equal(await allowed(PAGE_ORIGIN), PAGE_ORIGIN)
  sandbox.registerWebhook('http://127.0.0.1:4501/api/payments/webhook', 'whsec_a')
  assert.equal(await allowed('http://127.0.0.1:4501'), 'http://127.0.0.1:4501')
  await postJson(`${sandbox.url}/__sandbox/webhooks`, {
    url: 'http://127.0.0.1:4502/api/payments/webhook',
    secretToken: 'whsec_b',
  }).then((response) => response.body?.cancel())
  assert.equal(await allowed('http://127.0.0.1:4502'), 'http://127.0.0.1:4502')
})

test('health answers ok (also to HEAD)', async (t) => {
  const sandbox = await sandboxFor(t)
  const response = await fetch(`${sandbox.url}/__sandbox/health`)
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), { status: 'ok' })
  const head = await fetch(`${sandbox.url}/__sandbox/health`, { method: 'HEAD' })
  assert.equal(head.status, 200)
})

test('fault 503 answers every /v1 route with api_error, and none restores', async (t) => {
  const sandbox = await sandboxFor(t, { allowedOrigins: [PAGE_ORIGIN] })
  const payment = await createPayment(sandbox)
  const switched = await postJson(`${sandbox.url}/__sandbox/fault`, { mode: '503' })
  assert.equal(switched.status, 200)
  await switched.body?.cancel()
  const secret = { Authorization: basic('sk_test_sandbox'), Origin: PAGE_ORIGIN }
  const answers = [
    await postJson(`${sandbox.url}/v1/payments`, paymentBody(), { Origin: PAGE_ORIGIN }),
    await fetch(`${sandbox.url}/v1/payments/${payment.id}`, { headers: secret }),
    await fetch(`${sandbox.url}/v1/payments`, { headers: secret }),
    await postJson(`${sandbox.url}/v1/payments/${payment.id}/refund`, {}, secret),
  ]
  for (const response of answers) {
    assert.equal(response.status, 503)
    assert.equal(response.headers.get('access-control-allow-origin'), PAGE_ORIGIN)
    const json = (await response.json()) as { type: string; message: string }
    assert.equal(json.type, 'api_error')
    assert.equal(json.message, 'Service Unavailable')
  }
  const health = await fetch(`${sandbox.url}/__sandbox/health`)
  assert.equal(health.status, 200, 'the admin routes still answer')
  await health.body?.cancel()

  sandbox.setFault('none')
  const back = await fetch(`${sandbox.url}/v1/payments/${payment.id}`, { headers: secret })
  assert.equal(back.status, 200)
  await back.body?.cancel()
})

test('fault hang never answers /v1, and close() still ends the hanging requests', async (t) => {
  const sandbox = await sandboxFor(t, { fault: 'hang' })
  await assert.rejects(
    fetch(`${sandbox.url}/v1/payments/anything`, {
      headers: { Authorization: basic('sk_test_sandbox') },
      signal: AbortSignal.timeout(300),
    }),
    (error: Error) => error.name === 'TimeoutError'
  )
  const pending = fetch(`${sandbox.url}/v1/payments`, {
    headers: { Authorization: basic('sk_test_sandbox') },
  })
  const health = await fetch(`${sandbox.url}/__sandbox/health`)
  assert.equal(health.status, 200)
  await health.body?.cancel()
  const started = Date.now()
  await sandbox.close()
  assert.ok(Date.now() - started < 2000, 'close does not wait for hanging sockets')
  await assert.rejects(pending)
})

test('the fault switch refuses an unknown mode', async (t) => {
  const sandbox = await sandboxFor(t)
  const response = await postJson(`${sandbox.url}/__sandbox/fault`, { mode: 'slow' })
  assert.equal(response.status, 400)
  assert.equal(((await response.json()) as { type: string }).type, 'invalid_request_error')
  assert.throws(() => sandbox.setFault('slow' as 'none'))
})
