import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { TOTAL_COUNT_HEADER } from '@sakan/common'
import { isolateEachTest } from '#tests/helpers'
import { Browser, rawGet } from '#tests/http'
import { PageChanges } from '#server/page_changes'
import type { PageCache } from '#server/page_cache'
import { RoomFactory } from '../../../database/factories/index.js'

/*
 * A catalogue page's ETag is hashed once per version of the catalogue, then kept
 * (public_cache_middleware.ts). It must still be the hash of the answer as sent, whatever
 * changed in between.
 */
const ORIGIN = new Browser().origin

async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await rawGet(ORIGIN + path, headers)
  const etag = [answer.headers.etag ?? []].flat()[0]
  const total = [answer.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? []].flat()[0] ?? null
  return { status: answer.status, etag, total, text: answer.body.toString('utf8') }
}

function hashOf(body: string, total: string | null): string {
  const hash = createHash('sha1').update(body)
  if (total !== null) hash.update(`\0${total}`)
  return `"${hash.digest('base64url')}"`
}

test.group('Kept ETags of catalogue pages', (group) => {
  isolateEachTest(group)

  test('a change that keeps the total gets a new ETag, the hash of the new page', async ({
    assert,
  }) => {
    const room = await RoomFactory.with('building').create()
    const page = '/api/rooms?_start=0&_end=50'
    const first = await get(page)
    const again = await get(page)
    assert.equal(again.etag, first.etag)
    assert.equal(first.etag, hashOf(first.text, first.total))

    await db.from('rooms').where('id', room.id).update({ price_halalas: 123_400 })
    const after = await get(page, { 'if-none-match': first.etag! })
    assert.equal(after.status, 200)
    assert.equal(after.total, first.total)
    assert.notEqual(after.text, first.text)
    assert.equal(after.etag, hashOf(after.text, after.total))
    assert.equal((await get(page, { 'if-none-match': after.etag! })).status, 304)
  })

  test('a change of only the day a taken room is free again gets new ETags', async ({ assert }) => {
    const room = await RoomFactory.with('building').merge({ availability: false }).create()
    const pages = [`/api/rooms/${room.id}`, '/api/rooms?availability=false&_start=0&_end=50']
    const before = await Promise.all(pages.map((page) => get(page)))
    for (const answer of before) assert.include(answer.text, '"availableFrom":null')

    await db.from('rooms').where('id', room.id).update({ available_from: '2027-01-01' })
    for (const [index, page] of pages.entries()) {
      const after = await get(page, { 'if-none-match': before[index]!.etag! })
      assert.equal(after.status, 200, page)
      assert.include(after.text, '"availableFrom":"2027-01-01"', page)
      assert.equal(after.etag, hashOf(after.text, after.total), page)
    }
  })

  test('the pages showing a taken room follow a change of only its free day', async ({
    assert,
  }) => {
    const [shown, other] = await RoomFactory.with('building')
      .merge({ availability: false })
      .createMany(2)
    /* A stand-in for the page cache: the home page and the listings show the first room's card. */
    const invalidated: string[] = []
    const cache = {
      invalidate: (keys: Iterable<string>) => void invalidated.push(...keys),
      linksOf: (key: string) => new Set(key.includes('/property/') ? [] : [shown!.id]),
      keys: () => [],
    } as unknown as PageCache
    const changes = new PageChanges(cache, db.connection())
    await changes.start()
    try {
      await db.from('rooms').where('id', shown!.id).update({ available_from: '2027-01-01' })
      await db.from('rooms').where('id', other!.id).update({ available_from: '2027-02-01' })
      await changes.poll()
    } finally {
      await changes.stop()
    }
    const property = (id: number) => [`/ar/property/${id}`, `/en/property/${id}`]
    assert.sameMembers(
      [...new Set(invalidated)],
      [
        '/ar/',
        '/en/',
        '/ar/listings',
        '/en/listings',
        ...property(shown!.id),
        ...property(other!.id),
      ]
    )
  })

  test('each language and each URL has its own kept ETag', async ({ assert }) => {
    await RoomFactory.with('building').createMany(3)
    for (const page of ['/api/rooms?_start=0&_end=2', '/api/rooms?_start=1&_end=3']) {
      for (const locale of ['en', 'ar']) {
        const answer = await get(page, { 'x-locale': locale })
        assert.equal(answer.etag, hashOf(answer.text, answer.total), `${page} ${locale}`)
      }
    }
  })
})
