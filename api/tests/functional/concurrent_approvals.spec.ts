import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Application from '#models/application'
import Room from '#models/room'
import {
  ApplicationFactory,
  BuildingFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as } from '#tests/helpers'
import { removeCommitted } from '#tests/stored'

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
    const admin = await UserFactory.apply('admin').create()
    const building = await BuildingFactory.create()
    const room = await RoomFactory.merge({ buildingId: building.id }).create()
    const applications = await Promise.all(
      [1, 2].map(async () => ApplicationFactory.merge({ roomId: room.id }).with('user').create())
    )
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

      const statuses = (
        await Promise.all(
          applications.map((application) =>
            as(client.patch(`/api/applications/${application.id}/review`), admin).json({
              status: 'approved',
            })
          )
        )
      )
        .map((response) => response.status())
        .sort()
      assert.deepEqual(statuses, [200, 409], `round ${round}`)
      const approved = await Application.query()
        .where('room_id', room.id)
        .where('status', 'approved')
      assert.lengthOf(approved, 1)
      assert.isFalse((await Room.findOrFail(room.id)).availability)
    }
  })
})
