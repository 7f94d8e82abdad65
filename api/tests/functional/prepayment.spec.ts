import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import { addMonths, monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import { rentTerms } from '#config/rent'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import Receipt from '#models/receipt'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { as, rateLimitedGroup } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import { offersOf, tenancy } from '#tests/tenancy'
import {
  askQuote,
  assertRefundedUnrecorded,
  CARDS,
  gatewayPayment,
  payFor,
  type Cover,
} from '#tests/payments'

/** A resident with her approved room and stay, and the first `count` unpaid months of the stay. */
async function resident(count = 3) {
  const { tenant, room, application } = await tenancy()
  const stay = await Tenancy.findByOrFail('applicationId', application.id)
  const offers = offersOf(stay)
  return { tenant, room, stay, months: offers.months.slice(0, count) }
}

/**
 * Charges a card as the account app does for these months (or the deposit): the quote's claim
 * in the metadata; at `amountHalalas` (the quote's amount unless said).
 */
function charge(tenant: User, roomId: number, amountHalalas: number | undefined, cover: Cover) {
  return payFor(tenant, roomId, cover, { amountHalalas, fallbackHalalas: amountHalalas })
}

/** POST /api/payments as the form does it for these months (or the deposit). */
function post(
  client: ApiClient,
  tenant: User,
  roomId: number,
  reference: string,
  cover: { months: string[] } | { deposit: true }
) {
  const body =
    'deposit' in cover
      ? { kind: 'deposit' }
      : cover.months.length === 1
        ? { monthCovered: cover.months[0] }
        : { monthsCovered: cover.months }
  return as(client.post('/api/payments'), tenant).json({
    roomId,
    paymentReference: reference,
    ...body,
  })
}

rateLimitedGroup('Paying ahead and the deposit (issues 26, 39)', () => {
  test('the quote takes 5 % off 3 months and 10 % off 12; the deposit is one month', async ({
    client,
    assert,
  }) => {
    const { tenant, room, months } = await resident(12)
    const rent = room.priceHalalas / 100
    const quote = (qs: Record<string, string>) =>
      as(client.get('/api/payments/quote').qs({ roomId: String(room.id), ...qs }), tenant)

    const quarter = await quote({ monthsCovered: months.slice(0, 3).join(',') })
    quarter.assertStatus(200)
    assert.deepInclude(quarter.body(), {
      monthsCovered: months.slice(0, 3),
      gross: rent * 3,
      discountPercent: 5,
      discount: (rent * 3 * 5) / 100,
      amount: rent * 3 * 0.95,
      currency: 'SAR',
    })
    const year = await quote({ monthsCovered: months.join(',') })
    assert.equal(year.body().amount, Math.round(rent * 12 * 90) / 100)
    const deposit = await quote({ kind: 'deposit' })
    assert.deepInclude(deposit.body(), { kind: 'deposit', amount: rent, discount: 0 })

    const gap = await quote({ monthsCovered: [months[0], months[2], months[3]].join(',') })
    assertMessage(assert, gap, 422, 'Please choose months that follow one another')
    const two = await quote({ monthsCovered: months.slice(0, 2).join(',') })
    assertMessage(assert, two, 422, 'Please choose one month, or 3 or 12 months in a row')
  })

  test('a month in arrears, before the months offered, is quoted and paid alone', async ({
    client,
    assert,
  }) => {
    const { tenant, room, stay } = await resident()
    const arrears = addMonths(monthsOffered(PAYMENT_MONTHS_OFFERED)[0]!, -2)
    stay.startDate = DateTime.fromISO(`${arrears}-01`)
    await stay.save()

    // The stay decides, not the months offered: the spec's one-month field quotes it too.
    const single = await as(
      client.get('/api/payments/quote').qs({ roomId: String(room.id), monthCovered: arrears }),
      tenant
    )
    single.assertStatus(200)
    const quote = await as(
      client.get('/api/payments/quote').qs({ roomId: String(room.id), monthsCovered: arrears }),
      tenant
    )
    quote.assertStatus(200)
    assert.deepInclude(quote.body(), {
      monthsCovered: [arrears],
      amount: room.priceHalalas / 100,
      discount: 0,
    })
    // Before the stay began: not a month it owes.
    const before = await as(
      client
        .get('/api/payments/quote')
        .qs({ roomId: String(room.id), monthsCovered: addMonths(arrears, -1) }),
      tenant
    )
    assertMessage(assert, before, 422, 'This month is not part of your stay')

    // With a late fee configured, a month past its grace carries it.
    const fee = rentTerms.lateFee
    rentTerms.lateFee = { kind: 'amount', halalas: 5000 }
    try {
      const late = await as(
        client.get('/api/payments/quote').qs({ roomId: String(room.id), monthsCovered: arrears }),
        tenant
      )
      assert.deepInclude(late.body(), {
        gross: room.priceHalalas / 100 + 50,
        amount: room.priceHalalas / 100 + 50,
      })
    } finally {
      rentTerms.lateFee = fee
    }

    const id = await charge(tenant, room.id, undefined, { months: [arrears] })
    const paid = await as(client.post('/api/payments'), tenant).json({
      roomId: room.id,
      paymentReference: id,
      monthsCovered: [arrears],
    })
    paid.assertStatus(201)
    assert.deepInclude(paid.body(), { paymentStatus: 'completed', monthsCovered: [arrears] })
    const ledger = await as(client.get(`/api/tenancies/${stay.id}/ledger`), tenant)
    assert.deepInclude(ledger.body()[0], { month: arrears, state: 'paid' })
  })

  test('3 months paid ahead: one gateway payment, three paid months, a receipt with the discount', async ({
    client,
    assert,
  }) => {
    const { tenant, room, stay, months } = await resident(3)
    const amount = Math.round(room.priceHalalas * 3 * 0.95)
    const id = await charge(tenant, room.id, amount, { months })
    const response = await post(client, tenant, room.id, id, { months })
    response.assertStatus(201)
    assert.equal(response.body().paymentStatus, 'completed')
    assert.deepInclude(response.body(), { kind: 'rent', monthsCovered: months })

    const payment = await Payment.findByOrFail('gatewayPaymentId', id)
    const listed = await as(client.get('/api/payments'), tenant)
    assert.deepInclude(
      listed.body().find((row: { id: number }) => row.id === payment.id),
      { kind: 'rent', monthsCovered: months }
    )
    assert.equal(payment.amountHalalas, amount)
    const covered = await PaymentMonth.query().where('payment_id', payment.id).orderBy('month')
    assert.deepEqual(
      covered.map((row) => [row.month, row.completed]),
      months.map((month) => [month, true])
    )
    const ledger = await as(client.get(`/api/tenancies/${stay.id}/ledger`), tenant)
    const paidMonths = ledger
      .body()
      .filter((month: { state: string }) => month.state === 'paid')
      .map((month: { month: string; paymentId: number }) => [month.month, month.paymentId])
    assert.deepEqual(
      paidMonths,
      months.map((month) => [month, payment.id])
    )

    const receipt = await as(client.get(`/api/payments/${payment.id}/receipt`), tenant)
    receipt.assertStatus(200)
    assert.match(receipt.body().number, /^\d{4}-\d{6}$/)
    assert.deepInclude(receipt.body(), {
      kind: 'rent',
      monthsCovered: months,
      gross: (room.priceHalalas * 3) / 100,
      amount: amount / 100,
      refunded: false,
      paymentReference: id,
    })
    assert.closeTo(receipt.body().discount, (room.priceHalalas * 3 * 0.05) / 100, 0.01)
  })

  test('an undiscounted, over-discounted or wrong-months charge is refused and refunded', async ({
    client,
    assert,
  }) => {
    const { tenant, room, months } = await resident(4)
    const run = months.slice(0, 3)
    for (const amount of [room.priceHalalas * 3, Math.round(room.priceHalalas * 3 * 0.8)]) {
      const id = await charge(tenant, room.id, amount, { months: run })
      const refused = await post(client, tenant, room.id, id, { months: run })
      assertMessage(
        assert,
        refused,
        422,
        'The amount charged is not the amount quoted. Any amount charged has been refunded.'
      )
      await assertRefundedUnrecorded(assert, id)
    }
    /* Three months that do not start at the first unpaid one's run are still three in a row;
       but two months, or a gap, are not a plan at all. */
    const gap = [months[0]!, months[1]!, months[3]!]
    const id = await charge(tenant, room.id, Math.round(room.priceHalalas * 3 * 0.95), {
      months: gap,
    })
    ;(await post(client, tenant, room.id, id, { months: gap })).assertStatus(422)
    assert.isNull(await Payment.findBy('gatewayPaymentId', id))
  })

  test('a month paid ahead cannot be paid again, alone or in another plan', async ({
    client,
    assert,
  }) => {
    const { tenant, room, months } = await resident(3)
    const prepaid = await charge(tenant, room.id, undefined, { months })
    /* Quoted before the plan was recorded (another tab, say): the claim is good, the month not. */
    const earlier = await askQuote(tenant, room.id, { months: [months[1]!] })
    ;(await post(client, tenant, room.id, prepaid, { months })).assertStatus(201)

    const again = await payFor(
      tenant,
      room.id,
      { months: [months[1]!] },
      {
        claim: earlier.body.claim,
        amountHalalas: room.priceHalalas,
      }
    )
    const response = await post(client, tenant, room.id, again, { months: [months[1]!] })
    response.assertStatus(201)
    assert.equal(response.body().paymentStatus, 'refunded')
    assert.equal(response.body().statusReason, 'month_already_paid')
    assert.equal((await gatewayPayment(again)).status, 'refunded')

    const quote = await as(
      client
        .get('/api/payments/quote')
        .qs({ roomId: String(room.id), monthsCovered: months.join(',') }),
      tenant
    )
    assertMessage(assert, quote, 422, 'These months are already paid')
    const alone = await askQuote(tenant, room.id, { months: [months[1]!] }, 'ar')
    assert.equal(alone.status, 422)
    assert.equal(alone.body.message, 'هذا الشهر مدفوع بالفعل')
  })

  test('the deposit is paid once; a declined attempt after it leaves it paid', async ({
    client,
    assert,
  }) => {
    const { tenant, room, stay } = await resident()
    const first = await charge(tenant, room.id, undefined, { deposit: true })
    const earlier = await askQuote(tenant, room.id, { deposit: true })
    const paid = await post(client, tenant, room.id, first, { deposit: true })
    paid.assertStatus(201)
    assert.deepInclude(paid.body(), {
      paymentStatus: 'completed',
      kind: 'deposit',
      monthsCovered: [],
      amount: stay.depositHalalas / 100,
    })

    /* Paid twice with a claim quoted before the first was recorded: refunded. */
    const second = await payFor(tenant, room.id, { deposit: true }, { claim: earlier.body.claim })
    const twice = await post(client, tenant, room.id, second, { deposit: true })
    assert.equal(twice.body().paymentStatus, 'refunded')
    assert.equal((await gatewayPayment(second)).status, 'refunded')

    /* A declined attempt (its claim quoted earlier too) is recorded failed, and changes nothing. */
    const declined = await payFor(
      tenant,
      room.id,
      { deposit: true },
      {
        claim: earlier.body.claim,
        card: CARDS.declined,
      }
    )
    const failed = await post(client, tenant, room.id, declined, { deposit: true })
    assert.equal(failed.body().paymentStatus, 'failed')
    for (const locale of ['en', 'ar'] as const) {
      const quote = await askQuote(tenant, room.id, { deposit: true }, locale)
      assert.equal(quote.status, 422)
      assert.equal(
        quote.body.message,
        locale === 'en' ? 'The deposit is already paid' : 'مبلغ التأمين مدفوع بالفعل'
      )
    }
    const completed = await Payment.query()
      .where('application_id', stay.applicationId)
      .where('kind', 'deposit')
      .where('status', 'completed')
    assert.deepEqual(
      completed.map((payment) => payment.gatewayPaymentId),
      [first]
    )

    const receipt = await as(client.get(`/api/payments/${paid.body().id}/receipt`), tenant)
    assert.equal(receipt.body().kind, 'deposit')
    assert.deepEqual(receipt.body().monthsCovered, [])
  })

  test('a receipt is the payer’s and the administrator’s only', async ({ client }) => {
    const { tenant, room, months } = await resident(1)
    const id = await charge(tenant, room.id, room.priceHalalas, { months })
    const paid = await post(client, tenant, room.id, id, { months })
    const path = `/api/payments/${paid.body().id}/receipt`
    const stranger = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    ;(await as(client.get(path), stranger)).assertStatus(404)
    ;(await as(client.get(path), admin)).assertStatus(200)
    ;(await client.get(path)).assertStatus(401)
  })

  test('receipt numbers follow one another within the year', async ({ client, assert }) => {
    const numbers: number[] = []
    for (let index = 0; index < 3; index++) {
      const { tenant, room, months } = await resident(1)
      const id = await charge(tenant, room.id, room.priceHalalas, { months })
      const paid = await post(client, tenant, room.id, id, { months })
      const receipt = await Receipt.findByOrFail('paymentId', paid.body().id)
      numbers.push(receipt.number)
    }
    assert.deepEqual(numbers, [numbers[0]!, numbers[0]! + 1, numbers[0]! + 2])
  })
})
