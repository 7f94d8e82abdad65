import { test } from '@japa/runner'
import AuditEvent from '#models/audit_event'
import User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { rateLimitedGroup } from '#tests/helpers'
import { Browser, signInNew } from '#tests/http'
import {
  emulatorDisable,
  emulatorRevoke,
  emulatorSignUp,
  emulatorVerifyEmail,
  forgedToken,
  nextSecond,
  withFirebaseUnreachable,
} from '#tests/emulator'

const INVALID_TOKEN = 'Your sign-in could not be verified. Please sign in again.'
const total = (rows: User[]) => Number(rows[0]!.$extras.total)

/** An administrator account seeded (not signed up) with the address of this account. */
const seededAdmin = (account: { email: string }, fields: { emailVerified?: boolean } = {}) =>
  UserFactory.merge({
    email: account.email,
    firebaseUid: `seed:${account.email}`,
    role: 'admin',
    ...fields,
  }).create()

rateLimitedGroup('Sign-in sync: POST /api/auth/firebase-login', () => {
  test('a valid token opens a session and answers the user record', async ({ assert }) => {
    const account = await emulatorSignUp(undefined, 'Lama Al-Otaibi')
    const { browser, login } = await signInNew(account, { displayName: 'Lama Al-Otaibi' })
    assert.equal(login.status, 200)
    assert.containsSubset(login.body, {
      email: account.email,
      fullName: 'Lama Al-Otaibi',
      role: 'tenant',
      isAdmin: false,
      emailVerified: false,
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
    const { browser, login: wrongUid } = await signInNew(account, { uid: other.uid })
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

  test('an unverified identity presenting a seeded address is a 409 and changes nothing', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const seeded = await seededAdmin(account)
    const { browser, login: response } = await signInNew(account)
    assert.equal(response.status, 409)
    assert.deepEqual(response.body, {
      message:
        'An account with this e-mail already exists. Verify your e-mail address, then sign in again.',
    })
    const arabic = await new Browser().signIn(account, {}, { 'x-locale': 'ar' })
    assert.equal(arabic.status, 409)
    assert.match(arabic.body.message, /^يوجد حساب/)

    await seeded.refresh()
    assert.equal(seeded.firebaseUid, `seed:${account.email}`)
    assert.equal(seeded.role, 'admin')
    assert.isNull(await User.findBy('firebase_uid', account.uid))
    assert.equal(
      await User.query().where('email', account.email).count('* as total').then(total),
      1
    )
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
  })

  test('an unverified identity presenting an address another identity holds is a 409', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const existing = await UserFactory.merge({ email: account.email, firebaseUid: 'someone-else' })
      .apply('admin')
      .create()
    const response = await new Browser().signIn(account)
    assert.equal(response.status, 409)
    await existing.refresh()
    assert.equal(existing.firebaseUid, 'someone-else')
    assert.equal(existing.role, 'admin')
  })

  test('a verified identity is linked to the existing account, which keeps its role', async ({
    assert,
  }) => {
    const unverified = await emulatorSignUp()
    const seeded = await seededAdmin(unverified, { emailVerified: false })
    const account = await emulatorVerifyEmail(unverified)
    const { browser, login: response } = await signInNew(account)
    assert.equal(response.status, 200)
    assert.containsSubset(response.body, { id: seeded.id, role: 'admin', emailVerified: true })
    await seeded.refresh()
    assert.equal(seeded.firebaseUid, account.uid)
    assert.isTrue(seeded.emailVerified)
    assert.equal((await browser.request('GET', '/api/auth/me')).body.id, seeded.id)
  })

  test('linking an account to a verified identity ends the sessions of the earlier one', async ({
    assert,
  }) => {
    const unverified = await emulatorSignUp()
    /* Someone signed up first with this address, unverified, and still has a session. */
    const { browser: squatter, login: squatted } = await signInNew(unverified)
    assert.equal(squatted.status, 200)
    await User.query().where('id', squatted.body.id).update({ firebase_uid: 'the-squatter' })

    const { browser: owner, login: linked } = await signInNew(await emulatorVerifyEmail(unverified))
    assert.equal(linked.status, 200)
    assert.equal(linked.body.id, squatted.body.id)
    assert.equal((await squatter.request('GET', '/api/auth/me')).status, 401)
    assert.equal((await owner.request('GET', '/api/auth/me')).status, 200)
  })

  test('e-mail verification is recorded at every sign-in and shown to the user', async ({
    assert,
  }) => {
    const unverified = await emulatorSignUp()
    const browser = new Browser()
    assert.isFalse((await browser.signIn(unverified)).body.emailVerified)
    assert.isFalse((await User.findByOrFail('firebase_uid', unverified.uid)).emailVerified)

    const verified = await emulatorVerifyEmail(unverified)
    assert.isTrue((await browser.signIn(verified)).body.emailVerified)
    assert.isTrue((await User.findByOrFail('firebase_uid', unverified.uid)).emailVerified)
    assert.isTrue((await browser.request('GET', '/api/auth/me')).body.emailVerified)
  })

  test('a disabled Firebase account cannot open a session', async ({ assert }) => {
    const account = await emulatorSignUp()
    await emulatorDisable(account.uid)
    const { browser, login: response } = await signInNew(account)
    assert.equal(response.status, 401)
    assert.deepEqual(response.body, { message: INVALID_TOKEN })
    assert.isNull(await User.findBy('firebase_uid', account.uid))
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
  })

  test('a token issued before its account was signed out everywhere is refused', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    await nextSecond()
    await emulatorRevoke(account.uid)
    const { browser, login: response } = await signInNew(account)
    assert.equal(response.status, 401)
    assert.deepEqual(response.body, { message: INVALID_TOKEN })
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
  })

  test('Firebase unreachable while checking a token is a 503, not a refusal; nothing changes', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    await withFirebaseUnreachable(async () => {
      const { browser, login } = await signInNew(account)
      assert.equal(login.status, 503)
      assert.deepEqual(login.body, { message: 'The service is temporarily unavailable' })
      const arabic = await new Browser().signIn(account, {}, { 'x-locale': 'ar' })
      assert.equal(arabic.status, 503)
      assert.equal(arabic.body.message, 'الخدمة غير متاحة مؤقتًا')
      assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
    })
    assert.isNull(await User.findBy('email', account.email))
    assert.lengthOf(await AuditEvent.query().where('action', 'auth.sign_in_refused'), 0)
    assert.equal((await new Browser().signIn(account)).status, 200)
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
