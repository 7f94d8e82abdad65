import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { TOTAL_COUNT_HEADER } from '@sakan/common'
import { isolateEachTest } from '#tests/helpers'
import { Browser, rawGet } from '#tests/http'
import { RoomFactory } from '../../../database/factories/index.js'

/*
 * Issue 28: a catalogue page's ETag is hashed once per version of the catalogue, then kept
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
