import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  ApplicationFactory,
  BuildingFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { assertRefusedByDatabase, isolateEachTest, rawPaymentRow } from '#tests/helpers'
import { paymentOf } from '#tests/tenancy'

/*
 * The database itself refuses bad rows: whatever code writes to it, an unknown status, a
 * duplicate gateway payment or a negative price cannot be stored.
 */
test.group('Database constraints', (group) => {
  isolateEachTest(group)

  async function paidRoom() {
    const user = await UserFactory.create()
    const application = await ApplicationFactory.merge({ userId: user.id, status: 'approved' })
      .with('room', 1, (room) => room.with('building'))
      .create()
    return { user, application }
  }

  test('an unknown application status is refused', async () => {
    const { application } = await paidRoom()
    await assertRefusedByDatabase(() =>
      db.from('applications').where('id', application.id).update({ status: 'archived' })
    )
  })

  test('an unknown payment status is refused', async () => {
    const { application } = await paidRoom()
    await assertRefusedByDatabase(() => paymentOf(application, { status: 'chargeback' as never }))
  })

  test('a second payment with the same gateway id is refused', async () => {
    const { application } = await paidRoom()
    await paymentOf(application, { gatewayPaymentId: 'pay_1', monthCovered: '2026-11' })
    await assertRefusedByDatabase(() =>
      paymentOf(application, { gatewayPaymentId: 'pay_1', monthCovered: '2026-12' })
    )
  })

  test('a room month is paid only once', async () => {
    const { application } = await paidRoom()
    await paymentOf(application, { monthCovered: '2026-11' })
    await paymentOf(application, { monthCovered: '2026-11', status: 'failed' })
    await assertRefusedByDatabase(() => paymentOf(application, { monthCovered: '2026-11' }))
  })

  test('raw SQL cannot store two completed payments for one room-month either', async ({
    assert,
  }) => {
    const { application } = await paidRoom()
    const row = (gatewayPaymentId: string, status: string) => ({
      ...rawPaymentRow(application, gatewayPaymentId, status),
      status_reason: status === 'refunded' ? 'month_already_paid' : null,
    })
    await db.table('payments').insert(row('raw_1', 'completed'))
    await db.table('payments').insert(row('raw_2', 'refunded'))
    await db.table('payments').insert(row('raw_3', 'pending'))
    await assertRefusedByDatabase(() => db.table('payments').insert(row('raw_4', 'completed')))
    await assertRefusedByDatabase(() =>
      db.from('payments').where('gateway_payment_id', 'raw_2').update({ status: 'completed' })
    )
    const completed = await db
      .from('payments')
      .where('room_id', application.roomId)
      .where('status', 'completed')
    assert.lengthOf(completed, 1)
  })

  test('a malformed rent month is refused', async () => {
    const { application } = await paidRoom()
    await assertRefusedByDatabase(() => paymentOf(application, { monthCovered: '2026-13' }))
    await assertRefusedByDatabase(() => paymentOf(application, { monthCovered: '11-2026' }))
  })

  test('a room with a negative or zero price is refused', async () => {
    const building = await BuildingFactory.create()
    await assertRefusedByDatabase(() =>
      RoomFactory.merge({ buildingId: building.id, priceHalalas: -100 }).create()
    )
    await assertRefusedByDatabase(() =>
      RoomFactory.merge({ buildingId: building.id, priceHalalas: 0 }).create()
    )
  })

  test('an occupancy rate outside 0..100 is refused', async () => {
    const building = await BuildingFactory.create()
    await assertRefusedByDatabase(() =>
      RoomFactory.merge({ buildingId: building.id, occupancyRate: 101 }).create()
    )
  })

  test('a room number is unique within its building', async () => {
    const building = await BuildingFactory.create()
    await RoomFactory.merge({ buildingId: building.id, roomNumber: '101' }).create()
    await assertRefusedByDatabase(() =>
      RoomFactory.merge({ buildingId: building.id, roomNumber: '101' }).create()
    )
    const other = await BuildingFactory.create()
    await RoomFactory.merge({ buildingId: other.id, roomNumber: '101' }).create()
  })

  test('unknown zones, amenities, features, roles and categories are refused', async () => {
    const building = await BuildingFactory.create()
    const room = await RoomFactory.merge({ buildingId: building.id }).create()
    await assertRefusedByDatabase(() => BuildingFactory.merge({ zone: 'west' as never }).create())
    await assertRefusedByDatabase(() =>
      db.table('building_amenities').insert({ building_id: building.id, amenity: 'pool' })
    )
    await assertRefusedByDatabase(() =>
      db.table('room_features').insert({ room_id: room.id, feature: 'sofa' })
    )
    await assertRefusedByDatabase(() => UserFactory.merge({ role: 'owner' as never }).create())
  })

  test('a review rating outside 1..5 is refused', async () => {
    await assertRefusedByDatabase(() =>
      db.table('reviews').insert({
        key: 'bad',
        rating: 6,
        comment_en: 'x',
        comment_ar: 'x',
        author_name_en: 'x',
        author_name_ar: 'x',
        featured: false,
        created_at: new Date(),
        updated_at: new Date(),
      })
    )
  })

  test('one pending application per tenant per room', async () => {
    const user = await UserFactory.create()
    const first = await ApplicationFactory.merge({ userId: user.id })
      .with('room', 1, (room) => room.with('building'))
      .create()
    await assertRefusedByDatabase(() =>
      ApplicationFactory.merge({ userId: user.id, roomId: first.roomId }).create()
    )
    first.status = 'rejected'
    await first.save()
    await ApplicationFactory.merge({ userId: user.id, roomId: first.roomId }).create()
  })

  test('e-mail and Firebase uid are unique across users', async () => {
    const user = await UserFactory.create()
    await assertRefusedByDatabase(() => UserFactory.merge({ email: user.email }).create())
    await assertRefusedByDatabase(() =>
      UserFactory.merge({ firebaseUid: user.firebaseUid }).create()
    )
  })

  test('a room with applications cannot be deleted from under them', async () => {
    const application = await ApplicationFactory.with('user')
      .with('room', 1, (room) => room.with('building'))
      .create()
    await assertRefusedByDatabase(() => db.from('rooms').where('id', application.roomId).delete())
  })
})
