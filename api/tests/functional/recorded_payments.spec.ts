import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  addMonths,
  daysInMonth,
  monthCharge,
  rentLedger,
  riyadhToday,
  toHalalas,
  type LedgerRow,
  type Payment as PaymentJson,
  type RentRoll,
  type RentTerms,
} from '@sakan/common'
import { rentTerms } from '#config/rent'
import AuditEvent from '#models/audit_event'
import Notification from '#models/notification'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { as, rateLimitedGroup } from '#tests/helpers'
import { rentRoll } from '#services/rent_roll'
import { adminAndStay, stayFor } from '#tests/tenancy'
import { completedCardPayment, gatewayPayment } from '#tests/payments'

/*
 * Rent that arrives another way (Ejar, transfer, cash), voids, and refunds from the back
 * office (issue 44).
 */

const today = () => riyadhToday()
const thisMonth = () => today().slice(0, 7)

function recording(client: any, admin: User, stay: Tenancy, body: Record<string, unknown>) {
  return as(client.post(`/api/admin/tenancies/${stay.id}/payments`), admin).json(body)
}

async function ledgerOf(client: any, user: User, stay: Tenancy): Promise<LedgerRow[]> {
  const response = await as(client.get(`/api/tenancies/${stay.id}/ledger`), user)
  response.assertStatus(200)
  return response.body()
}

const paymentsCount = async () => Number((await db.from('payments').count('* as n').first())!.n)

rateLimitedGroup('Recorded payments: Ejar, transfer, cash', () => {
  test('an Ejar payment pays her overdue month, with its receipt; the same reference is 409, a wrong amount 422; voided, the month is overdue again', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, stay } = await adminAndStay({ monthsAgo: 2, rent: 250_000 })
    const overdueMonth = addMonths(thisMonth(), -2)
    const before = await ledgerOf(client, tenant, stay)
    const overdueBefore = before.filter((row) => row.state === 'overdue').length
    assert.equal(before.find((row) => row.month === overdueMonth)!.state, 'overdue')

    /* A wrong amount: 422 naming the right one, in her language; nothing kept. */
    const count = await paymentsCount()
    const wrong = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: [overdueMonth],
      method: 'ejar',
      reference: 'SADAD-153-77',
      receivedOn: today(),
      amount: 2000,
    })
    wrong.assertStatus(422)
    assert.equal(wrong.body().errors[0].field, 'amount')
    assert.equal(wrong.body().message, 'The amount for these months is 2,500 SAR')
    const wrongAr = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: [overdueMonth],
      method: 'ejar',
      reference: 'SADAD-153-77',
      receivedOn: today(),
      amount: 2000,
    }).header('x-locale', 'ar')
    assert.equal(wrongAr.body().message, 'مبلغ هذه الأشهر ٢٬٥٠٠ ريال')
    assert.equal(await paymentsCount(), count)

    /* Months outside her stay: 422; a date received ahead: 422. */
    const outside = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: ['9999-10'],
      method: 'cash',
      reference: 'B-1',
      receivedOn: today(),
      amount: 2500,
    })
    outside.assertStatus(422)
    const ahead = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: [overdueMonth],
      method: 'cash',
      reference: 'B-1',
      receivedOn: DateTime.fromISO(today()).plus({ days: 1 }).toISODate(),
      amount: 2500,
    })
    ahead.assertStatus(422)
    assert.equal(ahead.body().errors[0].field, 'receivedOn')

    /* Recorded: paid by Ejar on her ledger, with a receipt that says so. */
    const recorded = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: [overdueMonth],
      method: 'ejar',
      reference: 'SADAD-153-77',
      receivedOn: today(),
      amount: 2500,
    })
    recorded.assertStatus(201)
    const payment: PaymentJson = recorded.body()
    assert.containsSubset(payment, {
      paymentMethod: 'ejar',
      paymentReference: 'SADAD-153-77',
      paymentStatus: 'completed',
      amount: 2500,
      monthsCovered: [overdueMonth],
      refundedAmount: 0,
      voidReason: null,
    })
    const after = await ledgerOf(client, tenant, stay)
    assert.containsSubset(
      after.find((row) => row.month === overdueMonth)!,
      {
        state: 'paid',
        paymentId: payment.id,
        paymentMethod: 'ejar',
      }
    )
    assert.equal(after.filter((row) => row.state === 'overdue').length, overdueBefore - 1)
    const receipt = await as(client.get(`/api/payments/${payment.id}/receipt`), tenant)
    receipt.assertStatus(200)
    assert.containsSubset(receipt.body(), {
      paymentMethod: 'ejar',
      paymentReference: 'SADAD-153-77',
      amount: 2500,
      voided: false,
    })
    const told = await Notification.query()
      .where('user_id', tenant.id)
      .where('kind', 'payment_completed')
      .firstOrFail()
    assert.equal(told.data.method, 'ejar')
    assert.isNotNull(
      await AuditEvent.query()
        .where('action', 'payment.received')
        .where('subject_id', payment.id)
        .first()
    )

    /* The same reference again, for another month: 409, nothing kept. */
    const again = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: [addMonths(thisMonth(), -1)],
      method: 'ejar',
      reference: 'SADAD-153-77',
      receivedOn: today(),
      amount: 2500,
    })
    again.assertStatus(409)
    assert.equal(again.body().message, 'This reference is already recorded for another payment')
    /* The month paid already: 409. */
    const twice = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: [overdueMonth],
      method: 'cash',
      reference: 'BOOK-12',
      receivedOn: today(),
      amount: 2500,
    })
    twice.assertStatus(409)

    /* Voided with a reason: the month is overdue again, audited, she is told, the receipt says so. */
    const voided = await as(client.post(`/api/admin/payments/${payment.id}/void`), admin).json({
      reason: 'Recorded on the wrong stay',
    })
    voided.assertStatus(200)
    assert.containsSubset(voided.body(), {
      paymentStatus: 'voided',
      voidReason: 'Recorded on the wrong stay',
    })
    const reopened = await ledgerOf(client, tenant, stay)
    assert.equal(reopened.find((row) => row.month === overdueMonth)!.state, 'overdue')
    assert.equal(reopened.filter((row) => row.state === 'overdue').length, overdueBefore)
    const audited = await AuditEvent.query()
      .where('action', 'payment.voided')
      .where('subject_id', payment.id)
      .firstOrFail()
    assert.equal(audited.actorId, admin.id)
    assert.isNotNull(
      await Notification.query().where('user_id', tenant.id).where('kind', 'payment_voided').first()
    )
    const voidedReceipt = await as(client.get(`/api/payments/${payment.id}/receipt`), tenant)
    assert.containsSubset(voidedReceipt.body(), {
      voided: true,
      voidReason: 'Recorded on the wrong stay',
    })
    /* A second void: 409; a card payment cannot be voided: 422. */
    ;(
      await as(client.post(`/api/admin/payments/${payment.id}/void`), admin).json({ reason: 'x' })
    ).assertStatus(409)
    /* Once voided, its reference may be recorded again (for the right stay). */
    ;(
      await recording(client, admin, stay, {
        kind: 'rent',
        monthsCovered: [overdueMonth],
        method: 'ejar',
        reference: 'SADAD-153-77',
        receivedOn: today(),
        amount: 2500,
      })
    ).assertStatus(201)
  })

  test('several months and the deposit by bank transfer; a resident cannot record, void or refund', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, stay } = await adminAndStay({ monthsAgo: 1, rent: 100_000 })
    const months = [addMonths(thisMonth(), -1), thisMonth()]
    const two = await recording(client, admin, stay, {
      kind: 'rent',
      monthsCovered: months,
      method: 'bank_transfer',
      reference: 'TRF 2026/12/01',
      receivedOn: today(),
      amount: 2000,
    })
    two.assertStatus(201)
    assert.deepEqual(two.body().monthsCovered, months)
    const deposit = await recording(client, admin, stay, {
      kind: 'deposit',
      method: 'cash',
      reference: 'BOOK-7',
      receivedOn: today(),
      amount: 1000,
    })
    deposit.assertStatus(201)
    const shown = await as(client.get(`/api/tenancies/${stay.id}`), tenant)
    assert.equal(shown.body().deposit.state, 'held')

    const resident = await UserFactory.create()
    for (const request of [
      client.post(`/api/admin/tenancies/${stay.id}/payments`),
      client.post(`/api/admin/payments/${two.body().id}/void`),
      client.post(`/api/admin/payments/${two.body().id}/refund`),
      client.get('/api/admin/rent-roll'),
      client.get('/api/admin/rent-roll/export'),
    ]) {
      ;(await as(request, resident).json({ reason: 'x', amount: 1 })).assertStatus(403)
    }
  })
})

rateLimitedGroup('Refunds from the back office', () => {
  test('half of a card payment refunded: the sandbox shows it, her receipt and ledger too; beyond the rest, 422', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, stay } = await adminAndStay({ monthsAgo: 0, rent: 300_000 })
    const month = thisMonth()
    const payment = await completedCardPayment(stay, [month], 300_000)
    await db.table('receipts').insert({
      payment_id: payment.id,
      year: 2026,
      number: 900_001,
      gross_halalas: 300_000,
      discount_halalas: 0,
      issued_at: DateTime.now().toSQL({ includeOffset: false }),
    })

    const half = await as(client.post(`/api/admin/payments/${payment.id}/refund`), admin).json({
      amount: 1500,
      reason: 'Water was off for two weeks',
    })
    half.assertStatus(200)
    assert.containsSubset(half.body(), { paymentStatus: 'completed', refundedAmount: 1500 })
    assert.equal((await gatewayPayment(payment.gatewayPaymentId!)).refunded, 150_000)
    /* Less than the month's share went back: the month stays paid, its refund shown. */
    const ledger = await ledgerOf(client, tenant, stay)
    assert.containsSubset(
      ledger.find((row) => row.month === month)!,
      {
        state: 'paid',
        refunded: 1500,
        paymentMethod: 'creditCard',
      }
    )
    const receipt = await as(client.get(`/api/payments/${payment.id}/receipt`), tenant)
    assert.containsSubset(receipt.body(), {
      refundedAmount: 1500,
      refunded: false,
      refunds: [{ amount: 1500, reason: 'Water was off for two weeks' }],
    })
    assert.isNotNull(
      await Notification.query()
        .where('user_id', tenant.id)
        .where('kind', 'payment_refunded')
        .first()
    )

    /* More than the rest: 422 naming what is left; nothing given back. */
    const beyond = await as(client.post(`/api/admin/payments/${payment.id}/refund`), admin).json({
      amount: 1500.01,
      reason: 'Again',
    })
    beyond.assertStatus(422)
    assert.equal(
      beyond.body().message,
      'The refund cannot be more than the 1,500 SAR left of this payment'
    )
    assert.equal((await gatewayPayment(payment.gatewayPaymentId!)).refunded, 150_000)

    /* The rest: the payment is refunded whole and the month is open again. */
    const rest = await as(client.post(`/api/admin/payments/${payment.id}/refund`), admin).json({
      amount: 1500,
      reason: 'She moved out',
    })
    rest.assertStatus(200)
    assert.containsSubset(rest.body(), { paymentStatus: 'refunded', refundedAmount: 3000 })
    const reopened = await ledgerOf(client, tenant, stay)
    assert.notEqual(reopened.find((row) => row.month === month)!.state, 'paid')
    assert.lengthOf(
      await AuditEvent.query().where('action', 'payment.refunded').where('subject_id', payment.id),
      2
    )
  })

  test('two refunds at once that together exceed the payment: one succeeds, the other is 422', async ({
    client,
    assert,
  }) => {
    const { admin, stay } = await adminAndStay({ monthsAgo: 0, rent: 200_000 })
    const payment = await completedCardPayment(stay, [thisMonth()], 200_000)
    const refund = () =>
      as(client.post(`/api/admin/payments/${payment.id}/refund`), admin).json({
        amount: 1500,
        reason: 'Goodwill',
      })
    const statuses = (await Promise.all([refund(), refund()])).map((response) => response.status())
    assert.sameMembers(statuses, [200, 422])
    assert.equal((await gatewayPayment(payment.gatewayPaymentId!)).refunded, 150_000)
  })

  test('a recorded payment is not refunded through the gateway, nor a card payment voided', async ({
    client,
  }) => {
    const { admin, stay } = await adminAndStay({ monthsAgo: 0, rent: 100_000 })
    const card = await completedCardPayment(stay, [thisMonth()], 100_000)
    ;(
      await as(client.post(`/api/admin/payments/${card.id}/void`), admin).json({ reason: 'x' })
    ).assertStatus(422)
    const cash = await recording(client, admin, stay, {
      kind: 'deposit',
      method: 'cash',
      reference: 'BOOK-1',
      receivedOn: today(),
      amount: 1000,
    })
    cash.assertStatus(201)
    ;(
      await as(client.post(`/api/admin/payments/${cash.body().id}/refund`), admin).json({
        amount: 10,
        reason: 'x',
      })
    ).assertStatus(422)
  })
})

rateLimitedGroup('The rent roll', () => {
  test('this month by default: figures that add up, the residents behind by age, the 12 months; a month ahead is 422', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, stay, room } = await adminAndStay({ monthsAgo: 3, rent: 200_000 })
    /* Two months ago paid in cash; the rest owed. */
    ;(
      await recording(client, admin, stay, {
        kind: 'rent',
        monthsCovered: [addMonths(thisMonth(), -2)],
        method: 'cash',
        reference: 'BOOK-31',
        receivedOn: today(),
        amount: 2000,
      })
    ).assertStatus(201)
    const response = await as(client.get('/api/admin/rent-roll'), admin)
    response.assertStatus(200)
    const roll: RentRoll = response.body()
    assert.equal(roll.month, thisMonth())
    assert.equal(roll.expected, 2000)
    assert.equal(roll.paid + roll.outstanding, roll.expected)
    assert.equal(roll.collected.byMethod.cash, 2000)
    assert.equal(roll.collected.total, 2000)
    assert.lengthOf(roll.history, 12)
    assert.equal(roll.history.at(-1)!.month, thisMonth())
    assert.equal(roll.history.at(-3)!.expected, 2000)
    assert.equal(roll.behind.total, 1)
    assert.containsSubset(roll.behind.residents[0], {
      tenancyId: stay.id,
      user: { id: tenant.id },
      room: { id: room.id },
    })
    assert.deepEqual(
      roll.behind.buckets.map((bucket) => bucket.bucket),
      ['1_30', '31_60', '61_90', 'over_90']
    )
    assert.equal(
      roll.behind.buckets.reduce((sum, bucket) => sum + bucket.residents, 0),
      1
    )

    /* Another building: nothing of hers. */
    const other = await as(client.get('/api/admin/rent-roll').qs({ buildingId: 999_999 }), admin)
    other.assertStatus(200)
    assert.equal(other.body().expected, 0)
    assert.equal(other.body().behind.total, 0)

    const ahead = await as(client.get('/api/admin/rent-roll').qs({ month: '2199-12' }), admin)
    ahead.assertStatus(422)
    assert.equal(ahead.body().message, 'The month cannot be after this month')
  })

  test('prorated rent: the months a stay begins or ends inside are charged by their days, as her ledger charges them', async ({
    assert,
  }) => {
    const prorated: RentTerms = { ...rentTerms, partialMonth: 'prorated' }
    const month = thisMonth()
    const earlier = addMonths(month, -2)
    /* One moving in on the 10th of this month, one who left on the 20th two months ago, one
       here the whole time. */
    const { stay: arriving } = await stayFor({ monthsAgo: 0, rent: 310_000 })
    arriving.startDate = DateTime.fromISO(`${month}-10`)
    await arriving.save()
    const { stay: leaving } = await stayFor({ monthsAgo: 5, rent: 300_000 })
    await leaving.merge({ endDate: DateTime.fromISO(`${earlier}-20`), state: 'ended' }).save()
    await stayFor({ monthsAgo: 3, rent: 200_000 })

    /* What the ledgers charge each month: common's rule over every stay that holds it. */
    const stays = (await Tenancy.all()).map((stay) => ({
      startDate: stay.startDate.toISODate()!,
      endDate: stay.endDate?.toISODate() ?? null,
      monthlyRent: stay.monthlyRentHalalas,
    }))
    const charged = (of: string) =>
      stays
        .filter(
          (stay) =>
            stay.startDate <= `${of}-${daysInMonth(of)}` &&
            (stay.endDate === null || stay.endDate >= `${of}-01`)
        )
        .reduce((sum, stay) => sum + monthCharge(stay, of, prorated), 0)
    /* Partial months are charged less than a whole rent: the check below means something. */
    assert.isBelow(charged(month), 310_000 + 200_000)
    assert.isBelow(charged(earlier), 300_000 + 200_000)

    const roll = await rentRoll({ month }, 'en', new Date(), prorated)
    assert.equal(toHalalas(roll.expected), charged(month))
    assert.lengthOf(roll.history, 12)
    for (const past of roll.history) assert.equal(toHalalas(past.expected), charged(past.month))
    /* By whole months (the configured terms), each stay holding the month owes its rent. */
    const whole = await rentRoll({ month }, 'en', new Date(), { ...prorated, partialMonth: 'full' })
    assert.equal(toHalalas(whole.expected), 310_000 + 200_000)
    assert.equal(toHalalas(whole.history.at(-3)!.expected), 300_000 + 200_000)

    /* Her partial month paid: paid grows by what that month charges her. */
    const share = monthCharge(
      stays.find((stay) => stay.monthlyRent === 310_000)!,
      month,
      prorated
    )
    await completedCardPayment(arriving, [month], share)
    const after = await rentRoll({ month }, 'en', new Date(), prorated)
    assert.equal(toHalalas(after.paid) - toHalalas(roll.paid), share)
    assert.equal(toHalalas(after.outstanding), charged(month) - toHalalas(after.paid))
  })

  test('its CSV: a byte-order mark, headers and words in her language, formula-safe cells', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, stay } = await adminAndStay({ monthsAgo: 1, rent: 150_000 })
    tenant.fullName = '=HYPERLINK("x") نورة'
    await tenant.save()
    const csv = await as(client.get('/api/admin/rent-roll/export'), admin).header('x-locale', 'ar')
    csv.assertStatus(200)
    assert.match(csv.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      csv.header('content-disposition') ?? '',
      /^attachment; filename="rent-roll-\d{4}-\d{2}\.csv"$/
    )
    const text = csv.text()
    assert.isTrue(text.startsWith('\ufeff'))
    const [header, line] = text.slice(1).trim().split('\n')
    assert.include(header, 'المقيمة')
    assert.include(line, `${stay.id},"'=HYPERLINK(""x"") نورة"`)
    /* Her month is due until the grace days end, overdue after: the ledger's rule says which. */
    const { state } = rentLedger(
      {
        startDate: stay.startDate.toISODate()!,
        endDate: null,
        monthlyRent: stay.monthlyRentHalalas,
      },
      [],
      rentTerms
    ).months.at(-1)!
    const words: Record<string, string> = { due: 'مستحق', overdue: 'متأخر' }
    assert.oneOf(state, ['due', 'overdue'])
    assert.include(line, words[state])
  })
})
