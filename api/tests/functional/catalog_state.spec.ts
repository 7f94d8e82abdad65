/*
 * X-Total-Count without counting: the triggers of migration 0016 keep the number
 * of rooms and a version that every write to the catalogue's tables changes; filtered totals
 * are cached per version. These tests write as another process would (plain SQL, no API).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers'
import { addBuilding, roomRows } from '#tests/catalog_rows'

async function state() {
  const row = await db.from('catalog_state').where('id', 1).first()
  return { total: Number(row.rooms_total), version: String(row.version) }
}

async function countRooms() {
  const [row] = await db.from('rooms').count('* as total')
  return Number(row.total)
}

test.group('Catalogue state', (group) => {
  isolateEachTest(group)

  test('the room total follows inserts, batch inserts and deletes', async ({ assert }) => {
    await addBuilding(601)
    assert.equal((await state()).total, await countRooms())
    await db.table('rooms').multiInsert(roomRows(601, [6101, 6102, 6103]))
    await db.table('rooms').insert(roomRows(601, [6104])[0]!)
    assert.equal((await state()).total, await countRooms())
    assert.equal((await state()).total, 4)
    await db.from('rooms').whereIn('id', [6101, 6102]).delete()
    assert.equal((await state()).total, 2)
    assert.equal((await state()).total, await countRooms())
  })

  test('every write to a table the listing reads changes the version', async ({ assert }) => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['buildings insert', () => addBuilding(602)],
      ['rooms insert', () => db.table('rooms').insert(roomRows(602, [6201])[0]!)],
      ['rooms update', () => db.from('rooms').where('id', 6201).update({ availability: false })],
      ['buildings update', () => db.from('buildings').where('id', 602).update({ zone: 'east' })],
      [
        'building_amenities insert',
        () => db.table('building_amenities').insert({ building_id: 602, amenity: 'wifi' }),
      ],
      [
        'building_amenities delete',
        () => db.from('building_amenities').where('building_id', 602).delete(),
      ],
      [
        'room_features insert',
        () => db.table('room_features').insert({ room_id: 6201, feature: 'desk' }),
      ],
      ['room_features delete', () => db.from('room_features').where('room_id', 6201).delete()],
      [
        'room_photos insert',
        () =>
          db
            .table('room_photos')
            .insert({ room_id: 6201, position: 1, key: 'rooms/x', width: 640, height: 480 }),
      ],
      [
        'room_photos update',
        () => db.from('room_photos').where('room_id', 6201).update({ width: 800 }),
      ],
      ['room_photos delete', () => db.from('room_photos').where('room_id', 6201).delete()],
      ['rooms delete', () => db.from('rooms').where('id', 6201).delete()],
    ]
    for (const [name, write] of writes) {
      const before = (await state()).version
      await write()
      assert.notEqual((await state()).version, before, name)
    }
  })

  test('the listing totals stay exact when the catalogue changes under them', async ({
    client,
    assert,
  }) => {
    await addBuilding(603)
    await db.table('rooms').multiInsert(roomRows(603, [6301, 6302], 90000))
    const total = async (query: Record<string, string>) =>
      Number((await client.get('/api/rooms').qs(query)).header('x-total-count'))

    const all = await total({})
    const cheap = await total({ priceMax: '1000' })
    assert.equal(all, await countRooms())
    assert.equal(cheap, 2)
    /* Asked again at the same version: the cached count. */
    assert.equal(await total({ priceMax: '1000' }), 2)

    await db.table('rooms').insert(roomRows(603, [6303], 95000)[0]!)
    assert.equal(await total({}), all + 1)
    assert.equal(await total({ priceMax: '1000' }), 3)
    /* A change that moves a room out of the filter without changing the number of rooms. */
    await db.from('rooms').where('id', 6301).update({ price_halalas: 500000 })
    assert.equal(await total({ priceMax: '1000' }), 2)
    assert.equal(await total({ priceMax: '1000', availability: 'true' }), 2)
    await db.from('rooms').where('id', 6302).update({ availability: false })
    assert.equal(await total({ priceMax: '1000', availability: 'true' }), 1)
  })
})
