import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { monthKey, riyadhDate } from '@sakan/common'
import Tenancy from '#models/tenancy'
import AuditEvent from '#models/audit_event'
import PaymentMonth from '#models/payment_month'
import Room from '#models/room'
import {
  ApplicationFactory,
  PaymentFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { backfillTenancies } from '../../../database/migrations/0022_tenancies.js'
import { as, assertRefusedByDatabase, isolateEachTest } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import { adminAndApplication, adminAndStay, review, stayFor } from '#tests/tenancy'

const thisMonth = () => {
  const { year, month } = riyadhDate()
  return monthKey(year, month)
}
const firstOfMonth = (monthsAgo: number) =>
  DateTime.now().setZone('Asia/Riyadh').startOf('month').minus({ months: monthsAgo })

/** An active stay in the application's room from `startDate`. */
const openStay = (
  application: { id: number; userId: number; roomId: number },
  startDate: DateTime,
  rent: number
) =>
  Tenancy.create({
    userId: application.userId,
    roomId: application.roomId,
    applicationId: application.id,
    monthlyRentHalalas: rent,
    startDate,
    endDate: null,
    state: 'active',
    depositHalalas: rent,
  })

/** A card payment of the stay's rent for `month`, as the payment service records one. */
async function paidMonth(
  of: { tenant: { id: number }; room: { id: number }; application: { id: number } },
  month: string,
  status: 'completed' | 'refunded' = 'completed'
) {
  const payment = await PaymentFactory.merge({
    userId: of.tenant.id,
    roomId: of.room.id,
    applicationId: of.application.id,
    monthCovered: month,
    status,
  }).create()
  await PaymentMonth.create({
    paymentId: payment.id,
    roomId: of.room.id,
    applicationId: of.application.id,
    month,
    completed: status === 'completed',
  })
  return payment
}

/** A deposit payment of the stay, as the payment service records one. */
function depositPayment(
  of: { tenant: { id: number }; room: { id: number }; application: { id: number } },
  halalas: number,
  status: 'completed' | 'failed' | 'refunded'
) {
  return PaymentFactory.merge({
    userId: of.tenant.id,
    roomId: of.room.id,
    applicationId: of.application.id,
    kind: 'deposit',
    amountHalalas: halalas,
    status,
  }).create()
}

test.group('Tenancies: opened at approval', (group) => {
  isolateEachTest(group)

  test('approving an application opens one stay at the price of that moment', async ({
    client,
    assert,
  }) => {
    const { admin, application, room } = await adminAndApplication()
    const response = await review(client, admin, application.id, 'approved')
    response.assertStatus(200)

    const stays = await Tenancy.query().where('application_id', application.id)
    assert.lengthOf(stays, 1)
    const [stay] = stays
    assert.equal(stay!.state, 'active')
    assert.equal(stay!.monthlyRentHalalas, room.priceHalalas)
    assert.equal(stay!.depositHalalas, room.priceHalalas)
    assert.containsSubset(response.body(), { status: 'approved' })
    const shown = await as(client.get(`/api/tenancies/${stay!.id}`), admin)
    assert.containsSubset(shown.body().deposit, { state: 'due', paid: 0, returnedAmount: null })
    assert.equal(stay!.startDate.toISODate(), application.moveInDate.toISODate())

    /* A later price change does not reach the running stay. */
    await Room.query()
      .where('id', room.id)
      .update({ price_halalas: room.priceHalalas + 10_000 })
    await stay!.refresh()
    assert.equal(stay!.monthlyRentHalalas, room.priceHalalas)
  })

  test('rejecting opens none', async ({ client, assert }) => {
    const { admin, application } = await adminAndApplication()
    await review(client, admin, application.id, 'rejected').then((response) =>
      response.assertStatus(200)
    )
    assert.lengthOf(await Tenancy.query().where('application_id', application.id), 0)
  })

  test('the database keeps one active stay per room', async () => {
    const { stay } = await stayFor()
    const other = await ApplicationFactory.merge({ roomId: stay.roomId, status: 'approved' })
      .with('user')
      .create()
    await assertRefusedByDatabase(() => openStay(other, DateTime.now(), 100_000))
  })

  test('the database refuses an Ejar number that is not ten digits', async () => {
    const { stay } = await stayFor()
    await assertRefusedByDatabase(() =>
      db.from('tenancies').where('id', stay.id).update({ ejar_contract_number: '12345abcde' })
    )
    await db.from('tenancies').where('id', stay.id).update({ ejar_contract_number: '1234567890' })
  })
})

test.group('Tenancies: the backfill', (group) => {
  isolateEachTest(group)

  test('opens one stay per approved application that has none, once', async ({ assert }) => {
    /* Whatever the database held before has its stays first. */
    await backfillTenancies(db.connection())
    const taken = await RoomFactory.with('building').merge({ availability: false }).create()
    const freed = await RoomFactory.with('building').merge({ availability: true }).create()
    const approvedIn = (room: Room, moveIn: string, reviewed: string) =>
      ApplicationFactory.merge({
        roomId: room.id,
        status: 'approved',
        moveInDate: DateTime.fromISO(moveIn),
        reviewedAt: DateTime.fromISO(reviewed),
      })
        .with('user')
        .create()
    const earlier = await approvedIn(taken, '2026-01-01', '2025-12-20')
    const latest = await approvedIn(taken, '2026-06-01', '2026-05-20')
    const left = await approvedIn(freed, '2026-03-01', '2026-02-20')
    await ApplicationFactory.merge({ roomId: freed.id, status: 'pending' }).with('user').create()
    await ApplicationFactory.merge({ roomId: taken.id, status: 'rejected' }).with('user').create()

    assert.equal(await backfillTenancies(db.connection()), 3)
    const stays = await Tenancy.query().whereIn('application_id', [earlier.id, latest.id, left.id])
    const of = (id: number) => stays.find((stay) => stay.applicationId === id)!
    assert.lengthOf(stays, 3)
    assert.equal(of(latest.id).state, 'active')
    assert.isNull(of(latest.id).endDate)
    assert.equal(of(latest.id).monthlyRentHalalas, taken.priceHalalas)
    assert.equal(of(earlier.id).state, 'ended')
    assert.equal(of(earlier.id).endDate?.toISODate(), '2026-06-01')
    assert.equal(of(left.id).state, 'ended')
    assert.isNotNull(of(left.id).endDate)

    /* Run again: nothing new. */
    assert.equal(await backfillTenancies(db.connection()), 0)
    assert.lengthOf(await Tenancy.query().whereIn('room_id', [taken.id, freed.id]), 3)
  })
})

test.group('Tenancies: reading them', (group) => {
  isolateEachTest(group)

  test('a resident lists her own stays; the administrator all, with the total', async ({
    client,
    assert,
  }) => {
    const { admin, ...mine } = await adminAndStay()
    const theirs = await stayFor()

    const own = await as(client.get('/api/tenancies'), mine.tenant)
    own.assertStatus(200)
    assert.deepEqual(
      own.body().map((row: { id: number }) => row.id),
      [mine.stay.id]
    )
    assert.equal(own.header('x-total-count'), '1')
    const row = own.body()[0]
    assert.equal(row.monthlyRent, mine.room.priceHalalas / 100)
    assert.equal(row.deposit.amount, mine.room.priceHalalas / 100)
    assert.equal(row.deposit.state, 'due')
    assert.equal(row.state, 'active')
    assert.isNull(row.ejarContractNumber)

    const all = await as(client.get('/api/tenancies').qs({ _sort: 'id', _order: 'asc' }), admin)
    const ids = all.body().map((stay: { id: number }) => stay.id)
    assert.includeMembers(ids, [mine.stay.id, theirs.stay.id])
    assert.deepEqual(
      ids,
      [...ids].sort((a: number, b: number) => a - b)
    )
  })

  test('the administrator filters by state, overdue and building', async ({ client, assert }) => {
    const { admin, ...late } = await adminAndStay({ monthsAgo: 2 })
    const paidUp = await stayFor({ monthsAgo: 0 })
    await paidMonth(paidUp, thisMonth())

    const overdue = await as(client.get('/api/tenancies').qs({ overdue: 'true' }), admin)
    const overdueIds = overdue.body().map((stay: { id: number }) => stay.id)
    assert.include(overdueIds, late.stay.id)
    assert.notInclude(overdueIds, paidUp.stay.id)

    const building = await as(
      client.get('/api/tenancies').qs({ buildingId: String(paidUp.room.buildingId) }),
      admin
    )
    assert.deepEqual(
      building.body().map((stay: { id: number }) => stay.id),
      [paidUp.stay.id]
    )

    const ended = await as(client.get('/api/tenancies').qs({ state: 'ended' }), admin)
    assert.notInclude(
      ended.body().map((stay: { id: number }) => stay.id),
      late.stay.id
    )
  })

  test('a list read while every kept figure holds locks no stay; a write has them read again', async ({
    client,
    assert,
  }) => {
    const { admin, ...mine } = await adminAndStay({ monthsAgo: 2 })
    /* The statements of one read of the list that look for stale figures (not its writes). */
    const staleReads = async () => {
      const seen: string[] = []
      const record = (query: { sql: string }) => seen.push(query.sql.toLowerCase())
      const knex = db.connection().getWriteClient()
      knex.on('query', record)
      try {
        const response = await as(client.get('/api/tenancies'), admin)
        response.assertStatus(200)
      } finally {
        knex.removeListener('query', record)
      }
      return seen.filter((sql) => sql.startsWith('select') && /ledger_on|ledger_until/.test(sql))
    }

    /* Her new stay's figures were never read: the first read locks and reads them. */
    assert.isAbove((await staleReads()).length, 1)
    /* Nothing changed since: one unlocked look, no transaction, no lock. */
    const fresh = await staleReads()
    assert.lengthOf(fresh, 1)
    assert.notInclude(fresh[0], 'for update')
    /* A payment marks her stay stale again (the triggers): the next read reads it again. */
    await paidMonth(mine, thisMonth())
    assert.isAbove((await staleReads()).length, 1)
  })

  test('a sort the list does not offer is refused', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await as(client.get('/api/tenancies').qs({ _sort: 'password' }), admin)
    response.assertStatus(422)
  })

  test('the ledger lists each month from the move-in month with its state', async ({
    client,
    assert,
  }) => {
    const resident = await stayFor({ monthsAgo: 2 })
    const { tenant, room, stay } = resident
    const payment = await paidMonth(resident, firstOfMonth(2).toFormat('yyyy-MM'))
    await paidMonth(resident, firstOfMonth(1).toFormat('yyyy-MM'), 'refunded')

    const response = await as(client.get(`/api/tenancies/${stay.id}/ledger`), tenant)
    response.assertStatus(200)
    const ledger = response.body()
    assert.deepEqual(
      ledger.map((month: { month: string }) => month.month),
      [2, 1, 0].map((ago) => firstOfMonth(ago).toFormat('yyyy-MM'))
    )
    assert.equal(ledger[0].state, 'paid')
    assert.equal(ledger[0].paymentId, payment.id)
    /* The refunded month is owed again, and past its grace. */
    assert.equal(ledger[1].state, 'overdue')
    assert.isNull(ledger[1].paymentId)
    assert.equal(ledger[1].amount, room.priceHalalas / 100)
    assert.equal(ledger[1].lateFee, 0)
    assert.oneOf(ledger[2].state, ['due', 'overdue'])

    const one = await as(client.get(`/api/tenancies/${stay.id}`), tenant)
    one.assertStatus(200)
    assert.isAtLeast(one.body().balance, room.priceHalalas / 100)
  })

  test('another resident gets 404 for a stay and its ledger; the administrator sees them', async ({
    client,
  }) => {
    const { stay } = await stayFor()
    const stranger = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    ;(await as(client.get(`/api/tenancies/${stay.id}`), stranger)).assertStatus(404)
    ;(await as(client.get(`/api/tenancies/${stay.id}/ledger`), stranger)).assertStatus(404)
    ;(await as(client.get(`/api/tenancies/${stay.id}/ledger`), admin)).assertStatus(200)
    ;(await client.get(`/api/tenancies/${stay.id}/ledger`)).assertStatus(401)
    ;(await client.get('/api/tenancies')).assertStatus(401)
  })
})

test.group("Tenancies: the administrator's actions", (group) => {
  isolateEachTest(group)

  test('sets the Ejar contract number, refusing one that is not ten digits', async ({
    client,
    assert,
  }) => {
    const { admin, stay, tenant } = await adminAndStay()
    const patch = () => as(client.patch(`/api/tenancies/${stay.id}`), admin)

    const saved = await patch().json({ ejarContractNumber: '1234567890' })
    saved.assertStatus(200)
    assert.equal(saved.body().ejarContractNumber, '1234567890')
    const event = await AuditEvent.query().where('subject_type', 'tenancy').firstOrFail()
    assert.equal(event.action, 'tenancy.ejar_set')
    assert.equal(event.subjectId, stay.id)

    const refused = await patch().header('x-locale', 'ar').json({ ejarContractNumber: '12345' })
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].field, 'ejarContractNumber')
    assert.equal(refused.body().message, 'يتكون رقم عقد إيجار من ١٠ أرقام بالضبط')
    await stay.refresh()
    assert.equal(stay.ejarContractNumber, '1234567890')

    /* The resident sees it, and may not change it. */
    const own = await as(client.get(`/api/tenancies/${stay.id}`), tenant)
    assert.equal(own.body().ejarContractNumber, '1234567890')
    ;(
      await as(client.patch(`/api/tenancies/${stay.id}`), tenant).json({ ejarContractNumber: null })
    ).assertStatus(403)
  })

  test('ending a stay frees the room and stops its ledger; a second end is a conflict', async ({
    client,
    assert,
  }) => {
    const { admin, stay, room, tenant } = await adminAndStay({ monthsAgo: 3 })
    const endDate = firstOfMonth(1).plus({ days: 9 }).toISODate()!
    const end = () => as(client.post(`/api/tenancies/${stay.id}/end`), admin)

    const ended = await end().json({ endDate, reason: 'Moved out' })
    ended.assertStatus(200)
    assert.equal(ended.body().state, 'ended')
    assert.equal(ended.body().endDate, endDate)
    assert.equal(ended.body().endReason, 'Moved out')
    assert.isTrue((await Room.findOrFail(room.id)).availability)

    const ledger = await as(client.get(`/api/tenancies/${stay.id}/ledger`), tenant)
    assert.equal(ledger.body().at(-1).month, firstOfMonth(1).toFormat('yyyy-MM'))

    const again = await end().json({ endDate, reason: 'Moved out' })
    assertMessage(assert, again, 409, 'This stay has already ended')
  })

  test('an end before the move-in day, or without a reason, changes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, stay } = await adminAndStay({ monthsAgo: 1 })
    const end = (body: object) => as(client.post(`/api/tenancies/${stay.id}/end`), admin).json(body)

    const early = await end({ endDate: firstOfMonth(3).toISODate(), reason: 'x' })
    early.assertStatus(422)
    assert.equal(early.body().errors[0].field, 'endDate')
    assert.equal(early.body().message, 'The end date cannot be before the move-in date')
    ;(await end({ endDate: firstOfMonth(0).toISODate(), reason: '  ' })).assertStatus(422)
    ;(await end({ endDate: '2026-02-30', reason: 'x' })).assertStatus(422)
    await stay.refresh()
    assert.equal(stay.state, 'active')
    assert.lengthOf(await AuditEvent.query().where('subject_type', 'tenancy'), 0)
  })

  test('the deposit is held from its completed payment; a declined attempt changes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, stay, tenant, room, application } = await adminAndStay()
    const show = async () => (await as(client.get(`/api/tenancies/${stay.id}`), tenant)).body()
    const rent = stay.depositHalalas / 100

    const due = await show()
    assert.deepEqual(due.deposit, {
      amount: rent,
      state: 'due',
      paid: 0,
      returnedAmount: null,
      reason: null,
    })
    /* What she owes counts the deposit while it is due, on its own line. */
    assert.equal(due.owed.deposit, rent)
    assert.equal(due.balance, due.owed.rent + rent)

    await depositPayment({ tenant, room, application }, stay.depositHalalas, 'completed')
    await depositPayment({ tenant, room, application }, stay.depositHalalas, 'failed')
    await depositPayment({ tenant, room, application }, stay.depositHalalas, 'refunded')
    const held = await show()
    assert.containsSubset(held.deposit, { state: 'held', paid: rent })
    assert.equal(held.owed.deposit, 0)
    assert.equal(held.balance, held.owed.rent)
    /* Still returnable. */
    ;(
      await as(client.post(`/api/tenancies/${stay.id}/deposit-return`), admin).json({
        amount: 1,
        reason: 'Cleaning',
      })
    ).assertStatus(200)
  })

  test('returns the deposit in parts until what was paid is returned, then 409', async ({
    client,
    assert,
  }) => {
    const { admin, stay, tenant, room, application } = await adminAndStay({ rent: 150_000 })
    const giveBack = (body: object) =>
      as(client.post(`/api/tenancies/${stay.id}/deposit-return`), admin).json(body)

    const unpaid = await giveBack({ amount: 1500, reason: 'Moved out' })
    assertMessage(assert, unpaid, 409, 'Only a deposit that has been paid can be returned')

    await depositPayment({ tenant, room, application }, 150_000, 'completed')
    const tooMuch = await giveBack({ amount: 1500.01, reason: 'Moved out' })
    tooMuch.assertStatus(422)
    assert.equal(tooMuch.body().errors[0].field, 'amount')
    assert.equal(
      tooMuch.body().message,
      'The amount returned cannot be more than what is left of the deposit'
    )

    /* Returns a part: 200, and the 1,500 SAR deposit paid as it then stands. */
    const returnsPart = async (amount: number, reason: string, state: string, returned: number) => {
      const response = await giveBack({ amount, reason })
      response.assertStatus(200)
      assert.deepEqual(response.body().deposit, {
        amount: 1500,
        state,
        paid: 1500,
        returnedAmount: returned,
        reason,
      })
    }
    await returnsPart(1000.1, 'Broken wardrobe door', 'partly_returned', 1000.1)
    ;(await giveBack({ amount: 500, reason: 'x' })).assertStatus(422)
    await returnsPart(499.9, 'The rest', 'returned', 1500)

    const again = await giveBack({ amount: 1, reason: 'again' })
    assertMessage(assert, again, 409, 'The whole deposit has already been returned')
    const events = await AuditEvent.query()
      .where('subject_type', 'tenancy')
      .where('action', 'tenancy.deposit_returned')
    assert.lengthOf(events, 2)
  })

  test('an amount that is not a number is refused, nothing returned', async ({
    client,
    assert,
  }) => {
    const { admin, stay, tenant, room, application } = await adminAndStay()
    await depositPayment({ tenant, room, application }, stay.depositHalalas, 'completed')
    for (const amount of [true, '12', [], null, { sar: 1 }, 0, -1, 1.001]) {
      const refused = await as(client.post(`/api/tenancies/${stay.id}/deposit-return`), admin)
        .header('x-locale', 'ar')
        .json({ amount, reason: 'x' })
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'amount', JSON.stringify(amount))
    }
    await stay.refresh()
    assert.isNull(stay.depositReturnedHalalas)
  })

  test('only the administrator acts, and an unknown stay is 404', async ({ client }) => {
    const { admin, stay, tenant } = await adminAndStay()
    const body = { endDate: firstOfMonth(0).toISODate(), reason: 'x' }
    ;(await as(client.post(`/api/tenancies/${stay.id}/end`), tenant).json(body)).assertStatus(403)
    ;(await as(client.post(`/api/tenancies/${stay.id + 1000}/end`), admin).json(body)).assertStatus(
      404
    )
  })
})

test.group('Tenancies: on the dashboard', (group) => {
  isolateEachTest(group)

  test('the stats count the overdue stays and what they owe', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const before = (await as(client.get('/api/admin/stats'), admin)).body()
    /* Two past months unpaid, both beyond their grace. */
    const late = await stayFor({ monthsAgo: 2, rent: 200_000 })
    await paidMonth(late, thisMonth())
    /* Paid up: not counted. */
    const paidUp = await stayFor({ monthsAgo: 0 })
    await paidMonth(paidUp, thisMonth())

    const after = (await as(client.get('/api/admin/stats'), admin)).body()
    assert.equal(after.overdueTenancies, before.overdueTenancies + 1)
    assert.equal(after.overdueTotal, before.overdueTotal + 4000)
  })
})
