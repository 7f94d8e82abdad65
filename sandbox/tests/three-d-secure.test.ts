/* The 3-D Secure page and its two buttons: each test card's outcome and the callback redirect. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  PAGE_ORIGIN,
  createPayment,
  fetchPayment,
  paymentBody,
  press,
  sandboxFor,
} from './helpers.ts'

test('the 3-D Secure page shows the amount, the masked card and the two buttons', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(sandbox)
  const response = await fetch(String(payment.source.transaction_url))
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/)
  const html = await response.text()
  assert.match(html, /<html lang="en" dir="ltr">/)
  assert.match(html, /<h1>3-D Secure<\/h1>/)
  assert.match(html, /2500\.00 SAR/)
  assert.match(html, /4111-11XX-XXXX-1111/)
  for (const action of ['authenticate', 'fail']) {
    assert.match(
      html,
      new RegExp(
        `<form method="post" action="/3ds/${payment.id}"><input type="hidden" name="action" value="${action}">`
      )
    )
  }
  assert.match(html, />Authenticate<\/button>/)
  assert.match(html, />Fail<\/button>/)
})

const outcomes: [string, string, string][] = [
  ['4111111111111111', 'paid', 'APPROVED'],
  ['4201320111111010', 'paid', 'APPROVED'],
  ['5421080101000000', 'paid', 'APPROVED'],
  ['4242424242424242', 'paid', 'APPROVED'],
  ['4201321234411220', 'failed', 'DECLINED'],
  ['4201320000311101', 'failed', 'INSUFFICIENT FUNDS'],
  ['4201320000013020', 'failed', 'UNSPECIFIED FAILURE'],
]

for (const [card, status, message] of outcomes) {
  test(`Authenticate with ${card} → ${status} "${message}" and a redirect to the callback`, async (t) => {
    const sandbox = await sandboxFor(t)
    const payment = await createPayment(sandbox, paymentBody(card))
    const response = await press(sandbox, payment.id, 'authenticate')
    assert.equal(response.status, 302)
    const location = new URL(response.headers.get('location') ?? '')
    assert.equal(location.origin + location.pathname, `${PAGE_ORIGIN}/payment/callback`)
    assert.equal(location.searchParams.get('id'), payment.id)
    assert.equal(location.searchParams.get('status'), status)
    assert.equal(location.searchParams.get('message'), message)
    assert.ok(!location.search.includes(' '), 'the query is URL-encoded')

    const fetched = await fetchPayment(sandbox, payment.id)
    assert.equal(fetched.status, status)
    assert.equal(fetched.source.message, message)
    assert.equal(fetched.captured, status === 'paid' ? 250000 : 0)
    assert.equal(typeof fetched.source.reference_number, status === 'paid' ? 'string' : 'object')
  })
}

test('Fail fails any card with the 3-D Secure message', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(sandbox)
  const response = await press(sandbox, payment.id, 'fail')
  assert.equal(response.status, 302)
  const location = new URL(response.headers.get('location') ?? '')
  assert.equal(location.searchParams.get('status'), 'failed')
  assert.equal(location.searchParams.get('message'), '3-D Secure transaction attempt failed')
  assert.match(location.search, /&message=3-D%20Secure%20transaction%20attempt%20failed$/)
  assert.equal((await fetchPayment(sandbox, payment.id)).status, 'failed')
})

test('the callback keeps its own query string', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(
    sandbox,
    paymentBody(undefined, { callback_url: `${PAGE_ORIGIN}/payment/callback?lang=ar` })
  )
  const location = new URL(
    (await press(sandbox, payment.id, 'authenticate')).headers.get('location') ?? ''
  )
  assert.equal(location.searchParams.get('lang'), 'ar')
  assert.equal(location.searchParams.get('status'), 'paid')
})

test('a finished payment cannot be completed again (409), an unknown one is 404', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(sandbox)
  assert.equal((await press(sandbox, payment.id, 'fail')).status, 302)
  const again = await press(sandbox, payment.id, 'authenticate')
  assert.equal(again.status, 409)
  assert.match(await again.text(), /failed/)
  assert.equal((await fetchPayment(sandbox, payment.id)).status, 'failed')

  const unknown = await fetch(`${sandbox.url}/3ds/00000000-0000-0000-0000-000000000000`)
  assert.equal(unknown.status, 404)
  assert.match(unknown.headers.get('content-type') ?? '', /^text\/html/)
  await unknown.text()
})

test('an unknown button leaves the payment initiated', async (t) => {
  const sandbox = await sandboxFor(t)
  const payment = await createPayment(sandbox)
  const response = await press(sandbox, payment.id, 'approve-everything')
  assert.equal(response.status, 400)
  await response.text()
  assert.equal((await fetchPayment(sandbox, payment.id)).status, 'initiated')
})
