/* Webhooks: routed by the callback's origin, carrying the secret token, retried until 2xx. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  basic,
  createPayment,
  paymentBody,
  postJson,
  press,
  sandboxFor,
  sleep,
  webhookReceiver,
} from './helpers.ts'

/** A form body whose payment returns to (and so belongs to) the product at this origin. */
const returningTo = (origin: string, card?: string) =>
  paymentBody(card, { callback_url: `${origin}/payment/callback` })

test('payment_paid reaches the webhook registered for the callback origin, with its token', async (t) => {
  const sandbox = await sandboxFor(t)
  const receiver = await webhookReceiver(t)
  sandbox.registerWebhook(receiver.url, 'whsec_one')
  const payment = await createPayment(sandbox, returningTo(receiver.origin))
  await press(sandbox, payment.id, 'authenticate')
  const { body, headers } = await receiver.next()
  assert.match(String(headers['content-type']), /^application\/json/)
  assert.match(String(body.id), /^[0-9a-f-]{36}$/)
  assert.equal(body.type, 'payment_paid')
  assert.equal(body.secret_token, 'whsec_one')
  assert.equal(body.account_name, 'Sakan Sandbox')
  assert.equal(body.live, false)
  assert.ok(!Number.isNaN(Date.parse(String(body.created_at))))
  const data = body.data as { id: string; status: string; source: { message: string } }
  assert.equal(data.id, payment.id)
  assert.equal(data.status, 'paid')
  assert.equal(data.source.message, 'APPROVED')
})

test('payment_failed and payment_refunded are sent too', async (t) => {
  const sandbox = await sandboxFor(t)
  const receiver = await webhookReceiver(t)
  sandbox.registerWebhook(receiver.url, 'whsec_one')
  const declined = await createPayment(sandbox, returningTo(receiver.origin, '4201321234411220'))
  await press(sandbox, declined.id, 'authenticate')
  const failed = await receiver.next()
  assert.equal(failed.body.type, 'payment_failed')
  assert.equal((failed.body.data as { source: { message: string } }).source.message, 'DECLINED')

  const paid = await createPayment(sandbox, returningTo(receiver.origin))
  await press(sandbox, paid.id, 'authenticate')
  assert.equal((await receiver.next()).body.type, 'payment_paid')
  const refund = await postJson(
    `${sandbox.url}/v1/payments/${paid.id}/refund`,
    {},
    {
      Authorization: basic('sk_test_sandbox'),
    }
  )
  assert.equal(refund.status, 200)
  const refunded = await receiver.next()
  assert.equal(refunded.body.type, 'payment_refunded')
  assert.equal((refunded.body.data as { status: string }).status, 'refunded')
})

test('each product gets only its own payments; the global webhook gets every one', async (t) => {
  const everything = await webhookReceiver(t)
  const sandbox = await sandboxFor(t, {
    webhooks: [{ url: everything.url, secretToken: 'whsec_all' }],
  })
  const first = await webhookReceiver(t)
  const second = await webhookReceiver(t)
  /* One through the function, one through the admin route. */
  sandbox.registerWebhook(first.url, 'whsec_first')
  const registered = await postJson(`${sandbox.url}/__sandbox/webhooks`, {
    url: second.url,
    secretToken: 'whsec_second',
  })
  assert.equal(registered.status, 201)
  await registered.body?.cancel()

  const payment = await createPayment(sandbox, returningTo(first.origin))
  await press(sandbox, payment.id, 'authenticate')
  const own = await first.next()
  const global = await everything.next()
  assert.equal(own.body.secret_token, 'whsec_first')
  assert.equal(global.body.secret_token, 'whsec_all')
  assert.equal((own.body.data as { id: string }).id, payment.id)
  assert.equal((global.body.data as { id: string }).id, payment.id)
  await sleep(100)
  assert.equal(second.deliveries.length, 0, 'the other product heard nothing')
  assert.equal(first.deliveries.length, 1)
})

test('registering the same URL again replaces its token', async (t) => {
  const sandbox = await sandboxFor(t)
  const receiver = await webhookReceiver(t)
  sandbox.registerWebhook(receiver.url, 'whsec_old')
  sandbox.registerWebhook(receiver.url, 'whsec_new')
  const payment = await createPayment(sandbox, returningTo(receiver.origin))
  await press(sandbox, payment.id, 'fail')
  assert.equal((await receiver.next()).body.secret_token, 'whsec_new')
  await sleep(100)
  assert.equal(receiver.deliveries.length, 1)
})

test('a URL both global and registered is sent each event once, with the registered token', async (t) => {
  const receiver = await webhookReceiver(t)
  const sandbox = await sandboxFor(t, {
    webhooks: [{ url: receiver.url, secretToken: 'whsec_env' }],
  })
  sandbox.registerWebhook(receiver.url, 'whsec_registered')
  const own = await createPayment(sandbox, returningTo(receiver.origin))
  await press(sandbox, own.id, 'authenticate')
  assert.equal((await receiver.next()).body.secret_token, 'whsec_registered')
  const other = await createPayment(sandbox)
  await press(sandbox, other.id, 'authenticate')
  const global = await receiver.next()
  assert.equal(global.body.secret_token, 'whsec_env', 'still gets other products’ payments')
  assert.equal((global.body.data as { id: string }).id, other.id)
  await sleep(100)
  assert.equal(receiver.deliveries.length, 2)
})

test('a webhook answered 500 is retried with back-off until it answers 2xx', async (t) => {
  const receiver = await webhookReceiver(t, [500, 500, 200])
  const sandbox = await sandboxFor(t, {
    webhooks: [{ url: receiver.url, secretToken: 'whsec_all' }],
    webhookRetryBaseMs: 20,
  })
  const payment = await createPayment(sandbox)
  const started = Date.now()
  await press(sandbox, payment.id, 'authenticate')
  const attempts = [await receiver.next(), await receiver.next(), await receiver.next()]
  assert.ok(Date.now() - started >= 20 + 40, 'waited 20 ms then 40 ms between attempts')
  assert.deepEqual(
    attempts.map((attempt) => attempt.body.id),
    Array(3).fill(attempts[0]?.body.id),
    'the same event each time'
  )
  await sleep(200)
  assert.equal(receiver.deliveries.length, 3, 'no attempt after the 2xx')
})

test('retries stop after the maximum number of attempts, and when nobody listens', async (t) => {
  const receiver = await webhookReceiver(t, [503])
  const sandbox = await sandboxFor(t, {
    webhooks: [
      { url: receiver.url, secretToken: 'whsec_all' },
      { url: 'http://127.0.0.1:9/closed-port', secretToken: 'whsec_nobody' },
    ],
    webhookRetryBaseMs: 5,
    webhookMaxAttempts: 3,
  })
  const payment = await createPayment(sandbox)
  await press(sandbox, payment.id, 'authenticate')
  for (let attempt = 0; attempt < 3; attempt++) await receiver.next()
  await sleep(200)
  assert.equal(receiver.deliveries.length, 3, 'no fourth attempt')
})

test('the admin route refuses a registration without an http URL or a token', async (t) => {
  const sandbox = await sandboxFor(t)
  for (const body of [{ url: 'ftp://x/y', secretToken: 'a' }, { url: 'http://127.0.0.1:1/x' }]) {
    const response = await postJson(`${sandbox.url}/__sandbox/webhooks`, body)
    assert.equal(response.status, 400)
    assert.equal(((await response.json()) as { type: string }).type, 'invalid_request_error')
  }
})

test('halted, the sandbox answers nothing and sends nothing; resumed, it sends what it held', async (t) => {
  const receiver = await webhookReceiver(t)
  const sandbox = await sandboxFor(t, {
    webhooks: [{ url: receiver.url, secretToken: 'whsec_all' }],
    webhookDelayMs: 200,
  })
  const payment = await createPayment(sandbox)
  await press(sandbox, payment.id, 'authenticate')
  /* The event waits 200 ms, as Moyasar's come a little after 3-D Secure: halted before then. */
  await sandbox.halt()
  await assert.rejects(fetch(`${sandbox.url}/__sandbox/health`))
  await sleep(400)
  assert.equal(receiver.deliveries.length, 0, 'nothing sent while halted')

  await sandbox.resume()
  const { body } = await receiver.next()
  assert.equal(body.type, 'payment_paid')
  assert.equal((body.data as { id: string }).id, payment.id)
  /* The same port, with the payment it had. */
  const fetched = await fetch(`${sandbox.url}/v1/payments/${payment.id}`, {
    headers: { Authorization: basic('sk_test_sandbox') },
  })
  assert.equal(fetched.status, 200)
  assert.equal(((await fetched.json()) as { status: string }).status, 'paid')
  await sleep(200)
  assert.equal(receiver.deliveries.length, 1, 'sent once')
})
