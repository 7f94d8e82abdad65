import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Application from '#models/application'
import Room from '#models/room'
import User from '#models/user'
import Building from '#models/building'
import {
  ApplicationFactory,
  BuildingFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as } from '#tests/helpers'
import { endAllSessions } from '#services/sessions'

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
      await endAllSessions(admin.id)
      await db
        .from('audit_events')
        .whereIn(
          'subject_id',
          applications.map((a) => a.id)
        )
        .delete()
      await Application.query()
        .whereIn(
          'id',
          applications.map((a) => a.id)
        )
        .delete()
      await User.query()
        .whereIn('id', [admin.id, ...applications.map((a) => a.userId)])
        .delete()
      await Room.query().where('id', room.id).delete()
      await Building.query().where('id', building.id).delete()
    })

    for (let round = 0; round < 3; round++) {
      await Application.query()
        .whereIn(
          'id',
          applications.map((a) => a.id)
        )
        .update({ status: 'pending' })
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
