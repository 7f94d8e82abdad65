import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { addMonths, monthsOffered, PAYMENT_MONTHS_OFFERED, riyadhToday } from '@sakan/common'
import env from '#start/env'
import AuditEvent from '#models/audit_event'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import Receipt from '#models/receipt'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { claimExpiry, signClaim } from '#services/payment_claims'
import { openTenancy } from '#services/tenancies'
import { ApplicationFactory, UserFactory } from '../../../database/factories/index.js'
import { as, rateLimitedGroup } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import { rentPaid, tenancy } from '#tests/tenancy'
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

const months = () => monthsOffered(PAYMENT_MONTHS_OFFERED)

/** A tenant holding an approved application for a room (with its building). */
const approvedTenant = (status: 'approved' | 'pending' = 'approved') => tenancy({ status })

/** The body the payment form posts, with the browser's claims. */
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
    assertMessage(
      assert,
      response,
      422,
      'The amount charged is not the amount quoted. Any amount charged has been refunded.'
    )
    await assertRefundedUnrecorded(assert, id)
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
      assertMessage(
        assert,
        response,
        403,
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
    assertMessage(
      assert,
      otherMonth,
      409,
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
    assertMessage(
      assert,
      response,
      409,
      'This payment is for another room or month than the one chosen'
    )
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
    /* Hers, for the month it claims: not refunded, and recorded when posted for that month. */
    assert.equal((await gatewayPayment(id)).status, 'paid')
    ;(await postPayment(client, tenant, room.id, months()[0]!, id)).assertStatus(201)
  })

  test('a payment that carries no metadata is refunded and never credited (422)', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    const month = months()[0]!
    const id = await payWithCard({ amountHalalas: room.priceHalalas })
    const response = await postPayment(client, tenant, room.id, month, id)
    assertMessage(
      assert,
      response,
      422,
      'This payment does not say which room and month it pays for, so it was not recorded; any charge has been refunded'
    )
    await assertRefundedUnrecorded(assert, id)
    assert.equal((await latestRefusal()).details?.reason, 'no_claim')
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
    assertMessage(assert, response, 422, 'The payment provider does not know this payment')
  })

  test('gateway down (503, or hanging past the timeout): 502, nothing completed', async ({
    client,
    assert,
  }) => {
    const { tenant, room, month, id } = await rentPaid(0)

    sandbox().setFault('503')
    const down = await postPayment(client, tenant, room.id, month, id)
    assertMessage(
      assert,
      down,
      502,
      'The payment provider could not be reached. Your payment was not recorded as paid; please try again in a few minutes.'
    )
    const arabic = await as(client.post('/api/payments'), tenant)
      .header('x-locale', 'ar')
      .json(body(room.id, month, id))
    assertMessage(
      assert,
      arabic,
      502,
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

  test('a month must be a real month from 2000 to 2199, and the reference a gateway id', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await approvedTenant()
    for (const monthCovered of ['2026-13', 'soon', '0000-01', '1999-12', '9999-12', '10000-01']) {
      const response = await postPayment(client, tenant, room.id, monthCovered, 'pay_1')
      response.assertStatus(422)
      assert.deepInclude(
        response.body().errors[0],
        { field: 'monthCovered', message: 'Please choose a valid month, from 2000 to 2199' },
        monthCovered
      )
    }
    const badReference = await postPayment(client, tenant, room.id, months()[0]!, '../../admin')
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
      'paymentId',
      'status',
    ])
    assert.containsSubset(response.body(), {
      id,
      status: 'failed',
      amount: room.priceHalalas / 100,
      message: 'INSUFFICIENT FUNDS',
      paymentId: (await Payment.findByOrFail('gatewayPaymentId', id)).id,
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
    // The callback page links to its receipt.
    assert.equal(verified.body().paymentId, payment.id)
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

/** Riyadh's current month, `yyyy-MM`. */
const currentMonth = () => riyadhToday().slice(0, 7)

/**
 * A resident whose stay began on the first of last month and, with `endIn`, ends on the 15th
 * of the month that many months after the current one.
 */
async function stayFromLastMonth(options: { endIn?: number } = {}) {
  const made = await approvedTenant()
  const first = addMonths(currentMonth(), -1)
  const stay = await Tenancy.findByOrFail('applicationId', made.application.id)
  stay.startDate = DateTime.fromISO(`${first}-01`)
  if (options.endIn !== undefined) {
    /* Ended ahead, as the administrator ends a stay on a later day. */
    stay.merge({
      state: 'ended',
      endDate: DateTime.fromISO(`${addMonths(currentMonth(), options.endIn)}-15`),
      endReason: 'Moving out',
    })
  }
  await stay.save()
  return { ...made, stay, first }
}

/** A claim signed by the server, as no quote would make it (to prove the checks behind it). */
function claimFor(
  stay: Tenancy,
  months: string[],
  amount: number,
  expires: number = claimExpiry()
) {
  return signClaim({
    tenancyId: stay.id,
    userId: stay.userId,
    roomId: stay.roomId,
    kind: 'rent',
    months,
    amount,
    expires,
  })
}

/** POST /api/payments for these months (`monthCovered` for one, `monthsCovered` for more). */
function postCover(client: ApiClient, tenant: User, roomId: number, months: string[], id: string) {
  return as(client.post('/api/payments'), tenant).json({
    roomId,
    paymentReference: id,
    ...(months.length === 1 ? { monthCovered: months[0] } : { monthsCovered: months }),
  })
}

/** Asserts that the gateway payment was given back and left no trace but its refusal. */
async function assertRefused(assert: Assert, id: string, reason: string) {
  await assertRefundedUnrecorded(assert, id)
  const refused = await paymentEvents('payment.refused').orderBy('id', 'desc').firstOrFail()
  assert.containsSubset(refused.details, { gatewayPaymentId: id, reason })
}

rateLimitedGroup('Card payments: bounded in time, and only the server’s claim (issue 39)', () => {
  test('quotes outside her stay, or outside the years we accept, answer 422 in her language', async ({
    client,
    assert,
  }) => {
    const { tenant, room, first } = await stayFromLastMonth({ endIn: 2 })
    const end = addMonths(currentMonth(), 2)
    const quote = (qs: Record<string, string>, locale = 'en') =>
      as(client.get('/api/payments/quote').qs({ roomId: String(room.id), ...qs }), tenant).header(
        'x-locale',
        locale
      )
    const validMonths = 'Please choose valid months, from 2000 to 2199'
    const validMonth = 'Please choose a valid month, from 2000 to 2199'
    const cases: [Record<string, string>, string][] = [
      [{ monthsCovered: '9999-10,9999-11,9999-12' }, validMonths],
      [{ monthsCovered: '9999-12,10000-01,10000-02' }, validMonths],
      [{ monthCovered: '10000-01' }, validMonth],
      [{ monthCovered: '0000-01' }, validMonth],
      [{ monthCovered: '9999-12' }, validMonth],
      [{ monthsCovered: '2099-01,2099-02,2099-03' }, 'These months are not all part of your stay'],
      [{ monthCovered: '2099-01' }, 'This month is not part of your stay'],
      [{ monthCovered: addMonths(first, -1) }, 'This month is not part of your stay'],
      [{ monthCovered: addMonths(end, 1) }, 'This month is not part of your stay'],
      [
        { monthsCovered: [0, 1, 2].map((n) => addMonths(end, n - 1)).join(',') },
        'These months are not all part of your stay',
      ],
    ]
    for (const [qs, message] of cases) {
      const response = await quote(qs)
      assertMessage(assert, response, 422, message, JSON.stringify(qs))
    }
    const arabic = await quote({ monthCovered: addMonths(first, -1) }, 'ar')
    assertMessage(assert, arabic, 422, 'هذا الشهر ليس ضمن إقامتك')
    const arabicYears = await quote({ monthCovered: '10000-01' }, 'ar')
    assert.equal(arabicYears.body().message, 'يرجى اختيار شهر صحيح، من ٢٠٠٠ إلى ٢١٩٩')

    /* Her first and last months are hers to pay, each with a claim of hers. */
    for (const month of [first, end]) {
      const response = await quote({ monthCovered: month })
      response.assertStatus(200)
      assert.match(response.body().claim, new RegExp(`^v1\\.\\d+\\.${tenant.id}\\.${room.id}\\.`))
    }
    assert.lengthOf(await Payment.query().where('room_id', room.id), 0)
  })

  test('payments for months outside her stay or our years are refused, and nothing recorded', async ({
    client,
    assert,
  }) => {
    const { tenant, room, stay, first } = await stayFromLastMonth({ endIn: 2 })
    const end = addMonths(currentMonth(), 2)
    const rent = room.priceHalalas
    const quarter = Math.round(rent * 3 * 0.95)

    /* 9999-10…12 and 10000-01 are not months of ours: refused before the gateway is asked. */
    const far = ['9999-10', '9999-11', '9999-12']
    const farId = await payFor(
      tenant,
      room.id,
      { months: far },
      { claim: null, amountHalalas: quarter }
    )
    const farPost = await postCover(client, tenant, room.id, far, farId)
    farPost.assertStatus(422)
    assert.equal(farPost.body().errors[0].field, 'monthsCovered.0')
    const beyond = await postCover(client, tenant, room.id, ['10000-01'], farId)
    beyond.assertStatus(422)
    assert.equal(beyond.body().errors[0].field, 'monthCovered')
    /* Its webhook refunds it: the form's own fields are not a claim. */
    ;(
      await client
        .post('/api/payments/webhook')
        .json(await webhookEvent(farId, TEST_WEBHOOK_SECRET))
    ).assertStatus(200)
    await assertRefused(assert, farId, 'no_claim')

    /* 2099 with the form's fields only: no claim of ours. */
    const ahead = ['2099-01', '2099-02', '2099-03']
    const handMade = await payFor(
      tenant,
      room.id,
      { months: ahead },
      { claim: null, amountHalalas: quarter }
    )
    const handMadePost = await postCover(client, tenant, room.id, ahead, handMade)
    handMadePost.assertStatus(422)
    await assertRefused(assert, handMade, 'no_claim')

    /* Even a claim signed by the server is checked against her stay when it is recorded. */
    const signed: [string[], number, string][] = [
      [ahead, quarter, 'These months are not all part of your stay'],
      [[addMonths(first, -1)], rent, 'This month is not part of your stay'],
      [[addMonths(end, 1)], rent, 'This month is not part of your stay'],
    ]
    for (const [months, amount, message] of signed) {
      const claim = claimFor(stay, months, amount)
      const id = await payFor(tenant, room.id, { months }, { claim })
      const response = await postCover(client, tenant, room.id, months, id)
      assertMessage(assert, response, 422, message, months.join(','))
      await assertRefused(assert, id, 'outside_stay')
    }
    assert.lengthOf(await Payment.query().where('room_id', room.id), 0)
    assert.lengthOf(await PaymentMonth.query().where('room_id', room.id), 0)
  })

  test('a claim missing, forged, expired, another resident’s or for another amount is refunded, never credited', async ({
    client,
    assert,
  }) => {
    const { tenant, room, stay } = await stayFromLastMonth()
    const other = await approvedTenant()
    const month = currentMonth()
    const rent = room.priceHalalas
    const receipts = (await Receipt.query()).length
    const quoted = await askQuote(tenant, room.id, { months: [month] })
    assert.equal(quoted.status, 200)
    const claim: string = quoted.body.claim
    const parts = claim.split('.')
    const theirs = await askQuote(other.tenant, other.room.id, { months: [month] })

    const attempts: { claim: string | null; amount?: number; reason: string; message: string }[] = [
      {
        claim: null,
        reason: 'no_claim',
        message:
          'This payment does not say which room and month it pays for, so it was not recorded; any charge has been refunded',
      },
      {
        /* Her claim with a lower amount written in: the signature no longer matches. */
        claim: [...parts.slice(0, 6), '100', ...parts.slice(7)].join('.'),
        amount: 100,
        reason: 'forged_claim',
        message:
          'This payment does not carry a quote Sakan made for it, so it was not recorded; any charge has been refunded',
      },
      {
        claim: `${parts.slice(0, 8).join('.')}.${'A'.repeat(43)}`,
        reason: 'forged_claim',
        message:
          'This payment does not carry a quote Sakan made for it, so it was not recorded; any charge has been refunded',
      },
      {
        claim: claimFor(stay, [month], rent, Math.floor(Date.now() / 1000) - 1),
        reason: 'expired_claim',
        message:
          'This payment was made after its quote expired, so it was not recorded; any charge has been refunded. Please start the payment again',
      },
      {
        claim,
        amount: rent - 100,
        reason: 'amount_mismatch',
        message:
          'The amount charged is not the amount quoted. Any amount charged has been refunded.',
      },
    ]
    for (const attempt of attempts) {
      const id = await payFor(
        tenant,
        room.id,
        { months: [month] },
        {
          claim: attempt.claim,
          amountHalalas: attempt.amount ?? rent,
        }
      )
      const response = await postCover(client, tenant, room.id, [month], id)
      assertMessage(assert, response, 422, attempt.message, attempt.reason)
      await assertRefused(assert, id, attempt.reason)
    }
    assert.lengthOf(await Payment.query().whereIn('room_id', [room.id, other.room.id]), 0)
    assert.lengthOf(await Receipt.query(), receipts)

    /*
     * Another resident's claim posted as hers: not hers, so 409, and not refunded either (else
     * anyone who learnt a payment's id could undo it); it is credited to whom it names only.
     */
    const theirsPaid = await payFor(
      tenant,
      room.id,
      { months: [month] },
      { claim: theirs.body.claim, amountHalalas: other.room.priceHalalas }
    )
    const posted = await postCover(client, tenant, room.id, [month], theirsPaid)
    posted.assertStatus(409)
    assert.equal((await gatewayPayment(theirsPaid)).status, 'paid')
    assert.lengthOf(await Payment.query().where('user_id', tenant.id), 0)

    /* Her own claim at its amount still pays the month. */
    const id = await payFor(tenant, room.id, { months: [month] }, { claim })
    const paid = await postCover(client, tenant, room.id, [month], id)
    paid.assertStatus(201)
    assert.equal(paid.body().paymentStatus, 'completed')
  })

  test('paid once per stay: a later stay on the room pays a month an earlier stay paid', async ({
    client,
    assert,
  }) => {
    const month = currentMonth()
    const { tenant, room, stay } = await stayFromLastMonth()
    stay.merge({
      state: 'ended',
      endDate: DateTime.fromISO(`${month}-10`),
      endReason: 'Moving out',
    })
    await stay.save()
    const earlier = await payRent(tenant, room, month)
    ;(await postPayment(client, tenant, room.id, month, earlier)).assertStatus(201)

    /* The next resident's stay, from the day after (inserted as approval would open it). */
    const next = await UserFactory.create()
    const application = await ApplicationFactory.merge({
      userId: next.id,
      roomId: room.id,
      status: 'approved',
      moveInDate: DateTime.fromISO(`${month}-11`),
    }).create()
    await db.transaction((trx) => openTenancy(trx, application, room.priceHalalas))

    const quote = await askQuote(next, room.id, { months: [month] })
    assert.equal(quote.status, 200, quote.body.message)
    const later = await payRent(next, room, month)
    const paid = await postPayment(client, next, room.id, month, later)
    paid.assertStatus(201)
    assert.equal(paid.body().paymentStatus, 'completed')
    const rows = await PaymentMonth.query()
      .where('room_id', room.id)
      .where('month', month)
      .where('completed', true)
      .orderBy('id')
    assert.deepEqual(
      rows.map((row) => row.applicationId),
      [stay.applicationId, application.id]
    )
    /* Within a stay it is still paid once. */
    const again = await askQuote(tenant, room.id, { months: [month] })
    assert.equal(again.status, 422)
    assert.equal(again.body.message, 'This month is already paid')
  })
})
