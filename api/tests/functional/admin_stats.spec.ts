import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { riyadhMonthRange } from '@sakan/common'
import {
  ApplicationFactory,
  BuildingFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { paymentOf, tenancy } from '#tests/tenancy'

test.group('Administrator stats: GET /api/admin/stats', (group) => {
  isolateEachTest(group)

  test('with no data every figure is zero', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await as(client.get('/api/admin/stats'), admin)
    response.assertStatus(200)
    response.assertBody({
      totalRooms: 0,
      occupiedRooms: 0,
      occupancyRate: 0,
      pendingApplications: 0,
      monthlyRevenue: 0,
      currency: 'SAR',
      overdueTenancies: 0,
      overdueTotal: 0,
    })
  })

  test('the figures equal the hand-computed ones', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const building = await BuildingFactory.create()
    /* 3 rooms, 1 occupied → 33 %. */
    const rooms = await RoomFactory.merge([
      { buildingId: building.id, availability: false, priceHalalas: 180000 },
      { buildingId: building.id, availability: true },
      { buildingId: building.id, availability: true },
    ]).createMany(3)
    const tenant = await UserFactory.create()
    /* 2 pending, 1 approved, 1 rejected. */
    await ApplicationFactory.merge({ userId: tenant.id, roomId: rooms[1]!.id }).create()
    await ApplicationFactory.merge({ userId: tenant.id, roomId: rooms[2]!.id }).create()
    await ApplicationFactory.merge({
      userId: tenant.id,
      roomId: rooms[1]!.id,
      status: 'rejected',
    }).create()
    const approved = await ApplicationFactory.merge({
      userId: tenant.id,
      roomId: rooms[0]!.id,
      status: 'approved',
    }).create()

    /* Completed this Riyadh month: 1800 + 950.50; the rest must not count. */
    const { start } = riyadhMonthRange()
    const thisMonth = DateTime.fromJSDate(start).plus({ hours: 1 })
    await paymentOf(approved, {
      monthCovered: '2026-01',
      amountHalalas: 180000,
      paymentDate: thisMonth,
    })
    await paymentOf(approved, {
      monthCovered: '2026-02',
      amountHalalas: 95050,
      paymentDate: thisMonth.plus({ days: 3 }),
    })
    await paymentOf(approved, {
      monthCovered: '2026-03',
      amountHalalas: 40000,
      status: 'failed',
      paymentDate: thisMonth,
    })
    await paymentOf(approved, {
      monthCovered: '2026-04',
      amountHalalas: 50000,
      status: 'pending',
      paymentDate: thisMonth,
    })
    await paymentOf(approved, {
      monthCovered: '2026-05',
      amountHalalas: 70000,
      paymentDate: DateTime.fromJSDate(start).minus({ minutes: 1 }),
    })

    const response = await as(client.get('/api/admin/stats'), admin)
    response.assertBody({
      totalRooms: 3,
      occupiedRooms: 1,
      occupancyRate: 33,
      pendingApplications: 2,
      monthlyRevenue: 2750.5,
      currency: 'SAR',
      overdueTenancies: 0,
      overdueTotal: 0,
    })
  })

  /* The revenue rule lives once, in the stats query: these are its edges. */
  test('monthly revenue counts the whole Riyadh month and nothing outside it', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { application } = await tenancy()
    const { start, end } = riyadhMonthRange()
    const first = DateTime.fromJSDate(start)
    const after = DateTime.fromJSDate(end)
    const payments = [
      { month: '2026-01', halalas: 100000, paymentDate: first },
      { month: '2026-02', halalas: 200000, paymentDate: after.minus({ minutes: 1 }) },
      { month: '2026-03', halalas: 160000, paymentDate: first.minus({ minutes: 1 }) },
      {
        month: '2026-04',
        halalas: 320000,
        paymentDate: first.minus({ years: 1 }).plus({ days: 9 }),
      },
      { month: '2026-05', halalas: 480000, paymentDate: after },
      { month: '2026-06', halalas: 640000, paymentDate: null },
    ]
    for (const { month, halalas, paymentDate } of payments) {
      await paymentOf(application, { monthCovered: month, amountHalalas: halalas, paymentDate })
    }

    const response = await as(client.get('/api/admin/stats'), admin)
    response.assertStatus(200)
    assert.equal(response.body().monthlyRevenue, 3000)
  })
})
