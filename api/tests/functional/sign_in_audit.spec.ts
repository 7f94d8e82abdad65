import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import AuditEvent from '#models/audit_event'
import User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { recheckDue, rateLimitedGroup } from '#tests/helpers'
import { Browser, signInNew } from '#tests/http'
import {
  emulatorDisable,
  emulatorRevoke,
  emulatorSignUp,
  forgedToken,
  nextSecond,
} from '#tests/emulator'

/* Sign-in events in the audit log: who (user id, or null) and when; no e-mail, no address. */

async function events(action: string) {
  return AuditEvent.query().where('action', action).orderBy('id')
}

rateLimitedGroup('Audit log of sign-in events', () => {
  test('a sign-in is recorded with the user and time, without e-mail or address', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const { browser, login } = await signInNew(account)
    const [event] = await events('auth.signed_in')
    assert.exists(event)
    assert.containsSubset(event!.serialize(), {
      actorId: login.body.id,
      subjectType: 'user',
      subjectId: login.body.id,
    })
    assert.equal(event!.details?.method, 'password')
    assert.match(String(event!.details?.addressHash), /^[\w-]{22}$/)
    assert.isAtMost(Math.abs(event!.createdAt.diffNow().as('seconds')), 60)

    await browser.request('POST', '/api/auth/logout')
    const [logout] = await events('auth.signed_out')
    assert.equal(logout!.subjectId, login.body.id)
    /* One address, one keyed hash: refusals from one place can be told apart, not located. */
    assert.equal(logout!.details?.addressHash, event!.details?.addressHash)

    const everything = JSON.stringify(await AuditEvent.all())
    assert.notInclude(everything, account.email)
    assert.notInclude(everything, '127.0.0.1')
  })

  test('refused sign-ins are recorded with a reason, and the user when one is known', async ({
    assert,
  }) => {
    const browser = new Browser()
    const stranger = await emulatorSignUp()
    await browser.request('POST', '/api/auth/firebase-login', {
      body: { uid: stranger.uid, email: stranger.email },
    })
    await browser.request('POST', '/api/auth/firebase-login', {
      headers: { authorization: `Bearer ${forgedToken(stranger.uid, stranger.email)}` },
      body: { uid: stranger.uid, email: stranger.email },
    })
    await browser.signIn(stranger, { uid: 'another-uid' })

    const claimed = await emulatorSignUp()
    const owner = await UserFactory.merge({
      email: claimed.email,
      firebaseUid: 'the-owner',
    }).create()
    assert.equal((await browser.signIn(claimed)).status, 409)

    const refused = await events('auth.sign_in_refused')
    assert.deepEqual(
      refused.map((event) => [event.details?.reason, event.actorId, event.subjectId]),
      [
        ['missing_token', null, null],
        ['token_invalid', null, null],
        ['identity_mismatch', null, null],
        ['email_not_verified', null, owner.id],
      ]
    )
    assert.notInclude(JSON.stringify(refused), claimed.email)
  })

  test('a disabled or revoked account refused at sign-in is recorded against its user', async ({
    assert,
  }) => {
    const disabled = await emulatorSignUp()
    const revoked = await emulatorSignUp()
    await nextSecond()
    const disabledUser = (await new Browser().signIn(disabled)).body.id
    const revokedUser = (await new Browser().signIn(revoked)).body.id
    await emulatorDisable(disabled.uid)
    await emulatorRevoke(revoked.uid)

    assert.equal((await new Browser().signIn(disabled)).status, 401)
    assert.equal((await new Browser().signIn(revoked)).status, 401)
    const refused = await events('auth.sign_in_refused')
    assert.deepEqual(
      refused.map((event) => [event.details?.reason, event.subjectId]),
      [
        ['user_disabled', disabledUser],
        ['token_revoked', revokedUser],
      ]
    )
  })

  test('sign out of all devices and a session ended by Firebase are recorded', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const laptop = new Browser()
    const userId = (await laptop.signIn(account)).body.id
    await new Browser().signIn(account)
    await laptop.request('POST', '/api/auth/logout-all')
    const [everywhere] = await events('auth.signed_out_everywhere')
    assert.equal(everywhere!.subjectId, userId)
    assert.equal(everywhere!.details?.sessions, 2)
    assert.isTrue(everywhere!.details?.firebaseRevoked)

    const other = await emulatorSignUp()
    const phone = new Browser()
    const user = await User.findOrFail((await phone.signIn(other)).body.id)
    await emulatorDisable(other.uid)
    await recheckDue(user)
    assert.equal((await phone.request('GET', '/api/auth/me')).status, 401)
    const [ended] = await events('auth.session_ended')
    assert.equal(ended!.subjectId, user.id)
    assert.equal(ended!.details?.reason, 'disabled')
  })

  test('a role change by `node ace user:role` is recorded', async ({ assert }) => {
    const user = await UserFactory.create()
    await ace.boot()
    const run = await ace.exec('user:role', [user.email, 'admin'])
    assert.equal(run.exitCode, 0)
    await user.refresh()
    assert.equal(user.role, 'admin')

    const [event] = await events('user.role_changed')
    assert.containsSubset(event!.serialize(), { actorId: null, subjectId: user.id })
    assert.deepEqual(event!.details, { from: 'tenant', to: 'admin' })

    /* Setting the role it already has changes nothing, and records nothing. */
    assert.equal((await ace.exec('user:role', [user.email, 'admin'])).exitCode, 0)
    assert.lengthOf(await events('user.role_changed'), 1)
  })
})
