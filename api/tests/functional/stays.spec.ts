import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  addDays,
  addMonths,
  latestMoveIn,
  riyadhToday,
  staysOverlap,
  type StaySettlement,
} from '@sakan/common'
import AuditEvent from '#models/audit_event'
import Notification from '#models/notification'
import PaymentMonth from '#models/payment_month'
import { releaseFreedRooms, roomStaysFrom } from '#services/tenancies'
import { ApplicationFactory, UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest, rateLimitedGroup } from '#tests/helpers'
import { pngFile } from '#tests/fixtures'
import { adminAndStay, applicant, applying, assertNothingKept, review } from '#tests/tenancy'
import { completedCardPayment, gatewayPayment } from '#tests/payments'

/*
 * Stays bounded in time and never overlapping, and the money an ended stay leaves.
 */

const today = () => riyadhToday()
const thisMonth = () => today().slice(0, 7)

const roomRow = (id: number) =>
  db
    .from('rooms')
    .where('id', id)
    .select('availability', db.raw('CAST(available_from AS TEXT) AS available_from'))
    .firstOrFail()

rateLimitedGroup('Stays: a move-in date within the limits', () => {
  test('a move-in more than 12 months ahead is refused in her language; nothing is kept', async ({
    client,
    assert,
  }) => {
    const { tenant, room, before } = await applicant()
    for (const [moveInDate, locale, message] of [
      ['9999-12-31', 'en', 'The move-in date must be within 12 months from today'],
      ['2099-01-01', 'ar', 'يجب أن يكون تاريخ الانتقال خلال ١٢ شهرًا من اليوم'],
      [addDays(latestMoveIn(), 1), 'en', 'The move-in date must be within 12 months from today'],
      [addDays(today(), -1), 'en', 'Move-in date must be in the future'],
      ['1999-12-31', 'en', 'Move-in date must be in the future'],
    ] as const) {
      const response = await applying(client, tenant, room.id, moveInDate)
        .header('x-locale', locale)
        .file('idDocument', await pngFile())
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'moveInDate')
      assert.equal(response.body().message, message, moveInDate)
    }
    await assertNothingKept(assert, { tenant, before })

    /* The last day within the limit is taken. */
    ;(
      await applying(client, tenant, room.id, latestMoveIn()).file('idDocument', await pngFile())
    ).assertStatus(201)
  })
})

test.group('Stays: an end date within the limits', (group) => {
  isolateEachTest(group)

  test('an end date more than 5 years after the move-in is refused; the stay runs on', async ({
    client,
    assert,
  }) => {
    const { admin, stay, room } = await adminAndStay()
    const end = (endDate: string, locale = 'en') =>
      as(client.post(`/api/tenancies/${stay.id}/end`), admin)
        .header('x-locale', locale)
        .json({ endDate, reason: 'Moving' })

    for (const [endDate, locale, message] of [
      ['9999-12-31', 'en', 'The end date must be within 5 years of the move-in date'],
      ['2199-12-31', 'ar', 'يجب أن يكون تاريخ الانتهاء خلال ٥ سنوات من تاريخ الانتقال'],
      [
        addDays(DateTime.fromISO(stay.startDate.toISODate()!).plus({ years: 5 }).toISODate()!, 1),
        'en',
        'The end date must be within 5 years of the move-in date',
      ],
      ['1999-12-31', 'en', 'The end date cannot be before the move-in date'],
    ] as const) {
      const refused = await end(endDate, locale)
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'endDate')
      assert.equal(refused.body().message, message, endDate)
    }
    await stay.refresh()
    assert.equal(stay.state, 'active')
    const row = await roomRow(room.id)
    assert.isFalse(Boolean(row.availability))
    assert.isNull(row.available_from)
    assert.lengthOf(await AuditEvent.query().where('subject_type', 'tenancy'), 0)
  })
})

test.group('Stays: one room, one stay at a time', (group) => {
  isolateEachTest(group)

  test('an end date ahead keeps the room taken until then; approvals inside it are 409', async ({
    client,
    assert,
  }) => {
    const { admin, stay, room } = await adminAndStay()
    const endDate = addDays(today(), 40)
    const freeFrom = addDays(endDate, 1)

    const ended = await as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({
      endDate,
      reason: 'Moving out',
    })
    ended.assertStatus(200)
    const row = await roomRow(room.id)
    assert.isFalse(Boolean(row.availability))
    assert.equal(row.available_from, freeFrom)
    const page = await client.get(`/api/rooms/${room.id}`)
    page.assertStatus(200)
    assert.containsSubset(page.body(), { availability: false, availableFrom: freeFrom })

    /* Applying for a move-in inside her stay: refused, naming the dates. */
    const next = await UserFactory.create()
    const early = await applying(client, next, room.id, addDays(today(), 10)).file(
      'idDocument',
      await pngFile()
    )
    early.assertStatus(409)
    assert.include(early.body().message, 'This room is taken until')

    /* An application inside her stay (as one written before the room was taken) is not approved. */
    const inside = await ApplicationFactory.merge({
      userId: (await UserFactory.create()).id,
      roomId: room.id,
      status: 'pending',
      moveInDate: DateTime.fromISO(endDate),
    }).create()
    const refused = await review(client, admin, inside.id, 'approved')
    refused.assertStatus(409)
    assert.match(
      refused.body().message,
      /^This move-in date falls inside another resident's stay in this room, which lasts until /
    )
    await inside.refresh()
    assert.equal(inside.status, 'pending')

    /* The day after her end: applied for, approved, and its first month can be quoted. */
    const applied = await applying(client, next, room.id, freeFrom).file(
      'idDocument',
      await pngFile()
    )
    applied.assertStatus(201)
    const approved = await review(client, admin, applied.body().id, 'approved')
    approved.assertStatus(200)
    const taken = await roomRow(room.id)
    assert.isFalse(Boolean(taken.availability))
    assert.isNull(taken.available_from)
    const quote = await as(client.get('/api/payments/quote'), next).qs({
      roomId: room.id,
      monthCovered: freeFrom.slice(0, 7),
    })
    quote.assertStatus(200)

    /* The inside one still cannot be approved, and no two stays share a day. */
    ;(await review(client, admin, inside.id, 'approved')).assertStatus(409)
    const stays = await roomStaysFrom(db.connection(), room.id, '2000-01-01')
    assert.lengthOf(stays, 2)
    assert.isFalse(staysOverlap(stays[0]!, stays[1]!))
  })

  test('an end date already past frees the room at once', async ({ client, assert }) => {
    const { admin, stay, room } = await adminAndStay({ monthsAgo: 2 })
    ;(
      await as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({
        endDate: addDays(today(), -1),
        reason: 'Left',
      })
    ).assertStatus(200)
    const row = await roomRow(room.id)
    assert.isTrue(Boolean(row.availability))
    assert.isNull(row.available_from)
  })

  test('releaseFreedRooms frees a room once its day has come, once', async ({ client, assert }) => {
    const { admin, stay, room } = await adminAndStay()
    const endDate = addDays(today(), 3)
    ;(
      await as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({
        endDate,
        reason: 'Moving out',
      })
    ).assertStatus(200)

    await releaseFreedRooms(new Date())
    assert.isFalse(Boolean((await roomRow(room.id)).availability))
    /* Noon in Riyadh on her last day: still hers. */
    await releaseFreedRooms(new Date(`${endDate}T09:00:00Z`))
    assert.isFalse(Boolean((await roomRow(room.id)).availability))

    const later = new Date(`${addDays(endDate, 1)}T09:00:00Z`)
    assert.isAtLeast(await releaseFreedRooms(later), 1)
    const row = await roomRow(room.id)
    assert.isTrue(Boolean(row.availability))
    assert.isNull(row.available_from)
    assert.equal(await releaseFreedRooms(later), 0)
  })
})

test.group('Stays: ending one settles the rent paid past its end', (group) => {
  isolateEachTest(group)

  test('months paid past the end month are refunded at the gateway, listed and told', async ({
    client,
    assert,
  }) => {
    const { admin, ...of } = await adminAndStay()
    const { stay, tenant } = of
    const rent = stay.monthlyRentHalalas
    const [m0, m1, m2, m3] = [0, 1, 2, 3].map((n) => addMonths(thisMonth(), n))
    /* Three months at the plan's 5 % off, then one more: all charged at the sandbox. */
    const planAmount = Math.round(rent * 3 * 0.95)
    const plan = await completedCardPayment(stay, [m0!, m1!, m2!], planAmount)
    const single = await completedCardPayment(stay, [m3!], rent)
    const lastDay = DateTime.fromISO(`${m0}-01`).endOf('month').toISODate()!

    const ended = await as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({
      endDate: lastDay,
      reason: 'Moving out',
    })
    ended.assertStatus(200)
    const twoOfThree = Math.round((planAmount * 2) / 3)
    const shown = await as(client.get(`/api/tenancies/${stay.id}`), tenant)
    const settlements: StaySettlement[] = shown.body().settlements
    assert.containsSubset(settlements, [
      { paymentId: plan.id, months: [m1, m2], amount: twoOfThree / 100, outcome: 'refunded' },
      { paymentId: single.id, months: [m3], amount: rent / 100, outcome: 'refunded' },
    ])
    assert.lengthOf(settlements, 2)

    /* The sandbox gave the money back: part of the plan, all of the single month. */
    assert.equal((await gatewayPayment(plan.gatewayPaymentId!)).refunded, twoOfThree)
    assert.equal((await gatewayPayment(single.gatewayPaymentId!)).status, 'refunded')
    await plan.refresh()
    await single.refresh()
    assert.equal(plan.status, 'completed')
    assert.equal(single.status, 'refunded')
    assert.equal(single.statusReason, 'stay_ended')
    const stillPaid = await PaymentMonth.query()
      .where('application_id', of.application.id)
      .where('completed', true)
    assert.deepEqual(
      stillPaid.map((row) => row.month),
      [m0]
    )

    /* Her ledger ends with her stay; she is told, and it is audited. */
    const ledger = await as(client.get(`/api/tenancies/${stay.id}/ledger`), tenant)
    assert.equal(ledger.body().at(-1).month, m0)
    const notices = await Notification.query()
      .where('user_id', tenant.id)
      .where('kind', 'payment_refunded')
    assert.lengthOf(notices, 2)
    assert.sameDeepMembers(
      notices.map((notice) => notice.data.months),
      [[m1, m2], [m3]]
    )
    const list = await as(client.get('/api/notifications'), tenant)
    assert.include(list.body()[0].body, 'Reason: your stay ends before these months.')
    const audits = await AuditEvent.query().where('action', 'tenancy.settled')
    assert.lengthOf(audits, 2)

    /* A second end is still a conflict, and refunds nothing more. */
    ;(
      await as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({
        endDate: lastDay,
        reason: 'Again',
      })
    ).assertStatus(409)
    assert.equal((await gatewayPayment(plan.gatewayPaymentId!)).refunded, twoOfThree)
  })

  test('where the gateway cannot refund, the months are owed as a credit', async ({
    client,
    assert,
  }) => {
    const { admin, ...of } = await adminAndStay()
    const next = addMonths(thisMonth(), 1)
    /* A payment the gateway does not know (it answers 404): nothing to refund there. */
    const payment = await completedCardPayment(
      of.stay,
      [next],
      of.stay.monthlyRentHalalas,
      'pay_unknown_to_sandbox'
    )

    const ended = await as(client.post(`/api/tenancies/${of.stay.id}/end`), admin).json({
      endDate: addDays(`${next}-01`, -1),
      reason: 'Moving out',
    })
    ended.assertStatus(200)
    assert.containsSubset(ended.body().settlements, [
      { paymentId: payment.id, months: [next], outcome: 'credit' },
    ])
    await payment.refresh()
    assert.equal(payment.status, 'completed')
    const notice = await Notification.query()
      .where('user_id', of.tenant.id)
      .where('kind', 'payment_refunded')
      .firstOrFail()
    assert.equal(notice.data.reason, 'stay_ended_credit')
    const list = await as(client.get('/api/notifications'), of.tenant)
    assert.match(list.body()[0].title, /^A credit is owed to you: /)
  })
})
