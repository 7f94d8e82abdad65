import { test } from '@japa/runner'
import type { Tenancy as ApiTenancy } from '@sakan/common'
import Room from '#models/room'
import Tenancy from '#models/tenancy'
import { UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { tenancy } from '#tests/tenancy'

/*
 * The back office's searches answer from an index (a trigram FTS5 table on SQLite, trigram
 * indexes on PostgreSQL) and find exactly what a plain "contains, any case" would.
 */

/** Three stays whose tenants, rooms and Ejar numbers the searches below tell apart. */
async function threeStays() {
  const admin = await UserFactory.apply('admin').create()
  const people = [
    { fullName: 'Huda Al-Qahtani', email: 'huda.q@example.com', room: 'B-101', ejar: '2024123456' },
    { fullName: 'Reem 50% Off', email: 'reem_x@example.com', room: 'C-202', ejar: null },
    { fullName: 'نورة العتيبي', email: 'noura"q@example.com', room: 'A-9', ejar: '7700100000' },
  ]
  const stays = []
  for (const person of people) {
    const tenant = await UserFactory.merge({
      fullName: person.fullName,
      email: person.email,
    }).create()
    const { room, application } = await tenancy({ tenant })
    await Room.query().where('id', room.id).update({ room_number: person.room })
    const stay = await Tenancy.findByOrFail('applicationId', application.id)
    stay.ejarContractNumber = person.ejar
    await stay.save()
    stays.push({ stay, tenant, room })
  }
  return { admin, stays }
}

test.group('List search', (group) => {
  isolateEachTest(group)

  test('stays by name, e-mail, room or Ejar number, any case', async ({ client, assert }) => {
    const { admin, stays } = await threeStays()
    const [huda, reem, noura] = stays.map(({ stay }) => stay.id)
    const found = async (q: string) => {
      const response = await as(client.get('/api/tenancies'), admin).qs({ q })
      response.assertStatus(200)
      const ids = (response.body() as ApiTenancy[]).map((stay) => stay.id).sort()
      assert.equal(response.header('x-total-count'), String(ids.length))
      return ids
    }
    assert.deepEqual(await found('HUDA'), [huda])
    assert.deepEqual(await found('reem_x@'), [reem])
    assert.deepEqual(await found('c-20'), [reem])
    assert.deepEqual(await found('1234'), [huda])
    assert.deepEqual(await found('العتيبي'), [noura])
    /* Wildcards and quotes are letters like any other. */
    assert.deepEqual(await found('50%'), [reem])
    assert.deepEqual(await found('m_x'), [reem])
    assert.deepEqual(await found('a"q'), [noura])
    assert.deepEqual(await found('%%%'), [])
    /* Shorter than a trigram: read without the index, same answer. */
    assert.deepEqual(await found('a-'), [noura])
    assert.deepEqual(await found('@example.com'), [huda, reem, noura].sort())
    assert.deepEqual(await found('nobody'), [])
  })

  test('a renamed tenant or room is found by the new name only', async ({ client, assert }) => {
    const { admin, stays } = await threeStays()
    const [first] = stays
    first!.tenant.fullName = 'Lama Al-Harbi'
    await first!.tenant.save()
    await Room.query().where('id', first!.room.id).update({ room_number: 'Z-77' })
    const found = async (q: string) =>
      ((await as(client.get('/api/tenancies'), admin).qs({ q })).body() as ApiTenancy[]).map(
        (stay) => stay.id
      )
    assert.deepEqual(await found('lama'), [first!.stay.id])
    assert.deepEqual(await found('Z-77'), [first!.stay.id])
    assert.deepEqual(await found('Qahtani'), [])
    assert.deepEqual(await found('B-101'), [])
    /* The applications and payments lists search the same index of her name. */
    const applications = await as(client.get('/api/applications'), admin).qs({ q: 'LAMA' })
    assert.equal(applications.header('x-total-count'), '1')
  })

  test('stays in a building are those of its rooms', async ({ client, assert }) => {
    const { admin, stays } = await threeStays()
    const [, second] = stays
    const response = await as(client.get('/api/tenancies'), admin).qs({
      buildingId: second!.room.buildingId,
    })
    assert.deepEqual(
      (response.body() as ApiTenancy[]).map((stay) => stay.id),
      [second!.stay.id]
    )
    assert.equal(response.header('x-total-count'), '1')
  })
})
