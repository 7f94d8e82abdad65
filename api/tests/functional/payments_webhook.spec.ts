import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import AuditEvent from '#models/audit_event'
import Notification from '#models/notification'
import Payment from '#models/payment'
import { as, rateLimitedGroup } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import { refund } from '#services/payment_gateway'
import { BY_ADMINISTRATOR } from '#services/payment_refunds'
import { rentPaid, tenancy, tenantAndRoom } from '#tests/tenancy'
import { Browser } from '#tests/http'
import {
  askQuote,
  assertRefundedUnrecorded,
  CARDS,
  gatewayPayment,
  latestRefusal,
  payFor,
  payRent,
  payWithCard,
  sandbox,
  TEST_WEBHOOK_SECRET,
  webhookEvent,
} from '#tests/payments'

const WEBHOOK = '/api/payments/webhook'
const month = () => monthsOffered(PAYMENT_MONTHS_OFFERED)[0]!

const approvedTenant = () => tenancy()

/** Waits (a few seconds at most) until the payment is recorded. */
async function recorded(id: string): Promise<Payment> {
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    const payment = await Payment.findBy('gatewayPaymentId', id)
    if (payment) return payment
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`payment ${id} was never recorded`)
}

rateLimitedGroup('Card payments: POST /api/payments/webhook', (group) => {
  group.each.teardown(() => sandbox().setFault('none'))

  test('a wrong or missing secret token is refused (401), and nothing recorded', async ({
    client,
    assert,
  }) => {
    const { id } = await rentPaid(0)
    for (const token of ['not-the-secret', '', undefined]) {
      const response = await client.post(WEBHOOK).json(await webhookEvent(id, token))
      response.assertStatus(401)
    }
    ;(await client.post(WEBHOOK).json({})).assertStatus(401)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
  })

  test('a replayed event records one payment, completed', async ({ client, assert }) => {
    const { tenant, id } = await rentPaid(0)
    const event = await webhookEvent(id, TEST_WEBHOOK_SECRET)
    for (let delivery = 0; delivery < 3; delivery++) {
      const response = await client.post(WEBHOOK).json(event)
      response.assertStatus(200)
      assert.deepEqual(response.body(), { received: true })
    }
    const payments = await Payment.query().where('gateway_payment_id', id)
    assert.lengthOf(payments, 1)
    assert.equal(payments[0]!.status, 'completed')
    assert.equal(payments[0]!.userId, tenant.id)
    const events = await AuditEvent.query()
      .where('subject_type', 'payment')
      .where('subject_id', payments[0]!.id)
    assert.lengthOf(events, 1)
    assert.isNull(events[0]!.actorId)
  })

  test('the body is a hint: a forged "paid" for a declined payment is recorded failed', async ({
    client,
    assert,
  }) => {
    const { id } = await rentPaid(0, { card: CARDS.declined })
    const event = await webhookEvent(id, TEST_WEBHOOK_SECRET)
    event.type = 'payment_paid'
    event.data.status = 'paid'
    ;(await client.post(WEBHOOK).json(event)).assertStatus(200)
    assert.equal((await Payment.findByOrFail('gatewayPaymentId', id)).status, 'failed')
  })

  test('the sandbox’s own webhook before the browser’s POST: one record, completed; the POST answers 200', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const origin = new Browser().origin
    sandbox().registerWebhook(`${origin}${WEBHOOK}`, TEST_WEBHOOK_SECRET)
    const id = await payFor(
      tenant,
      room.id,
      { months: [month()] },
      { callbackUrl: `${origin}/payment/callback` }
    )
    const payment = await recorded(id)
    assert.equal(payment.status, 'completed')
    assert.equal(payment.roomId, room.id)
    assert.equal(payment.monthCovered, month())

    const posted = await as(client.post('/api/payments'), tenant).json({
      roomId: room.id,
      monthCovered: month(),
      paymentReference: id,
      paymentStatus: 'paid',
      amount: room.priceHalalas / 100,
    })
    posted.assertStatus(200)
    assert.equal(posted.body().id, payment.id)
    assert.equal(posted.body().paymentStatus, 'completed')
    assert.lengthOf(await Payment.query().where('gateway_payment_id', id), 1)
  })

  test('a payment for a room its tenant was not approved for is refunded, never recorded', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await tenantAndRoom()
    /* She is quoted nothing (403), so her card form carries no claim. */
    const id = await payRent(tenant, room, month())
    ;(await client.post(WEBHOOK).json(await webhookEvent(id, TEST_WEBHOOK_SECRET))).assertStatus(
      200
    )
    await assertRefundedUnrecorded(assert, id)
    const refused = await AuditEvent.query().where('action', 'payment.refused')
    assert.lengthOf(refused, 1)
    assert.containsSubset(refused[0]!.details, { gatewayPaymentId: id, reason: 'no_claim' })
  })

  test('a payment made for her by someone else with hand-written metadata is refunded, never credited to her', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const { claim } = (await askQuote(tenant, room.id, { months: [month()] })).body
    const forged = `${claim.slice(0, claim.lastIndexOf('.'))}.${'x'.repeat(43)}`
    /* Anyone holding the publishable key can name her; only the server's claim counts. */
    for (const [extra, reason] of [
      [{}, 'no_claim'],
      [{ claim: forged }, 'forged_claim'],
    ] as const) {
      const id = await payWithCard({
        amountHalalas: room.priceHalalas,
        metadata: { roomId: room.id, userId: tenant.id, monthCovered: month(), ...extra },
      })
      ;(await client.post(WEBHOOK).json(await webhookEvent(id, TEST_WEBHOOK_SECRET))).assertStatus(
        200
      )
      await assertRefundedUnrecorded(assert, id)
      assert.containsSubset((await latestRefusal()).details, { gatewayPaymentId: id, reason })
      /* Nor does her callback page take it as hers. */
      ;(await as(client.get(`/api/payments/verify/${id}`), tenant)).assertStatus(404)
    }
    assert.lengthOf(await Payment.query().where('user_id', tenant.id), 0)
    assert.lengthOf(await Notification.query().where('user_id', tenant.id), 0)
  })

  test('a wrong amount is refunded, never recorded', async ({ client, assert }) => {
    const { tenant, room } = await approvedTenant()
    const id = await payRent(tenant, room, month(), { amountHalalas: room.priceHalalas - 100 })
    ;(await client.post(WEBHOOK).json(await webhookEvent(id, TEST_WEBHOOK_SECRET))).assertStatus(
      200
    )
    await assertRefundedUnrecorded(assert, id)
  })

  test('a webhook completing a month already paid refunds it', async ({ client, assert }) => {
    const { tenant, room } = await approvedTenant()
    const first = await payRent(tenant, room, month())
    const second = await payRent(tenant, room, month())
    for (const id of [second, first, second]) {
      ;(await client.post(WEBHOOK).json(await webhookEvent(id, TEST_WEBHOOK_SECRET))).assertStatus(
        200
      )
    }
    assert.equal((await Payment.findByOrFail('gatewayPaymentId', second)).status, 'completed')
    assert.equal((await Payment.findByOrFail('gatewayPaymentId', first)).status, 'refunded')
    assert.equal((await gatewayPayment(first)).status, 'refunded')
  })

  test("the administrator's whole refund, its webhook first: she is told once, by the refund", async ({
    client,
    assert,
  }) => {
    const { tenant, id } = await rentPaid(0)
    ;(await client.post(WEBHOOK).json(await webhookEvent(id, TEST_WEBHOOK_SECRET))).assertStatus(
      200
    )
    const payment = await recorded(id)
    /* Her refund is held (payment_refunds.ts), then given by the gateway, whose webhook comes
       before the administrator's call has written what the gateway answered. */
    const now = DateTime.now().toSQL({ includeOffset: false })
    await db.table('payment_refunds').insert({
      payment_id: payment.id,
      amount_halalas: payment.amountHalalas,
      reason: 'Room unusable',
      state: 'pending',
      created_at: now,
      updated_at: now,
    })
    await refund(id, BY_ADMINISTRATOR, payment.amountHalalas, 0)
    const told = () =>
      Notification.query().where('user_id', tenant.id).where('kind', 'payment_refunded')
    ;(await client.post(WEBHOOK).json(await webhookEvent(id, TEST_WEBHOOK_SECRET))).assertStatus(
      200
    )
    await payment.refresh()
    assert.equal(payment.status, 'refunded')
    assert.lengthOf(await told(), 0)

    /* Without an administrator's refund waiting, a refund the gateway reports is told. */
    const other = await rentPaid(1)
    ;(
      await client.post(WEBHOOK).json(await webhookEvent(other.id, TEST_WEBHOOK_SECRET))
    ).assertStatus(200)
    const second = await recorded(other.id)
    await refund(other.id, BY_ADMINISTRATOR, second.amountHalalas, 0)
    ;(
      await client.post(WEBHOOK).json(await webhookEvent(other.id, TEST_WEBHOOK_SECRET))
    ).assertStatus(200)
    assert.lengthOf(
      await Notification.query()
        .where('user_id', other.tenant.id)
        .where('kind', 'payment_refunded'),
      1
    )
  })

  test('gateway down: 502, so the gateway retries; nothing recorded', async ({
    client,
    assert,
  }) => {
    const { id } = await rentPaid(0)
    const event = await webhookEvent(id, TEST_WEBHOOK_SECRET)
    sandbox().setFault('503')
    ;(await client.post(WEBHOOK).json(event)).assertStatus(502)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
    sandbox().setFault('none')
    ;(await client.post(WEBHOOK).json(event)).assertStatus(200)
    assert.equal((await Payment.findByOrFail('gatewayPaymentId', id)).status, 'completed')
  })

  test('only the webhook is exempt from the Origin check', async ({ client, assert }) => {
    const { tenant, room, id } = await rentPaid(0)
    const foreign = 'https://elsewhere.example'
    const webhook = await client
      .post(WEBHOOK)
      .header('origin', foreign)
      .json(await webhookEvent(id, TEST_WEBHOOK_SECRET))
    webhook.assertStatus(200)

    const post = await as(client.post('/api/payments'), tenant)
      .header('origin', foreign)
      .json({ roomId: room.id, monthCovered: month(), paymentReference: id })
    assertMessage(assert, post, 403, 'This request came from another site and was refused')
    const newsletter = await client
      .post('/api/newsletter')
      .header('origin', foreign)
      .json({ email: 'someone@example.com' })
    newsletter.assertStatus(403)
  })
})
