import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { isolateEachTest } from '#tests/helpers'
import { Browser } from '#tests/http'
import { emulatorSignUp, forgedToken } from '#tests/emulator'
import { SESSION_EXPIRES_KEY } from '#middleware/access_middleware'

test.group('Sign-in sync: POST /api/auth/firebase-login', (group) => {
  isolateEachTest(group)
  group.each.setup(() => limiter.clear())

  test('a valid token opens a session and answers the user record', async ({ assert }) => {
    const account = await emulatorSignUp(undefined, 'Lama Al-Otaibi')
    const browser = new Browser()
    const login = await browser.signIn(account, { displayName: 'Lama Al-Otaibi' })
    assert.equal(login.status, 200)
    assert.containsSubset(login.body, {
      email: account.email,
      fullName: 'Lama Al-Otaibi',
      role: 'tenant',
      isAdmin: false,
    })
    const cookie = login.headers.getSetCookie().find((value) => value.startsWith('sakan-session='))
    assert.exists(cookie)
    assert.match(cookie!, /HttpOnly/i)
    assert.match(cookie!, /SameSite=Lax/i)

    const me = await browser.request('GET', '/api/auth/me')
    assert.equal(me.status, 200)
    assert.equal(me.body.email, account.email)
  })

  test('signing in again finds the same user', async ({ assert }) => {
    const account = await emulatorSignUp()
    const first = await new Browser().signIn(account)
    const second = await new Browser().signIn(account)
    assert.equal(first.body.id, second.body.id)
    assert.equal(
      await User.query()
        .where('email', account.email)
        .count('* as total')
        .then((r) => Number(r[0]!.$extras.total)),
      1
    )
  })

  test('a forged, garbled or missing token is refused and creates nobody', async ({ assert }) => {
    const account = await emulatorSignUp()
    const browser = new Browser()
    for (const authorization of [
      `Bearer ${forgedToken(account.uid, account.email)}`,
      'Bearer not-a-token',
      `Basic ${account.idToken}`,
      undefined,
    ]) {
      const response = await browser.request('POST', '/api/auth/firebase-login', {
        headers: authorization ? { authorization } : {},
        body: { uid: account.uid, email: account.email },
      })
      assert.equal(response.status, 401, authorization)
      assert.isString(response.body.message)
    }
    assert.isNull(await User.findBy('email', account.email))
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
  })

  test('a body naming another identity than the token is refused', async ({ assert }) => {
    const account = await emulatorSignUp()
    const other = await emulatorSignUp()
    const browser = new Browser()
    const wrongUid = await browser.signIn(account, { uid: other.uid })
    assert.equal(wrongUid.status, 401)
    const wrongEmail = await browser.signIn(account, { email: other.email })
    assert.equal(wrongEmail.status, 401)
    assert.isNull(await User.findBy('email', account.email))
  })

  test('nothing in the body can make an administrator', async ({ assert }) => {
    const account = await emulatorSignUp()
    const response = await new Browser().signIn(account, { role: 'admin', isAdmin: true })
    assert.equal(response.status, 200)
    assert.equal(response.body.role, 'tenant')
  })

  test('a seeded account is linked at its first sign-in and keeps its role', async ({ assert }) => {
    const account = await emulatorSignUp()
    await UserFactory.merge({
      email: account.email,
      firebaseUid: `seed:${account.email}`,
      role: 'admin',
    }).create()
    const response = await new Browser().signIn(account)
    assert.equal(response.status, 200)
    assert.equal(response.body.role, 'admin')
    const user = await User.findByOrFail('email', account.email)
    assert.equal(user.firebaseUid, account.uid)
  })

  test('an e-mail already tied to another identity is a 409', async ({ assert }) => {
    const account = await emulatorSignUp()
    await UserFactory.merge({ email: account.email, firebaseUid: 'someone-else' }).create()
    const response = await new Browser().signIn(account)
    assert.equal(response.status, 409)
    assert.equal(response.body.message, 'An account with this email already exists')
  })

  test('bad bodies are 422 in the error shape', async ({ assert }) => {
    const account = await emulatorSignUp()
    const response = await new Browser().request('POST', '/api/auth/firebase-login', {
      headers: { authorization: `Bearer ${account.idToken}` },
      body: { uid: '', email: 'nope' },
    })
    assert.equal(response.status, 422)
    assert.includeMembers(
      response.body.errors.map((error: { field: string }) => error.field),
      ['uid', 'email']
    )
  })

  test('sign-in sync is rate limited per account and per address', async ({ assert }) => {
    const browser = new Browser()
    const attempt = (uid: string) =>
      browser.request('POST', '/api/auth/firebase-login', { body: { uid, email: 'x@example.com' } })
    for (let count = 0; count < 10; count++)
      assert.notEqual((await attempt('same-account')).status, 429)
    const limited = await attempt('same-account')
    assert.equal(limited.status, 429)
    assert.exists(limited.headers.get('retry-after'))
    assert.isString(limited.body.message)

    /* Another account from the same address still gets through, up to the address limit. */
    assert.notEqual((await attempt('another-account')).status, 429)
    let last
    for (let count = 0; count < 60; count++) last = await attempt(`account-${count}`)
    assert.equal(last!.status, 429)
  })
})

test.group('Sessions', (group) => {
  isolateEachTest(group)
  group.each.setup(() => limiter.clear())

  test('an anonymous call to a protected route is a 401', async ({ client }) => {
    const response = await client.get('/api/auth/me')
    response.assertStatus(401)
    response.assertBody({ message: 'Please sign in to continue' })
  })

  test('log out ends the session', async ({ assert }) => {
    const browser = new Browser()
    await browser.signIn(await emulatorSignUp())
    const logout = await browser.request('POST', '/api/auth/logout')
    assert.equal(logout.status, 204)
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
  })

  test('an expired session is refused', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/api/auth/me')
      .withSession({ auth_web: user.id, [SESSION_EXPIRES_KEY]: Date.now() - 1000 })
    response.assertStatus(401)
  })

  test('a live session is accepted', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/api/auth/me')
      .withSession({ auth_web: user.id, [SESSION_EXPIRES_KEY]: Date.now() + 60_000 })
    response.assertStatus(200)
    response.assertBodyContains({ id: user.id })
  })

  test('a tenant calling an admin-only route is a 403; the admin gets through', async ({
    client,
  }) => {
    const tenant = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const live = { [SESSION_EXPIRES_KEY]: Date.now() + 60_000 }
    const refused = await client
      .get('/api/admin/stats')
      .withSession({ auth_web: tenant.id, ...live })
    refused.assertStatus(403)
    refused.assertBody({ message: 'You are not allowed to do this' })
    const allowed = await client
      .get('/api/admin/stats')
      .withSession({ auth_web: admin.id, ...live })
    allowed.assertStatus(200)
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
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 200)
  })
})
