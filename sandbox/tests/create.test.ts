/* POST /v1/payments: the created payment, the keys and every validation error. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { basic, paymentBody, postJson, sandboxFor } from './helpers.ts'

/** Posts a create body and answers status and JSON. */
async function create(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await postJson(`${url}/v1/payments`, body, headers)
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

test('a valid card creates an initiated payment in Moyasar shape with a 3-D Secure URL', async (t) => {
  const sandbox = await sandboxFor(t)
  const { status, json } = await create(sandbox.url, paymentBody(), {
    'X-Moyasar-Form-Version': '2.2.0',
  })
  assert.equal(status, 201)
  assert.match(String(json.id), /^[0-9a-f-]{36}$/)
  assert.equal(json.status, 'initiated')
  assert.equal(json.amount, 250000)
  assert.equal(json.fee, 0)
  assert.equal(json.currency, 'SAR')
  assert.equal(json.refunded, 0)
  assert.equal(json.captured, 0)
  assert.equal(json.amount_format, '2500.00 SAR')
  assert.equal(json.invoice_id, null)
  assert.equal(json.ip, '127.0.0.1')
  assert.equal(json.callback_url, 'http://127.0.0.1:5173/payment/callback')
  assert.deepEqual(json.metadata, { roomId: '7', monthCovered: '2026-12', userId: '3' })
  assert.deepEqual(json.source, {
    type: 'creditcard',
    company: 'visa',
    name: 'Nora Saad',
    number: '4111-11XX-XXXX-1111',
    gateway_id: (json.source as { gateway_id: string }).gateway_id,
    reference_number: null,
    token: null,
    message: null,
    transaction_url: `${sandbox.url}/3ds/${json.id}`,
  })
  assert.ok(!JSON.stringify(json).includes('4111111111111111'), 'no full card number')
  assert.ok(!JSON.stringify(json).includes('"123"'), 'no CVC')
})

test('mada and Mastercard numbers are named by their network', async (t) => {
  const sandbox = await sandboxFor(t)
  const mada = await create(sandbox.url, paymentBody('4201320111111010'))
  const master = await create(sandbox.url, paymentBody('5421080101000000'))
  assert.equal((mada.json.source as { company: string }).company, 'mada')
  assert.equal((master.json.source as { company: string }).company, 'master')
})

test('HTTP Basic with the publishable or the secret key also creates', async (t) => {
  const sandbox = await sandboxFor(t)
  const { publishable_api_key: _key, ...body } = paymentBody()
  for (const key of ['pk_test_sandbox', 'sk_test_sandbox']) {
    const { status } = await create(sandbox.url, body, { Authorization: basic(key) })
    assert.equal(status, 201, key)
  }
})

test('a missing, wrong or live key is refused with 401 authentication_error', async (t) => {
  const sandbox = await sandboxFor(t)
  const { publishable_api_key: _key, ...withoutKey } = paymentBody()
  const cases: [string, unknown, Record<string, string>][] = [
    ['missing', withoutKey, {}],
    ['wrong', paymentBody(undefined, { publishable_api_key: 'pk_test_other' }), {}],
    ['live', paymentBody(undefined, { publishable_api_key: 'pk_live_abcdef' }), {}],
    ['secret in the body', paymentBody(undefined, { publishable_api_key: 'sk_test_sandbox' }), {}],
    ['wrong basic', withoutKey, { Authorization: basic('sk_test_other') }],
  ]
  for (const [name, body, headers] of cases) {
    const { status, json } = await create(sandbox.url, body, headers)
    assert.equal(status, 401, name)
    assert.equal(json.type, 'authentication_error', name)
    assert.equal(typeof json.message, 'string', name)
    assert.ok('errors' in json, name)
  }
})

/** Sends a body that differs from a valid one and expects exactly one field's error. */
async function expectFieldError(url: string, body: unknown, field: string) {
  const { status, json } = await create(url, body)
  assert.equal(status, 400, field)
  assert.equal(json.type, 'invalid_request_error', field)
  assert.equal(json.message, 'Validation Failed', field)
  const errors = json.errors as Record<string, string[]>
  assert.deepEqual(Object.keys(errors), [field], `${field}: ${JSON.stringify(errors)}`)
  assert.ok((errors[field]?.[0]?.length ?? 0) > 0, field)
}

test('every invalid field answers 400 with Moyasar per-field errors', async (t) => {
  const sandbox = await sandboxFor(t)
  const base = paymentBody()
  const withCard = (card: Record<string, unknown>) =>
    paymentBody(undefined, { source: { ...base.source, ...card } })
  const lastYear = String((new Date().getUTCFullYear() - 1) % 100).padStart(2, '0')
  const cases: [unknown, string][] = [
    [paymentBody('4111111111111112'), 'source.number'],
    [paymentBody('4111 1111 1111 1111'), 'source.number'],
    [paymentBody('411111111111'), 'source.number'],
    [withCard({ year: lastYear }), 'source.year'],
    [withCard({ year: '2' }), 'source.year'],
    [withCard({ month: '13' }), 'source.month'],
    [withCard({ month: '0' }), 'source.month'],
    [withCard({ cvc: '12' }), 'source.cvc'],
    [withCard({ cvc: '12a' }), 'source.cvc'],
    [withCard({ name: '' }), 'source.name'],
    [withCard({ name: 'Nora' }), 'source.name'],
    [withCard({ type: 'applepay' }), 'source.type'],
    [paymentBody(undefined, { amount: 99 }), 'amount'],
    [paymentBody(undefined, { amount: 100.5 }), 'amount'],
    [paymentBody(undefined, { amount: '250000' }), 'amount'],
    [paymentBody(undefined, { currency: 'USD' }), 'currency'],
    [paymentBody(undefined, { description: 42 }), 'description'],
    [paymentBody(undefined, { callback_url: 'javascript:alert(1)' }), 'callback_url'],
    [paymentBody(undefined, { callback_url: 'not a url' }), 'callback_url'],
    [paymentBody(undefined, { source: undefined }), 'source'],
    [paymentBody(undefined, { metadata: 'x' }), 'metadata'],
    [
      paymentBody(undefined, {
        metadata: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v'])),
      }),
      'metadata',
    ],
    [paymentBody(undefined, { metadata: { ['k'.repeat(41)]: 'v' } }), 'metadata'],
    [paymentBody(undefined, { metadata: { note: 'v'.repeat(501) } }), 'metadata'],
  ]
  for (const [body, field] of cases) await expectFieldError(sandbox.url, body, field)
})

test('the limits themselves are accepted: amount 100, 4-digit year, 30 metadata keys', async (t) => {
  const sandbox = await sandboxFor(t)
  const base = paymentBody()
  const { status } = await create(
    sandbox.url,
    paymentBody(undefined, {
      amount: 100,
      source: { ...base.source, year: String(new Date().getUTCFullYear() + 1) },
      metadata: Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`${i}`.padEnd(40, 'k'), 'v'.repeat(500)])
      ),
    })
  )
  assert.equal(status, 201)
})

test('a body that is not JSON answers 400 invalid_request_error', async (t) => {
  const sandbox = await sandboxFor(t)
  const response = await fetch(`${sandbox.url}/v1/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"amount":',
  })
  assert.equal(response.status, 400)
  assert.equal(((await response.json()) as { type: string }).type, 'invalid_request_error')
})
