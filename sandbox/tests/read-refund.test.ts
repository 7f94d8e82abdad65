/* Fetch, list and refund: secret key only, paging, and which payments can be refunded. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { basic, createPayment, paymentBody, postJson, press, sandboxFor } from './helpers.ts'

const secret = { Authorization: basic('sk_test_sandbox') }

test('fetching a payment needs the secret key', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(sandbox)
  const url = `${sandbox.url}/v1/payments/${payment.id}`
  for (const headers of [
    {},
    { Authorization: basic('pk_test_sandbox') },
    { Authorization: basic('sk_test_wrong') },
  ]) {
    const response = await fetch(url, { headers })
    assert.equal(response.status, 401)
    assert.equal(((await response.json()) as { type: string }).type, 'authentication_error')
  }
  const response = await fetch(url, { headers: secret })
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), payment)
})

test('an unknown payment is 404 Object not found', async (t) => {
  const sandbox = await sandboxFor(t)
  const response = await fetch(`${sandbox.url}/v1/payments/not-a-payment`, { headers: secret })
  assert.equal(response.status, 404)
  assert.deepEqual(await response.json(), {
    type: 'invalid_request_error',
    message: 'Object not found',
    errors: null,
  })
})

test('the list needs the secret key and pages by 40, newest first', async (t) => {
  const sandbox = await sandboxFor(t)
  const refused = await fetch(`${sandbox.url}/v1/payments`, {
    headers: { Authorization: basic('pk_test_sandbox') },
  })
  assert.equal(refused.status, 401)
  await refused.body?.cancel()

  const ids: string[] = []
  for (let index = 0; index < 41; index++) ids.push((await createPayment(sandbox)).id)
  const first = (await (await fetch(`${sandbox.url}/v1/payments`, { headers: secret })).json()) as {
    payments: { id: string }[]
    meta: Record<string, unknown>
  }
  assert.equal(first.payments.length, 40)
  assert.equal(first.payments[0]?.id, ids[40])
  assert.deepEqual(first.meta, {
    current_page: 1,
    next_page: 2,
    prev_page: null,
    total_pages: 2,
    total_count: 41,
  })
  const second = (await (
    await fetch(`${sandbox.url}/v1/payments?page=2`, { headers: secret })
  ).json()) as typeof first
  assert.deepEqual(
    second.payments.map((payment) => payment.id),
    [ids[0]]
  )
  assert.deepEqual(second.meta, {
    current_page: 2,
    next_page: null,
    prev_page: 1,
    total_pages: 2,
    total_count: 41,
  })
  const bad = await fetch(`${sandbox.url}/v1/payments?page=zero`, { headers: secret })
  assert.equal(bad.status, 400)
  await bad.body?.cancel()
})

test('reset forgets every payment', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(sandbox)
  sandbox.reset()
  const gone = await fetch(`${sandbox.url}/v1/payments/${payment.id}`, { headers: secret })
  assert.equal(gone.status, 404)
  await gone.body?.cancel()
  await createPayment(sandbox)
  const reset = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' })
  assert.equal(reset.status, 200)
  const list = (await (await fetch(`${sandbox.url}/v1/payments`, { headers: secret })).json()) as {
    meta: { total_count: number }
  }
  assert.equal(list.meta.total_count, 0)
})

/** A payment that went through 3-D Secure with this card. */
async function completed(sandbox: Awaited<ReturnType<typeof sandboxFor>>, card: string) {
  const payment = await createPayment(sandbox, paymentBody(card))
  await press(sandbox, payment.id, 'authenticate')
  return payment.id
}

test('a paid payment refunds in full by default', async (t) => {
  const sandbox = await sandboxFor(t)
  const id = await completed(sandbox, '4111111111111111')
  const response = await postJson(`${sandbox.url}/v1/payments/${id}/refund`, {}, secret)
  assert.equal(response.status, 200)
  const refunded = (await response.json()) as Record<string, unknown>
  assert.equal(refunded.status, 'refunded')
  assert.equal(refunded.refunded, 250000)
  assert.equal(refunded.refunded_format, '2500.00 SAR')
  assert.ok(!Number.isNaN(Date.parse(String(refunded.refunded_at))))
})

test('a partial refund records the amount refunded', async (t) => {
  const sandbox = await sandboxFor(t)
  const id = await completed(sandbox, '4111111111111111')
  const response = await postJson(
    `${sandbox.url}/v1/payments/${id}/refund`,
    { amount: 1000 },
    secret
  )
  assert.equal(response.status, 200)
  const refunded = (await response.json()) as Record<string, unknown>
  assert.equal(refunded.status, 'refunded')
  assert.equal(refunded.refunded, 1000)
})

test('refunds: secret key only, paid payments only, amount within the payment', async (t) => {
  const sandbox = await sandboxFor(t)
  const paid = await completed(sandbox, '4111111111111111')
  const refundUrl = (id: string) => `${sandbox.url}/v1/payments/${id}/refund`

  const publishable = await postJson(
    refundUrl(paid),
    {},
    { Authorization: basic('pk_test_sandbox') }
  )
  assert.equal(publishable.status, 401)
  await publishable.body?.cancel()

  for (const amount of [250001, 0, -5, 10.5, '1000']) {
    const response = await postJson(refundUrl(paid), { amount }, secret)
    assert.equal(response.status, 400, String(amount))
    const json = (await response.json()) as { type: string; errors: Record<string, string[]> }
    assert.equal(json.type, 'invalid_request_error')
    assert.ok(json.errors.amount, String(amount))
  }

  const declined = await completed(sandbox, '4201321234411220')
  const initiated = (await createPayment(sandbox)).id
  const once = await postJson(refundUrl(paid), {}, secret)
  assert.equal(once.status, 200)
  await once.body?.cancel()
  for (const id of [declined, initiated, paid]) {
    const response = await postJson(refundUrl(id), {}, secret)
    assert.equal(response.status, 400, id)
    assert.equal(((await response.json()) as { type: string }).type, 'invalid_request_error')
  }

  const unknown = await postJson(refundUrl('nope'), {}, secret)
  assert.equal(unknown.status, 404)
  await unknown.body?.cancel()
})
