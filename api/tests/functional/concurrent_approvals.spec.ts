import { test } from '@japa/runner'
import type { TestContext } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { addDays, riyadhToday, staysOverlap } from '@sakan/common'
import { openTenancy, roomStaysFrom } from '#services/tenancies'
import Application from '#models/application'
import Room from '#models/room'
import type User from '#models/user'
import {
  ApplicationFactory,
  BuildingFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { removeCommitted } from '#tests/stored'
import { review } from '#tests/tenancy'

/**
 * An administrator, a room in a building of its own and the applications `apply` makes for it,
 * committed; all of it removed after the test, with the stays and audit events it led to.
 */
async function committedRoom(
  cleanup: TestContext['cleanup'],
  apply: (room: Room) => Promise<Application[]>
) {
  const admin = await UserFactory.apply('admin').create()
  const building = await BuildingFactory.create()
  const room = await RoomFactory.merge({ buildingId: building.id }).create()
  const applications = await apply(room)
  cleanup(async () => {
    const ids = applications.map((application) => application.id)
    await db.from('audit_events').whereIn('subject_id', ids).delete()
    await db.from('tenancies').where('room_id', room.id).delete()
    await Application.query().whereIn('id', ids).delete()
    await removeCommitted({
      users: [admin.id, ...applications.map((application) => application.userId)],
      rooms: [room],
    })
  })
  return { admin, room, applications }
}

/** The administrator approves the applications all at once: the answers' statuses, sorted. */
async function approveAtOnce(client: ApiClient, admin: User, applications: Application[]) {
  const responses = await Promise.all(
    applications.map((application) => review(client, admin, application.id, 'approved'))
  )
  return responses.map((response) => response.status()).sort()
}

/*
 * Real transactions, committed (no per-test rollback), so that two approvals truly race:
 * on PostgreSQL they run on two connections at once. Everything made here is removed after.
 */
test.group('Concurrent approvals', () => {
  test('of two approvals for one room, exactly one succeeds', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { admin, room, applications } = await committedRoom(cleanup, (room) =>
      Promise.all(
        [1, 2].map(async () => ApplicationFactory.merge({ roomId: room.id }).with('user').create())
      )
    )

    for (let round = 0; round < 3; round++) {
      await Application.query()
        .whereIn(
          'id',
          applications.map((a) => a.id)
        )
        .update({ status: 'pending' })
      /* The previous round's stay is over: the room is free again. */
      await db.from('tenancies').where('room_id', room.id).delete()
      await Room.query().where('id', room.id).update({ availability: true })

      const statuses = await approveAtOnce(client, admin, applications)
      assert.deepEqual(statuses, [200, 409], `round ${round}`)
      const approved = await Application.query()
        .where('room_id', room.id)
        .where('status', 'approved')
      assert.lengthOf(approved, 1)
      assert.isFalse((await Room.findOrFail(room.id)).availability)
    }
  })

  test('of two approvals after a stay that ends ahead, exactly one succeeds', async ({
    client,
    assert,
    cleanup,
  }) => {
    const endDate = addDays(riyadhToday(), 20)
    const { admin, room, applications } = await committedRoom(cleanup, (room) =>
      Promise.all(
        [0, 30, 40].map((days) =>
          ApplicationFactory.merge({
            roomId: room.id,
            status: days === 0 ? 'approved' : 'pending',
            moveInDate: DateTime.fromISO(addDays(riyadhToday(), days)),
          })
            .with('user')
            .create()
        )
      )
    )
    const [first, ...later] = applications
    /* The first resident's stay ends in 20 days: the room is taken until then. */
    await db.transaction((trx) => openTenancy(trx, first!, room.priceHalalas))
    await db
      .from('tenancies')
      .where('application_id', first!.id)
      .update({ state: 'ended', end_date: endDate, end_reason: 'Moving out' })
    await Room.query()
      .where('id', room.id)
      .update({ availability: false, available_from: addDays(endDate, 1) })

    assert.deepEqual(await approveAtOnce(client, admin, later), [200, 409])
    const stays = await roomStaysFrom(db.connection(), room.id, '2000-01-01')
    assert.lengthOf(stays, 2)
    assert.isFalse(staysOverlap(stays[0]!, stays[1]!))
    const taken = await Room.findOrFail(room.id)
    assert.isFalse(taken.availability)
    assert.isNull(taken.availableFrom)
  })
})
