import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { as, openStoredSession, recheckDue, storedSessions, rateLimitedGroup } from '#tests/helpers'
import { Browser, signInNew } from '#tests/http'
import {
  emulatorDisable,
  emulatorRevoke,
  emulatorSignIn,
  emulatorSignUp,
  nextSecond,
  type EmulatorAccount,
} from '#tests/emulator'
import { SESSION_LIFETIME_MS, SIGNED_IN_AT_KEY, sessionStore } from '#services/sessions'

/*
 * Sessions live in the configured store (the database, or Redis when REDIS_URL is set):
 * these tests go through real cookies and the real store.
 */

/** A browser signed in with this account, and the user behind it. */
async function signedIn(account: EmulatorAccount) {
  const { browser, login } = await signInNew(account)
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`)
  return { browser, user: await User.findOrFail(login.body.id) }
}

/** One account signed in on two devices: its laptop's and its phone's browsers, and the user. */
async function onTwoDevices() {
  const account = await emulatorSignUp()
  const { browser: laptop, user } = await signedIn(account)
  const { browser: phone } = await signedIn(account)
  return { account, laptop, phone, user }
}

/** Whether the browser is still signed in: the status of its `GET /api/auth/me`. */
async function meStatus(browser: Browser) {
  return (await browser.request('GET', '/api/auth/me')).status
}

/** Asserts that every one of the browsers is signed out (401) and the user has no session left. */
async function assertSignedOut(assert: Assert, user: User, browsers: Browser[]) {
  for (const browser of browsers) assert.equal(await meStatus(browser), 401)
  assert.lengthOf(await storedSessions(user), 0)
}

rateLimitedGroup('Sessions', () => {
  test('an anonymous call to a protected route is a 401', async ({ client }) => {
    const response = await client.get('/api/auth/me')
    response.assertStatus(401)
    response.assertBody({ message: 'Please sign in to continue' })
  })

  test('the session lives on the server: its cookie is only a signed id', async ({ assert }) => {
    const { browser, user } = await signedIn(await emulatorSignUp())
    assert.include(browser.cookieNames(), 'sakan-session')
    const sessions = await storedSessions(user)
    assert.lengthOf(sessions, 1)
    assert.equal(sessions[0]!.data.auth_web, user.id)

    /* The cookie cannot stand without its stored session. */
    await (await sessionStore()).destroy(sessions[0]!.id)
    assert.equal(await meStatus(browser), 401)
  })

  test('the session cookie is httpOnly, SameSite=Lax and lasts seven days', async ({ assert }) => {
    const login = await new Browser().signIn(await emulatorSignUp())
    const cookie = login.headers.getSetCookie().find((value) => value.startsWith('sakan-session='))
    assert.match(cookie!, /HttpOnly/i)
    assert.match(cookie!, /SameSite=Lax/i)
    assert.match(cookie!, /Max-Age=604800/i)
  })

  test('log out ends the session on the server: a copy of its cookie is refused', async ({
    assert,
  }) => {
    const { browser, user } = await signedIn(await emulatorSignUp())
    const copied = browser.copy()
    assert.equal(await meStatus(copied), 200)

    const logout = await browser.request('POST', '/api/auth/logout')
    assert.equal(logout.status, 204)
    await assertSignedOut(assert, user, [browser, copied])
  })

  test('signing in again replaces the session: the earlier cookie is refused', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const { browser, user } = await signedIn(account)
    const before = browser.copy()
    assert.equal((await browser.signIn(account)).status, 200)
    assert.equal(await meStatus(browser), 200)
    assert.equal(await meStatus(before), 401)
    assert.lengthOf(await storedSessions(user), 1)
  })

  test('an answer sent late never undoes a sign-in: an older call sets no session cookie', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const { browser, user } = await signedIn(account)
    /* A call she sent with the first session, answered after the second sign-in's answer. */
    const late = browser.copy()
    assert.equal((await browser.signIn(account)).status, 200)

    for (const path of ['/api/auth/me', '/api/rooms', '/api/notifications']) {
      const answer = await late.request('GET', path)
      assert.notInclude(answer.status, [500], path)
      assert.deepEqual(
        answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('sakan-session=')),
        [],
        path
      )
    }
    assert.equal(await meStatus(browser), 200)
    assert.lengthOf(await storedSessions(user), 1)
  })

  test('a live session keeps its cookie: calls touch it on the server, not in the browser', async ({
    assert,
  }) => {
    const { browser, user } = await signedIn(await emulatorSignUp())
    for (const method of ['GET', 'PATCH'] as const) {
      const answer = await browser.request(method, '/api/auth/me', {
        ...(method === 'PATCH' ? { body: { rentReminders: false } } : {}),
      })
      assert.equal(answer.status, 200, method)
      assert.deepEqual(answer.headers.getSetCookie(), [], method)
    }
    assert.lengthOf(await storedSessions(user), 1)
    assert.equal(await meStatus(browser), 200)
  })

  test('sign out of all devices ends every session of the user, and only hers', async ({
    assert,
  }) => {
    const { laptop, phone, user } = await onTwoDevices()
    const { browser: someoneElse, user: other } = await signedIn(await emulatorSignUp())
    assert.lengthOf(await storedSessions(user), 2)

    const response = await laptop.request('POST', '/api/auth/logout-all')
    assert.equal(response.status, 204)
    await assertSignedOut(assert, user, [laptop, phone])

    assert.equal(await meStatus(someoneElse), 200)
    assert.lengthOf(await storedSessions(other), 1)
  })

  test('after sign out of all devices, no device can reopen a session with its Firebase sign-in', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    await nextSecond()
    const { browser: laptop } = await signedIn(account)
    const phone = new Browser()
    assert.equal((await laptop.request('POST', '/api/auth/logout-all')).status, 204)
    /* The phone still holds an ID token issued before: Firebase has revoked it. */
    assert.equal((await phone.signIn(account)).status, 401)
  })

  test('a session is refused seven days after sign-in, however active', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const old = Date.now() - SESSION_LIFETIME_MS - 1000
    const id = await openStoredSession(user, { [SIGNED_IN_AT_KEY]: old })
    const response = await client.get('/api/auth/me').withCookie('sakan-session', id)
    response.assertStatus(401)
    assert.lengthOf(await storedSessions(user), 0)
  })

  test('a live session is accepted', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await as(client.get('/api/auth/me'), user)
    response.assertStatus(200)
    response.assertBodyContains({ id: user.id, emailVerified: user.emailVerified })
  })

  test('a tenant calling an admin-only route is a 403; the admin gets through', async ({
    client,
  }) => {
    const tenant = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const refused = await as(client.get('/api/admin/stats'), tenant)
    refused.assertStatus(403)
    refused.assertBody({ message: 'You are not allowed to do this' })
    const allowed = await as(client.get('/api/admin/stats'), admin)
    allowed.assertStatus(200)
  })

  test('the role is read from the database on every request', async ({ assert }) => {
    const { browser, user } = await signedIn(await emulatorSignUp())
    assert.equal((await browser.request('GET', '/api/admin/stats')).status, 403)
    user.role = 'admin'
    await user.save()
    assert.equal((await browser.request('GET', '/api/admin/stats')).status, 200)
    user.role = 'tenant'
    await user.save()
    assert.equal((await browser.request('GET', '/api/admin/stats')).status, 403)
  })

  test('every open session ends once the Firebase account is disabled', async ({ assert }) => {
    const { account, laptop, phone, user } = await onTwoDevices()
    assert.equal(await meStatus(laptop), 200)
    await emulatorDisable(account.uid)
    /* Firebase is asked again only after the re-check interval (SESSION_RECHECK_SECONDS). */
    assert.equal(await meStatus(laptop), 200)
    await recheckDue(user)
    const response = await laptop.request('GET', '/api/auth/me')
    assert.equal(response.status, 401)
    assert.deepEqual(response.body, { message: 'Please sign in to continue' })
    await assertSignedOut(assert, user, [phone])
  })

  test('a session opened before its account was signed out everywhere in Firebase ends', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const { browser: before, user } = await signedIn(account)
    assert.equal(await meStatus(before), 200)
    await nextSecond()
    await emulatorRevoke(account.uid)
    await recheckDue(user)
    await assertSignedOut(assert, user, [before])

    /* Signing in again afterwards opens a session that lives on. */
    const { browser: after } = await signedIn(await emulatorSignIn(account.email))
    await recheckDue(user)
    assert.equal(await meStatus(after), 200)
  })

  test('a re-check that finds the account in good standing keeps the session', async ({
    assert,
  }) => {
    const { browser, user } = await signedIn(await emulatorSignUp())
    await recheckDue(user)
    assert.equal(await meStatus(browser), 200)
    await user.refresh()
    assert.isAbove(user.firebaseCheckedAt!, Date.now() - 60_000)
  })

  test('a state-changing call from another origin is refused and changes nothing', async ({
    assert,
  }) => {
    const browser = new Browser()
    await browser.signIn(await emulatorSignUp())
    const forged = await browser.request('POST', '/api/auth/logout', {
      headers: { origin: 'https://evil.example' },
    })
    assert.equal(forged.status, 403)
    const viaReferer = await browser.request('POST', '/api/auth/logout', {
      headers: { origin: undefined as never, referer: 'https://evil.example/page' },
    })
    assert.equal(viaReferer.status, 403)
    const everywhere = await browser.request('POST', '/api/auth/logout-all', {
      headers: { origin: 'https://evil.example' },
    })
    assert.equal(everywhere.status, 403)
    assert.equal(await meStatus(browser), 200)
  })
})
