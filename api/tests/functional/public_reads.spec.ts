import { test } from '@japa/runner'
import { createHash, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { TOTAL_COUNT_HEADER } from '@sakan/common'
import User from '#models/user'
import { SESSION_COOKIE } from '#config/session'
import { rentTerms } from '#config/rent'
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '#middleware/public_cache_middleware'
import { SESSION_LIFETIME_MS, SIGNED_IN_AT_KEY } from '#services/sessions'
import {
  as,
  isolateEachTest,
  openStoredSession,
  storedSessions,
  rateLimitedGroup,
} from '#tests/helpers'
import { Browser, rawGet, signInNew } from '#tests/http'
import { emulatorSignUp } from '#tests/emulator'
import { ReviewFactory, RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { rowCount } from '#tests/stored'

/*
 * An anonymous read touches no session (no store query, no cookie), and the public
 * catalogue answers are cacheable by browsers and CDNs. These go over real HTTP (fetch), so
 * that every header the server writes is seen, Set-Cookie included.
 */
const ORIGIN = new Browser().origin

/** A GET as a cache would revalidate it (see `rawGet`), its headers as `Headers`. */
async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await rawGet(ORIGIN + path, headers)
  const received = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) received.append(name, one)
  }
  return { status: answer.status, headers: received, text: answer.body.toString('utf8') }
}

/** Rows in the sessions table (the database store; Redis tests list by user instead). */
const sessionRows = () => rowCount('sessions')

async function catalogue() {
  const room = await RoomFactory.with('building').create()
  await ReviewFactory.create()
  return room
}

/** The session cookie's Set-Cookie of a response read through the API client, if any. */
function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  return [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
}

const CLEARED = /Max-Age=0|Expires=Thu, 01 Jan 1970/i

rateLimitedGroup('Public reads touch no session', () => {
  test('anonymous reads of every public route answer with no Set-Cookie and write no session', async ({
    assert,
  }) => {
    const room = await catalogue()
    const before = await sessionRows()
    for (const path of [
      '/api/health',
      '/api/config',
      '/api/rooms',
      `/api/rooms/${room.id}`,
      '/api/reviews',
      '/api/reviews?featured=true',
    ]) {
      const response = await get(path)
      assert.equal(response.status, 200, path)
      assert.deepEqual(response.headers.getSetCookie(), [], path)
    }
    assert.equal(await sessionRows(), before)
  })

  test('errors and protected routes called anonymously set no cookie either', async ({
    assert,
  }) => {
    for (const [path, status] of [
      ['/api/rooms/999999', 404],
      ['/api/rooms?_start=-1', 422],
      ['/api/auth/me', 401],
      ['/api/nope', 404],
    ] as const) {
      const response = await get(path)
      assert.equal(response.status, status, path)
      assert.deepEqual(response.headers.getSetCookie(), [], path)
    }
  })

  test('signing in still opens a session and sets its cookie; the session then works', async ({
    assert,
  }) => {
    const { browser, login } = await signInNew(await emulatorSignUp())
    assert.equal(login.status, 200)
    assert.include(browser.cookieNames(), SESSION_COOKIE)
    assert.lengthOf(await storedSessions(await User.findOrFail(login.body.id)), 1)
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 200)
  })

  test('signing out clears the cookie, so the browser reads anonymously again', async ({
    assert,
  }) => {
    const { browser, login } = await signInNew(await emulatorSignUp())
    assert.equal(login.status, 200)

    const logout = await browser.request('POST', '/api/auth/logout')
    assert.equal(logout.status, 204)
    const cleared = logout.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    assert.match(cleared!, CLEARED)
    assert.notInclude(browser.cookieNames(), SESSION_COOKIE)

    const after = await browser.request('GET', '/api/rooms')
    assert.equal(after.status, 200)
    assert.deepEqual(after.headers.getSetCookie(), [])
    assert.equal(after.headers.get('cache-control'), PUBLIC_CACHE_CONTROL)
  })

  test('a cookie naming no live session is left alone on a public read', async ({
    client,
    assert,
  }) => {
    /*
     * A signed session id the store does not know (ended elsewhere, or replaced by a sign-in
     * whose answer came first): clearing it could sign out the session that replaced it.
     */
    const response = await client.get('/api/rooms').withCookie(SESSION_COOKIE, randomUUID())
    response.assertStatus(200)
    assert.isUndefined(sessionCookieOf(response.headers()['set-cookie']))
    assert.equal(response.header('cache-control'), PRIVATE_CACHE_CONTROL)
  })

  test('a signed-in user calling a public route still has her session checked', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const live = await as(client.get('/api/rooms'), user)
    live.assertStatus(200)
    assert.equal(live.header('cache-control'), PRIVATE_CACHE_CONTROL)
    assert.lengthOf(await storedSessions(user), 1)

    /* Past its seven days: ended on the server, and its cookie cleared, by a public read too. */
    const old = Date.now() - SESSION_LIFETIME_MS - 1000
    const id = await openStoredSession(user, { [SIGNED_IN_AT_KEY]: old })
    const expired = await client.get('/api/rooms').withCookie(SESSION_COOKIE, id)
    expired.assertStatus(200)
    assert.notInclude(
      (await storedSessions(user)).map((session) => session.id),
      id
    )
    assert.match(sessionCookieOf(expired.headers()['set-cookie'])!, CLEARED)
  })
})

test.group('Public catalogue answers are cacheable', (group) => {
  isolateEachTest(group)

  test('rooms, a room and reviews: public Cache-Control, a strong ETag of the body, Vary by language', async ({
    assert,
  }) => {
    const room = await catalogue()
    for (const path of ['/api/rooms', `/api/rooms/${room.id}`, '/api/reviews']) {
      const { text, ...response } = await get(path)
      assert.equal(response.status, 200, path)
      assert.equal(response.headers.get('cache-control'), PUBLIC_CACHE_CONTROL, path)
      assert.match(response.headers.get('content-type')!, /^application\/json/, path)
      const etag = response.headers.get('etag')!
      assert.match(etag, /^"[\w-]+"$/, `${path}: a strong ETag`)
      assert.equal(etag, expectedEtag(text, response.headers.get(TOTAL_COUNT_HEADER)), path)
      const vary = (response.headers.get('vary') ?? '').toLowerCase()
      assert.include(vary, 'accept-language', path)
      assert.include(vary, 'x-locale', path)
      assert.equal(response.headers.get('content-language'), 'en', path)
      assert.doesNotThrow(() => JSON.parse(text), path)
    }
  })

  test('a matching If-None-Match is a 304 with no body; another language is another ETag', async ({
    assert,
  }) => {
    const room = await catalogue()
    const path = `/api/rooms/${room.id}`
    const first = await get(path)
    const etag = first.headers.get('etag')!

    const again = await get(path, { 'if-none-match': etag })
    assert.equal(again.status, 304)
    assert.equal(again.text, '')
    assert.equal(again.headers.get('etag'), etag)
    assert.equal(again.headers.get('cache-control'), PUBLIC_CACHE_CONTROL)

    const arabic = await get(path, { 'if-none-match': etag, 'x-locale': 'ar' })
    assert.equal(arabic.status, 200)
    assert.equal(arabic.headers.get('content-language'), 'ar')
    assert.notEqual(arabic.headers.get('etag'), etag)
    assert.equal(JSON.parse(arabic.text).id, room.id)

    const stale = await get(path, { 'if-none-match': '"something-else"' })
    assert.equal(stale.status, 200)
    assert.equal(stale.text, first.text)
  })

  test('the ETag changes with the total even when the page does not', async ({ assert }) => {
    await RoomFactory.with('building').merge({ createdAt: DateTime.now() }).create()
    const page = '/api/rooms?_start=0&_end=1'
    const before = await get(page)
    /* An older room: the first page (newest first) is the same, the total is not. */
    await RoomFactory.with('building')
      .merge({ createdAt: DateTime.now().minus({ days: 30 }) })
      .create()
    const after = await get(page, { 'if-none-match': before.headers.get('etag')! })
    assert.equal(after.status, 200)
    assert.equal(after.text, before.text)
    assert.equal(
      Number(after.headers.get(TOTAL_COUNT_HEADER)),
      Number(before.headers.get(TOTAL_COUNT_HEADER)) + 1
    )
  })

  test('/api/config is public and the same in every language', async ({ assert }) => {
    const english = await get('/api/config')
    const arabic = await get('/api/config', { 'accept-language': 'ar' })
    assert.equal(english.headers.get('cache-control'), PUBLIC_CACHE_CONTROL)
    assert.equal(english.headers.get('etag'), arabic.headers.get('etag'))
    assert.isNull(english.headers.get('content-language'))
  })

  test('/api/config promises a late fee and discounts only when configured (issue 41)', async ({
    assert,
  }) => {
    const rent = async () => JSON.parse((await get('/api/config')).text).rent
    const discountPercent = { quarterly: 5, annual: 10 }
    assert.deepEqual(await rent(), { graceDays: 5, lateFee: null, discountPercent })
    const { graceDays, lateFee, prepayDiscountPercent } = rentTerms
    try {
      rentTerms.graceDays = 3
      rentTerms.lateFee = { kind: 'amount', halalas: 5_050 }
      assert.deepEqual(await rent(), { graceDays: 3, lateFee: { amount: 50.5 }, discountPercent })
      rentTerms.lateFee = { kind: 'percent', percent: 5 }
      assert.deepEqual(await rent(), { graceDays: 3, lateFee: { percent: 5 }, discountPercent })
      rentTerms.prepayDiscountPercent = { 3: 0, 12: 12.5 }
      assert.deepEqual((await rent()).discountPercent, { quarterly: 0, annual: 12.5 })
    } finally {
      Object.assign(rentTerms, { graceDays, lateFee, prepayDiscountPercent })
    }
  })

  test('errors are never stored: no-store and no ETag', async ({ assert }) => {
    for (const path of [
      '/api/rooms/999999',
      '/api/rooms?_start=-1',
      '/api/reviews?featured=maybe',
    ]) {
      const response = await get(path)
      assert.isAtLeast(response.status, 400, path)
      assert.equal(response.headers.get('cache-control'), 'no-store', path)
      assert.isNull(response.headers.get('etag'), path)
    }
  })

  test('the health check and the signed-in lists stay uncached', async ({ client, assert }) => {
    assert.equal((await get('/api/health')).headers.get('cache-control'), 'no-store')
    const user = await UserFactory.create()
    const payments = await as(client.get('/api/payments'), user)
    payments.assertStatus(200)
    assert.equal(payments.header('cache-control'), 'no-store')
    assert.isUndefined(payments.header('etag'))
  })

  test('a signed-in read of the catalogue is private, and revalidates by its ETag', async ({
    client,
    assert,
  }) => {
    const room = await catalogue()
    const user = await UserFactory.create()
    const first = await as(client.get(`/api/rooms/${room.id}`), user)
    first.assertStatus(200)
    assert.equal(first.header('cache-control'), PRIVATE_CACHE_CONTROL)
    const again = await as(
      client.get(`/api/rooms/${room.id}`).header('if-none-match', first.header('etag')!),
      user
    )
    again.assertStatus(304)
  })
})

function expectedEtag(body: string, total: string | null): string {
  const hash = createHash('sha1').update(body)
  if (total !== null) hash.update(`\0${total}`)
  return `"${hash.digest('base64url')}"`
}
