import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import env from '#start/env'
import AuditEvent from '#models/audit_event'
import Payment from '#models/payment'
import type User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { as, rateLimitedGroup } from '#tests/helpers'
import { rentPaid, tenancy } from '#tests/tenancy'
import { CARDS, gatewayPayment, payRent, payWithCard, sandbox } from '#tests/payments'

const months = () => monthsOffered(PAYMENT_MONTHS_OFFERED)

/** A tenant holding an approved application for a room (with its building). */
const approvedTenant = (status: 'approved' | 'pending' = 'approved') => tenancy({ status })

/** The body the payment form posts (spec §7), with the browser's claims. */
function body(roomId: number, month: string, reference: string, claims: object = {}) {
  return {
    roomId,
    monthCovered: month,
    paymentReference: reference,
    amount: 1,
    paymentMethod: 'creditCard',
    paymentStatus: 'paid',
    ...claims,
  }
}

/** POST /api/payments as the tenant, with the form's body for the room, month and gateway id. */
function postPayment(
  client: ApiClient,
  tenant: User,
  roomId: number,
  month: string,
  reference: string,
  claims: object = {}
) {
  return as(client.post('/api/payments'), tenant).json(body(roomId, month, reference, claims))
}

function paymentEvents(action: string) {
  return AuditEvent.query().where('subject_type', 'payment').where('action', action)
}

rateLimitedGroup('Card payments: POST /api/payments', (group) => {
  group.each.teardown(() => {
    sandbox().setFault('none')
    env.set('MOYASAR_TIMEOUT_MS', 10_000)
  })

  test('a paid card payment is recorded completed, shaped as spec §3', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month, id } = await rentPaid(0)
    const response = await postPayment(client, tenant, room.id, month, id)
    response.assertStatus(201)
    assert.containsSubset(response.body(), {
      amount: room.priceHalalas / 100,
      currency: 'SAR',
      paymentMethod: 'creditCard',
      monthCovered: month,
      paymentReference: id,
      paymentStatus: 'completed',
      statusReason: null,
      roomId: room.id,
      room: { id: room.id, roomNumber: room.roomNumber },
      user: { id: tenant.id },
    })
    assert.isString(response.body().paymentDate)
    const recorded = await paymentEvents('payment.recorded').where('subject_id', response.body().id)
    assert.lengthOf(recorded, 1)
    assert.equal(recorded[0]!.actorId, tenant.id)
    /* Ids and statuses only: no card field, no gateway payload. */
    assert.deepEqual(Object.keys(recorded[0]!.details!).sort(), [
      'gatewayPaymentId',
      'gatewayStatus',
      'status',
      'statusReason',
    ])
  })

  test('a forged paymentStatus "paid" for a declined card is recorded failed', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month, id } = await rentPaid(1, { card: CARDS.declined })
    const response = await postPayment(client, tenant, room.id, month, id, {
      paymentStatus: 'paid',
      amount: room.priceHalalas / 100,
    })
    response.assertStatus(201)
    assert.equal(response.body().paymentStatus, 'failed')
    assert.equal((await Payment.findByOrFail('gatewayPaymentId', id)).status, 'failed')
  })

  test('a 1 SAR gateway payment cannot pay a month: 422, nothing recorded, refunded', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month, id } = await rentPaid(0, { amountHalalas: 100 })
    const response = await postPayment(client, tenant, room.id, month, id, {
      amount: room.priceHalalas / 100,
    })
    response.assertStatus(422)
    assert.equal(
      response.body().message,
      'The amount paid is not the monthly rent of this room. Any amount charged has been refunded.'
    )
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
    assert.equal((await gatewayPayment(id)).status, 'refunded')
    const refused = await paymentEvents('payment.refused')
    assert.lengthOf(refused, 1)
    assert.containsSubset(refused[0]!.details, {
      gatewayPaymentId: id,
      reason: 'amount_mismatch',
      gatewayStatus: 'refunded',
    })
  })

  test('a room without the caller’s approved application is refused (403)', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant('pending')
    const stranger = await UserFactory.create()
    const month = months()[0]!
    const id = await payRent(tenant, room, month)
    for (const caller of [tenant, stranger]) {
      const response = await postPayment(client, caller, room.id, month, id)
      response.assertStatus(403)
      assert.equal(
        response.body().message,
        'You need to have an approved application before you can make a payment.'
      )
    }
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
  })

  test('a replayed gateway id records nothing new (200); for another month or tenant, 409', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month: first, id } = await rentPaid(0)
    const second = months()[1]!
    const created = await postPayment(client, tenant, room.id, first, id)
    created.assertStatus(201)
    const replay = await postPayment(client, tenant, room.id, first, id)
    replay.assertStatus(200)
    assert.equal(replay.body().id, created.body().id)
    assert.equal(replay.body().paymentStatus, 'completed')

    const otherMonth = await postPayment(client, tenant, room.id, second, id)
    otherMonth.assertStatus(409)
    assert.equal(
      otherMonth.body().message,
      'This payment is already recorded for another room or month'
    )

    const other = await approvedTenant()
    const otherTenant = await postPayment(client, other.tenant, other.room.id, first, id)
    otherTenant.assertStatus(409)
    assert.lengthOf(await Payment.query().where('gateway_payment_id', id), 1)
  })

  test('a payment whose metadata names another month is refused (409)', async ({
    client,
    assert,
  }) => {
    const { tenant, room, id } = await rentPaid(0)
    const response = await postPayment(client, tenant, room.id, months()[1]!, id)
    response.assertStatus(409)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
  })

  test('a payment that carries no metadata is refunded and never credited (422)', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const month = months()[0]!
    const id = await payWithCard({ amountHalalas: room.priceHalalas })
    const response = await postPayment(client, tenant, room.id, month, id)
    response.assertStatus(422)
    assert.equal(
      response.body().message,
      'This payment does not say which room and month it pays for, so it was not recorded; any charge has been refunded'
    )
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
    assert.equal((await gatewayPayment(id)).status, 'refunded')
    const refused = await AuditEvent.query()
      .where('action', 'payment.refused')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(refused.details?.reason, 'no_claim')
  })

  test('a payment whose metadata names only part of the claim is refused too', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const month = months()[0]!
    const id = await payWithCard({
      amountHalalas: room.priceHalalas,
      metadata: { roomId: room.id },
    })
    ;(await postPayment(client, tenant, room.id, month, id)).assertStatus(422)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
  })

  test('a second completed payment for a paid month is refunded and recorded refunded', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const month = months()[2]!
    const firstId = await payRent(tenant, room, month)
    const secondId = await payRent(tenant, room, month)
    ;(await postPayment(client, tenant, room.id, month, firstId)).assertStatus(201)
    const second = await postPayment(client, tenant, room.id, month, secondId)
    second.assertStatus(201)
    assert.equal(second.body().paymentStatus, 'refunded')
    assert.equal(second.body().statusReason, 'month_already_paid')
    assert.equal((await gatewayPayment(secondId)).status, 'refunded')
    assert.equal((await gatewayPayment(firstId)).status, 'paid')

    const completed = await Payment.query()
      .where('room_id', room.id)
      .where('month_covered', month)
      .where('status', 'completed')
    assert.deepEqual(
      completed.map((payment) => payment.gatewayPaymentId),
      [firstId]
    )
    const changes = await paymentEvents('payment.status_changed').where(
      'subject_id',
      second.body().id
    )
    assert.containsSubset(changes.at(-1)!.details, {
      status: 'refunded',
      statusReason: 'month_already_paid',
    })

    /* Replayed afterwards, it stays refunded and the first stays the month's payment. */
    const replay = await postPayment(client, tenant, room.id, month, secondId)
    replay.assertStatus(200)
    assert.equal(replay.body().paymentStatus, 'refunded')
  })

  test('an id the gateway does not know is refused (422)', async ({ client, assert }) => {
    const { tenant, room } = await approvedTenant()
    const response = await postPayment(client, tenant, room.id, months()[0]!, 'no-such-payment')
    response.assertStatus(422)
    assert.equal(response.body().message, 'The payment provider does not know this payment')
  })

  test('gateway down (503, or hanging past the timeout): 502, nothing completed', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month, id } = await rentPaid(0)

    sandbox().setFault('503')
    const down = await postPayment(client, tenant, room.id, month, id)
    down.assertStatus(502)
    assert.equal(
      down.body().message,
      'The payment provider could not be reached. Your payment was not recorded as paid; please try again in a few minutes.'
    )
    const arabic = await as(client.post('/api/payments'), tenant)
      .header('x-locale', 'ar')
      .json(body(room.id, month, id))
    arabic.assertStatus(502)
    assert.equal(
      arabic.body().message,
      'تعذّر الوصول إلى مزوّد الدفع. لم تُسجَّل دفعتك على أنها مدفوعة؛ يرجى المحاولة مرة أخرى بعد بضع دقائق.'
    )

    sandbox().setFault('hang')
    env.set('MOYASAR_TIMEOUT_MS', 300)
    const started = Date.now()
    const hung = await postPayment(client, tenant, room.id, month, id)
    hung.assertStatus(502)
    assert.isBelow(Date.now() - started, 5000)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))

    /* Once the gateway answers again, the same POST records it. */
    sandbox().setFault('none')
    const later = await postPayment(client, tenant, room.id, month, id)
    later.assertStatus(201)
    assert.equal(later.body().paymentStatus, 'completed')
  }).timeout(20_000)

  test('validation speaks the payment form’s words in both languages', async ({
    client,
    assert,
  }) => {
    const { tenant } = await approvedTenant()
    const english = await as(client.post('/api/payments'), tenant).json({ paymentReference: 'x' })
    english.assertStatus(422)
    const messages = (response: typeof english) =>
      Object.fromEntries(
        response
          .body()
          .errors.map((error: { field: string; message: string }) => [error.field, error.message])
      )
    assert.containsSubset(messages(english), {
      roomId: 'Please select a room',
      monthCovered: 'Please select month covered',
    })
    const arabic = await as(client.post('/api/payments'), tenant)
      .header('x-locale', 'ar')
      .json({ paymentReference: 'x' })
    arabic.assertStatus(422)
    assert.containsSubset(messages(arabic), {
      roomId: 'يرجى اختيار غرفة',
      monthCovered: 'يرجى اختيار الشهر المدفوع',
    })
  })

  test('only the 12 months offered can be paid, and the reference must be a gateway id', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const offered = months()
    const [year, month] = offered.at(-1)!.split('-').map(Number)
    const beyond =
      month === 12 ? `${year! + 1}-01` : `${year}-${String(month! + 1).padStart(2, '0')}`
    for (const monthCovered of [beyond, '2020-01', '2026-13', 'soon']) {
      const response = await postPayment(client, tenant, room.id, monthCovered, 'pay_1')
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'monthCovered', monthCovered)
    }
    const badReference = await postPayment(client, tenant, room.id, offered[0]!, '../../admin')
    badReference.assertStatus(422)
    assert.equal(badReference.body().errors[0].field, 'paymentReference')
  })
})

rateLimitedGroup('Card payments: GET /api/payments/verify/:id', (group) => {
  group.each.teardown(() => sandbox().setFault('none'))

  test('the owner gets the gateway’s word; a stranger gets 404', async ({ client, assert }) => {
    const { tenant, room, month, id } = await rentPaid(0, { card: CARDS.insufficientFunds })
    ;(await postPayment(client, tenant, room.id, month, id)).assertStatus(201)

    const stranger = await UserFactory.create()
    const refused = await as(client.get(`/api/payments/verify/${id}`), stranger)
    refused.assertStatus(404)

    const response = await as(client.get(`/api/payments/verify/${id}`), tenant)
    response.assertStatus(200)
    assert.deepEqual(Object.keys(response.body()).sort(), [
      'amount',
      'created',
      'id',
      'message',
      'status',
    ])
    assert.containsSubset(response.body(), {
      id,
      status: 'failed',
      amount: room.priceHalalas / 100,
      message: 'INSUFFICIENT FUNDS',
    })
    assert.isString(response.body().created)

    const admin = await UserFactory.apply('admin').create()
    ;(await as(client.get(`/api/payments/verify/${id}`), admin)).assertStatus(200)
  })

  test('an unknown id is 404', async ({ client }) => {
    const { tenant } = await approvedTenant()
    ;(await as(client.get('/api/payments/verify/no-such-payment'), tenant)).assertStatus(404)
  })

  test('the callback page before the form’s POST records the payment; the POST then answers 200', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month, id } = await rentPaid(3)

    const stranger = await UserFactory.create()
    ;(await as(client.get(`/api/payments/verify/${id}`), stranger)).assertStatus(404)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))

    const verified = await as(client.get(`/api/payments/verify/${id}`), tenant)
    verified.assertStatus(200)
    assert.equal(verified.body().status, 'paid')
    const payment = await Payment.findByOrFail('gatewayPaymentId', id)
    assert.equal(payment.status, 'completed')
    assert.equal(payment.userId, tenant.id)

    const posted = await postPayment(client, tenant, room.id, month, id)
    posted.assertStatus(200)
    assert.equal(posted.body().id, payment.id)
    assert.lengthOf(await Payment.query().where('gateway_payment_id', id), 1)
  })

  test('gateway down: 502', async ({ client }) => {
    const { tenant, id } = await rentPaid(0)
    sandbox().setFault('503')
    ;(await as(client.get(`/api/payments/verify/${id}`), tenant)).assertStatus(502)
  })
})

rateLimitedGroup('Card payments: GET /api/payments?monthCovered=', () => {
  test('filters by rent month besides status', async ({ client, assert }) => {
    const { tenant, room } = await approvedTenant()
    const [first, second] = months()
    for (const month of [first!, second!]) {
      const id = await payRent(tenant, room, month)
      ;(await postPayment(client, tenant, room.id, month, id)).assertStatus(201)
    }
    const response = await as(client.get('/api/payments').qs({ monthCovered: second }), tenant)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((payment: { monthCovered: string }) => payment.monthCovered),
      [second]
    )
    assert.equal(response.header('x-total-count'), '1')
    const none = await as(
      client.get('/api/payments').qs({ monthCovered: second, status: 'failed' }),
      tenant
    )
    assert.lengthOf(none.body(), 0)
    ;(await as(client.get('/api/payments').qs({ monthCovered: '2026-13' }), tenant)).assertStatus(
      422
    )
  })
})
