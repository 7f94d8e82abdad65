/*
 * The public pages' change log (migration 0021): every write to the catalogue,
 * whoever makes it, is followed by exactly the pages it changed, on SQLite and PostgreSQL.
 * The writes are plain SQL, as another process or replica would make them.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers'
import { addBuilding, roomRows } from '#tests/catalog_rows'
import { PageChanges } from '#server/page_changes'
import type { PageCache } from '#server/page_cache'
import { sqlTimestamp } from '#services/sql_time'

/** A stand-in for the cache that records what it is told; the listings show room 7102. */
function recorder() {
  const invalidated: string[][] = []
  let cleared = 0
  const cache = {
    invalidate: (keys: Iterable<string>) => void invalidated.push([...keys].sort()),
    linksOf: (key: string) => new Set(key.endsWith('/listings') ? [7102] : []),
    keys: () => ['/sitemap.xml', '/en/property/7101'],
    clear: async () => void cleared++,
    warm: () => {},
  }
  return {
    cache: cache as unknown as PageCache,
    /** What the next poll invalidates. */
    async next(changes: PageChanges) {
      invalidated.length = 0
      await changes.poll()
      return invalidated.flat().sort()
    },
    cleared: () => cleared,
  }
}

const pages = (...rooms: number[]) =>
  rooms.flatMap((room) => [`/ar/property/${room}`, `/en/property/${room}`])
const HOME = ['/ar/', '/en/']
const LISTINGS = ['/ar/listings', '/en/listings']

test.group('Page changes', (group) => {
  isolateEachTest(group)

  test('each write to the catalogue invalidates the pages that show it', async ({ assert }) => {
    await addBuilding(710)
    await db.table('rooms').multiInsert(roomRows(710, [7101, 7102]))
    const { cache, next } = recorder()
    const changes = new PageChanges(cache, db.connection())
    await changes.start()

    await db.from('rooms').where('id', 7101).update({ price_halalas: 170000 })
    assert.deepEqual(await next(changes), pages(7101), 'a price: its pages only')

    await db.from('rooms').where('id', 7102).update({ description_en: 'Bright' })
    assert.deepEqual(await next(changes), [...LISTINGS, ...pages(7102)].sort(), 'a listed room')

    await db.from('rooms').where('id', 7101).update({ availability: false })
    assert.deepEqual(
      await next(changes),
      [...HOME, ...LISTINGS, ...pages(7101)].sort(),
      'availability moves it in or out of the lists, not the sitemap'
    )

    await db.from('rooms').where('id', 7101).update({ archived_at: sqlTimestamp() })
    assert.deepEqual(
      await next(changes),
      [...HOME, ...LISTINGS, ...pages(7101), '/sitemap.xml'].sort(),
      'archived: out of the catalogue, the sitemap too'
    )

    await db
      .table('room_photos')
      .insert({ room_id: 7101, position: 1, key: 'rooms/x', width: 640, height: 480 })
    assert.deepEqual(await next(changes), pages(7101), 'a photo')
    await db.table('room_features').insert({ room_id: 7101, feature: 'desk' })
    assert.deepEqual(await next(changes), pages(7101), 'a feature')

    await db.from('buildings').where('id', 710).update({ zone: 'east' })
    assert.deepEqual(
      await next(changes),
      [...LISTINGS, ...pages(7101, 7102)].sort(),
      'a building: its rooms'
    )
    await db.table('building_amenities').insert({ building_id: 710, amenity: 'wifi' })
    assert.deepEqual(await next(changes), [...LISTINGS, ...pages(7101, 7102)].sort())
    await db.from('buildings').where('id', 710).update({ is_fully_managed: true })
    assert.includeMembers(await next(changes), HOME, 'featured rooms are on the home page')

    const now = sqlTimestamp()
    await db.table('reviews').insert({
      key: 'page-changes',
      rating: 5,
      comment_en: 'Good',
      comment_ar: 'جيد',
      author_name_en: 'A',
      author_name_ar: 'أ',
      created_at: now,
      updated_at: now,
    })
    assert.deepEqual(await next(changes), HOME, 'a review: the home page')

    await db.table('rooms').insert(roomRows(710, [7103])[0]!)
    assert.includeMembers(await next(changes), [
      ...HOME,
      ...LISTINGS,
      ...pages(7103),
      '/sitemap.xml',
    ])
    await db.from('rooms').where('id', 7103).delete()
    assert.includeMembers(await next(changes), [...LISTINGS, ...pages(7103), '/sitemap.xml'])

    assert.deepEqual(await next(changes), [], 'nothing new, nothing invalidated')
    await changes.stop()
  })

  test('a batch larger than the poll takes empties the cache instead', async ({ assert }) => {
    await addBuilding(720)
    const { cache, next, cleared } = recorder()
    const changes = new PageChanges(cache, db.connection(), { batch: 3 })
    await changes.start()
    await db.table('rooms').multiInsert(roomRows(720, [7201, 7202, 7203, 7204, 7205]))
    assert.deepEqual(await next(changes), [])
    assert.equal(cleared(), 1)
    await db.from('rooms').where('id', 7201).update({ price_halalas: 99000 })
    assert.deepEqual(await next(changes), pages(7201), 'followed page by page again')
    await changes.stop()
  })

  test('a change rolled back leaves no row', async ({ assert }) => {
    await addBuilding(730)
    const before = await db.from('page_changes').count('* as total').first()
    await db
      .transaction(async (trx) => {
        await trx.table('rooms').insert(roomRows(730, [7301])[0]!)
        throw new Error('rolled back')
      })
      .catch(() => {})
    const after = await db.from('page_changes').count('* as total').first()
    assert.equal(Number(after.total), Number(before.total))
  })
})
