import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { unzipSync, strFromU8 } from 'fflate'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { PRIVACY_NOTICE_VERSION } from '@sakan/common'
import User from '#models/user'
import Consent from '#models/consent'
import Application from '#models/application'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import Tenancy from '#models/tenancy'
import { notify } from '#services/notifications'
import { issueReceipt } from '#services/payments'
import { purgeExpiredDocuments, storeIdDocument } from '#services/id_documents_at_rest'
import { FRESH_SIGN_IN_MS, confirmFreshSignIn } from '#services/account_closure'
import { findAccount, verifyIdToken } from '#services/firebase'
import { as, rateLimitedGroup, storedSessions } from '#tests/helpers'
import { Browser, signInNew } from '#tests/http'
import { emulatorSignIn, emulatorSignUp, type EmulatorAccount } from '#tests/emulator'
import { applying, tenancy } from '#tests/tenancy'
import { pngBytes, pngFile } from '#tests/fixtures'
import {
  MaintenanceRequestFactory,
  PaymentFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'

/*
 * Her rights over her data (issue 45): a copy of everything (GET /api/me/export), her name and
 * phone corrected (PATCH /api/auth/me), her account closed (DELETE /api/me) and her consents to
 * the privacy notice (POST /api/me/consent, sign-up, applications) — through real
 * cookies, real Firebase tokens (the Auth emulator) and the real documents disk.
 */

/** A browser signed in with a new emulator account, its account and its user. */
async function resident() {
  const account = await emulatorSignUp()
  const { browser, login } = await signInNew(account)
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`)
  return { account, browser, user: await User.findOrFail(login.body.id) }
}

/** Her stored ID document on an application of hers, and its bytes as uploaded. */
async function withDocument(application: Application) {
  const bytes = await pngBytes()
  const key = `applications/${randomUUID()}.png`
  await storeIdDocument(key, bytes)
  application.merge({ documentKey: key, documentContentType: 'image/png' })
  await application.save()
  return { key, bytes }
}

/** Her maintenance request with one photo stored on the private disk; its photo's key. */
async function requestWithPhoto(user: User, roomId: number, buildingId: number) {
  const request = await MaintenanceRequestFactory.merge({
    userId: user.id,
    roomId,
    buildingId,
    title: 'Leaking tap',
  }).create()
  const key = `maintenance/${randomUUID()}.png`
  await drive.use('documents').put(key, await pngBytes())
  await db.table('maintenance_photos').insert({
    maintenance_request_id: request.id,
    position: 1,
    key,
    content_type: 'image/png',
    created_at: new Date(),
  })
  return { request, key }
}

/** The ZIP `GET /api/me/export` answers, read: its `data.json` and its other entries. */
async function exported(browser: Browser, locale = 'en') {
  const response = await browser.send('GET', '/api/me/export', { headers: { 'x-locale': locale } })
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (response.status !== 200) return { response, data: null, entries: {} }
  const entries = unzipSync(bytes)
  return {
    response,
    data: JSON.parse(strFromU8(entries['data.json']!)),
    entries,
  }
}

/** DELETE /api/me confirmed by a sign-in made now with the account's password. */
async function closeWith(browser: Browser, account: EmulatorAccount, locale = 'en') {
  const fresh = await emulatorSignIn(account.email)
  return browser.request('DELETE', '/api/me', {
    headers: { authorization: `Bearer ${fresh.idToken}`, 'x-locale': locale },
  })
}

rateLimitedGroup('My data: the export', () => {
  test('her ZIP holds her records and files, and nobody else’s', async ({ assert }) => {
    const { browser, user } = await resident()
    const { room, application } = await tenancy({ tenant: user })
    const document = await withDocument(application)
    const payment = await PaymentFactory.merge({
      userId: user.id,
      roomId: room.id,
      applicationId: application.id,
      monthCovered: '2026-10',
      amountHalalas: 185050,
    }).create()
    const photo = await requestWithPhoto(user, room.id, room.buildingId)
    await notify(db.connection(), [
      {
        userId: user.id,
        kind: 'application_approved',
        data: { roomNumber: '101' },
        link: '/dashboard',
      },
    ])
    /* Another resident's records, which must not appear. */
    const other = await tenancy()
    await PaymentFactory.merge({
      userId: other.tenant.id,
      roomId: other.room.id,
      applicationId: other.application.id,
    }).create()

    const { response, data, entries } = await exported(browser)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/zip')
    assert.match(
      response.headers.get('content-disposition')!,
      /^attachment; filename="sakan-my-data-\d{4}-\d{2}-\d{2}\.zip"$/
    )
    assert.equal(data.profile.id, user.id)
    assert.equal(data.profile.email, user.email)
    assert.deepEqual(
      data.applications.map((row: { id: number }) => row.id),
      [application.id]
    )
    assert.lengthOf(data.stays, 1)
    assert.equal(data.stays[0].applicationId, application.id)
    assert.isArray(data.stays[0].ledger)
    assert.deepEqual(
      data.payments.map((row: { id: number }) => row.id),
      [payment.id]
    )
    assert.equal(data.payments[0].amount, 1850.5)
    assert.deepEqual(
      data.maintenanceRequests.map((row: { id: number }) => row.id),
      [photo.request.id]
    )
    assert.lengthOf(data.notifications, 1)
    assert.isTrue(data.events.length > 0, 'her sign-in is among the events')
    assert.notInclude(JSON.stringify(data), other.tenant.email)

    const documentFile = data.applications[0].documentFile
    assert.deepEqual(Buffer.from(entries[documentFile]!), document.bytes, 'decrypted as uploaded')
    const photoFile = data.maintenanceRequests[0].photoFiles[0]
    assert.deepEqual(
      Buffer.from(entries[photoFile]!),
      Buffer.from(await drive.use('documents').getBytes(photo.key))
    )
  })

  test('the export is written in her language', async ({ assert }) => {
    const { browser } = await resident()
    const { data } = await exported(browser, 'ar')
    assert.equal(data.language, 'ar')
    assert.include(data.about, 'يحتوي هذا الملف')
  })

  test('a few exports an hour, then a 429 in her language', async ({ assert }) => {
    const { browser } = await resident()
    for (let i = 0; i < 5; i++) assert.equal((await exported(browser)).response.status, 200)
    const refused = await browser.request('GET', '/api/me/export', {
      headers: { 'x-locale': 'ar' },
    })
    assert.equal(refused.status, 429)
    assert.equal(refused.body.message, 'محاولات كثيرة. يرجى الانتظار قليلًا ثم المحاولة مجددًا.')
  })

  test('signed out, there is nothing to export', async ({ assert }) => {
    const refused = await new Browser().request('GET', '/api/me/export')
    assert.equal(refused.status, 401)
  })
})

rateLimitedGroup('My data: her details', () => {
  test('she corrects her name and phone; bad ones are refused in her words', async ({ assert }) => {
    const { browser, user } = await resident()
    const saved = await browser.request('PATCH', '/api/auth/me', {
      body: { fullName: '  Maha Alharbi ', phone: '+966 55 123 4567' },
    })
    assert.equal(saved.status, 200)
    assert.equal(saved.body.fullName, 'Maha Alharbi')
    assert.equal(saved.body.phone, '+966 55 123 4567')

    const badPhone = await browser.request('PATCH', '/api/auth/me', {
      body: { phone: '12-34' },
      headers: { 'x-locale': 'ar' },
    })
    assert.equal(badPhone.status, 422)
    assert.equal(badPhone.body.message, 'يُرجى إدخال رقم جوال صحيح')
    const badName = await browser.request('PATCH', '/api/auth/me', { body: { fullName: ' M ' } })
    assert.equal(badName.status, 422)
    assert.equal(badName.body.message, 'Please enter your full name')

    const removed = await browser.request('PATCH', '/api/auth/me', { body: { phone: null } })
    assert.isNull(removed.body.phone)
    await user.refresh()
    assert.equal(user.fullName, 'Maha Alharbi')
    assert.isNull(user.phone)
  })
})

rateLimitedGroup('My data: closing her account', () => {
  test('without a fresh sign-in nothing closes', async ({ assert }) => {
    const { browser, user } = await resident()
    const bare = await browser.request('DELETE', '/api/me')
    assert.equal(bare.status, 403)
    assert.equal(bare.body.message, 'To close your account, confirm it with your password again.')
    const forged = await browser.request('DELETE', '/api/me', {
      headers: { authorization: 'Bearer not-a-token' },
    })
    assert.equal(forged.status, 403)
    const someoneElse = await emulatorSignUp()
    const theirs = await browser.request('DELETE', '/api/me', {
      headers: { authorization: `Bearer ${someoneElse.idToken}` },
    })
    assert.equal(theirs.status, 403)
    await user.refresh()
    assert.isNull(user.closedAt)
  })

  test('a sign-in older than five minutes is not fresh', async ({ assert }) => {
    const { account, user } = await resident()
    const { auth_time: signedInAt } = await verifyIdToken(account.idToken)
    await confirmFreshSignIn(user, account.idToken, signedInAt * 1000 + FRESH_SIGN_IN_MS)
    await assert.rejects(
      () => confirmFreshSignIn(user, account.idToken, signedInAt * 1000 + FRESH_SIGN_IN_MS + 1000),
      'account.freshSignInNeeded'
    )
  })

  test('a current stay keeps the account open, with the reason', async ({ assert }) => {
    const { account, browser, user } = await resident()
    await tenancy({ tenant: user })
    const refused = await closeWith(browser, account, 'ar')
    assert.equal(refused.status, 409)
    assert.equal(
      refused.body.message,
      'لا يمكنك إغلاق حسابك ما دامت لديك إقامة حالية. اطلبي من المسؤول إنهاءها أولًا.'
    )
    await user.refresh()
    assert.isNull(user.closedAt)
    assert.equal((await browser.request('GET', '/api/auth/me')).status, 200)
  })

  test('money owed on an ended stay keeps the account open, and says how much', async ({
    assert,
  }) => {
    const { account, browser, user } = await resident()
    const { application } = await tenancy({ tenant: user })
    const start = DateTime.now().setZone('Asia/Riyadh').startOf('month').minus({ months: 3 })
    await Tenancy.query()
      .where('application_id', application.id)
      .update({
        start_date: start.toISODate(),
        end_date: start.plus({ months: 2 }).minus({ days: 1 }).toISODate(),
        state: 'ended',
        monthly_rent_halalas: 150000,
      })
    const refused = await closeWith(browser, account)
    assert.equal(refused.status, 409)
    assert.match(
      refused.body.message,
      /^You cannot close your account while you owe [\d,.]+ SAR\. Please pay it first\.$/
    )
  })

  test('an administrator closes nothing here', async ({ assert }) => {
    const { account, browser, user } = await resident()
    await User.query().where('id', user.id).update({ role: 'admin' })
    const refused = await closeWith(browser, account)
    assert.equal(refused.status, 409)
    assert.equal(
      refused.body.message,
      "An administrator's account is closed by another administrator, not here."
    )
  })

  test('closed: her data erased, her files destroyed, her sign-in gone; payments keep their amounts', async ({
    client,
    assert,
  }) => {
    const { account, browser, user } = await resident()
    const elsewhere = (await signInNew(await emulatorSignIn(account.email))).browser
    const { room, application } = await tenancy({ tenant: user })
    const document = await withDocument(application)
    const stay = await Tenancy.findByOrFail('applicationId', application.id)
    const start = DateTime.now().setZone('Asia/Riyadh').startOf('month').minus({ months: 1 })
    stay.merge({ startDate: start, endDate: start.plus({ days: 20 }), state: 'ended' })
    await stay.save()
    /* Her one month paid, and her deposit: she owes nothing. */
    const payment = await PaymentFactory.merge({
      userId: user.id,
      roomId: room.id,
      applicationId: application.id,
      monthCovered: start.toFormat('yyyy-MM'),
      amountHalalas: stay.monthlyRentHalalas,
    }).create()
    await PaymentMonth.create({
      paymentId: payment.id,
      roomId: room.id,
      applicationId: application.id,
      month: start.toFormat('yyyy-MM'),
      completed: true,
    })
    await PaymentFactory.merge({
      userId: user.id,
      roomId: room.id,
      applicationId: application.id,
      kind: 'deposit',
      monthCovered: start.toFormat('yyyy-MM'),
      amountHalalas: stay.depositHalalas,
    }).create()
    await db.transaction((trx) =>
      issueReceipt(trx, payment, { gross: payment.amountHalalas, discount: 0 })
    )
    const pending = await tenancy({ tenant: user, status: 'pending' })
    const pendingDocument = await withDocument(pending.application)
    const photo = await requestWithPhoto(user, room.id, room.buildingId)

    const closed = await closeWith(browser, account)
    assert.equal(closed.status, 204, JSON.stringify(closed.body))

    await user.refresh()
    assert.equal(user.fullName, `Former resident #${user.id}`)
    assert.equal(user.email, `former-resident-${user.id}@closed.invalid`)
    assert.isNull(user.phone)
    assert.isNull(user.username)
    assert.isNotNull(user.closedAt)
    await application.refresh()
    assert.isNull(application.documentKey)
    assert.isNotNull(application.documentDestroyedAt)
    assert.isNull(await Application.find(pending.application.id), 'a pending application goes')
    const disk = drive.use('documents')
    assert.isFalse(await disk.exists(document.key))
    assert.isFalse(await disk.exists(pendingDocument.key))
    assert.isFalse(await disk.exists(photo.key))
    const kept = await Payment.findOrFail(payment.id)
    assert.equal(kept.amountHalalas, stay.monthlyRentHalalas)
    /* The administrator's lists and her receipt name the placeholder; the amounts stay. */
    const admin = await UserFactory.apply('admin').create()
    const listed = await as(client.get('/api/applications'), admin)
    const row = listed.body().find((item: { id: number }) => item.id === application.id)
    assert.equal(row.user.fullName, `Former resident #${user.id}`)
    const receipt = await as(client.get(`/api/payments/${payment.id}/receipt`), admin)
    receipt.assertStatus(200)
    assert.include(JSON.stringify(receipt.body()), `Former resident #${user.id}`)
    assert.equal(receipt.body().amount, stay.monthlyRentHalalas / 100)
    assert.equal(receipt.body().resident.fullName, `Former resident #${user.id}`)

    assert.equal((await browser.request('GET', '/api/auth/me')).status, 401)
    assert.equal((await elsewhere.request('GET', '/api/auth/me')).status, 401)
    assert.lengthOf(await storedSessions(user), 0)
    assert.isNull(await findAccount(account.uid), 'her Firebase account is deleted')
    await assert.rejects(() => emulatorSignIn(account.email))
  })

  test('the purge narrowed to one application destroys its document only', async ({ assert }) => {
    const one = await tenancy({ status: 'rejected' })
    const other = await tenancy({ status: 'rejected' })
    for (const { application } of [one, other]) {
      application.reviewedAt = DateTime.now().minus({ days: 1 })
      await application.save()
    }
    const kept = await withDocument(other.application)
    const gone = await withDocument(one.application)
    assert.equal(await purgeExpiredDocuments(new Date(), 0, one.application.id), 1)
    assert.isFalse(await drive.use('documents').exists(gone.key))
    assert.isTrue(await drive.use('documents').exists(kept.key))
    await other.application.refresh()
    assert.equal(other.application.documentKey, kept.key)
  })

  test('a closed account’s document the storage kept is destroyed by the next purge', async ({
    assert,
  }) => {
    const { application, tenant } = await tenancy({ status: 'rejected' })
    const document = await withDocument(application)
    assert.equal(await purgeExpiredDocuments(new Date(), 3650), 0, 'needed still, open account')
    await User.query().where('id', tenant.id).update({ closed_at: new Date() })
    assert.equal(await purgeExpiredDocuments(new Date(), 3650), 1)
    assert.isFalse(await drive.use('documents').exists(document.key))
  })
})

rateLimitedGroup('My data: consents to the privacy notice', () => {
  test('signing up with the notice records her consent; a sign-in without it records none', async ({
    assert,
  }) => {
    const account = await emulatorSignUp()
    const { login } = await signInNew(account, { privacyVersion: PRIVACY_NOTICE_VERSION })
    assert.equal(login.body.privacyVersion, PRIVACY_NOTICE_VERSION)
    const consents = await Consent.query().where('user_id', login.body.id)
    assert.deepEqual(
      consents.map((row) => [row.version, row.context]),
      [[PRIVACY_NOTICE_VERSION, 'sign_up']]
    )
    /* Signing in again with the same notice adds nothing. */
    await signInNew(await emulatorSignIn(account.email), { privacyVersion: PRIVACY_NOTICE_VERSION })
    assert.lengthOf(await Consent.query().where('user_id', login.body.id), 1)

    const other = await signInNew(await emulatorSignUp(), { privacyVersion: '2020-01-01' })
    assert.isNull(other.login.body.privacyVersion, 'a notice no longer in force is not consent')
    assert.lengthOf(await Consent.query().where('user_id', other.login.body.id), 0)
  })

  test('a notice asked again: accepting it is recorded; an old one is refused', async ({
    assert,
  }) => {
    const { browser, user } = await resident()
    const old = await browser.request('POST', '/api/me/consent', {
      body: { version: '2020-01-01' },
      headers: { 'x-locale': 'ar' },
    })
    assert.equal(old.status, 422)
    assert.equal(
      old.body.message,
      'لم يعد إشعار الخصوصية هذا هو الساري. أعيدي تحميل الصفحة لقراءة الإشعار الجديد.'
    )
    const accepted = await browser.request('POST', '/api/me/consent', {
      body: { version: PRIVACY_NOTICE_VERSION },
    })
    assert.equal(accepted.status, 200)
    assert.equal(accepted.body.privacyVersion, PRIVACY_NOTICE_VERSION)
    assert.equal(
      (await browser.request('GET', '/api/auth/me')).body.privacyVersion,
      PRIVACY_NOTICE_VERSION
    )
    const [consent] = await Consent.query().where('user_id', user.id)
    assert.equal(consent!.context, 'sign_in')
  })

  test('each application records her consent with it, and her export lists them', async ({
    client,
    assert,
  }) => {
    const { browser, user } = await resident()
    const room = await RoomFactory.with('building').create()
    const sent = await applying(client, user, room.id).file('idDocument', await pngFile())
    sent.assertStatus(201)
    const [consent] = await Consent.query().where('user_id', user.id)
    assert.equal(consent!.context, 'application')
    assert.equal(consent!.applicationId, sent.body().id)
    const { data } = await exported(browser)
    assert.deepEqual(
      data.consents.map((row: { context: string; applicationId: number }) => [
        row.context,
        row.applicationId,
      ]),
      [['application', sent.body().id]]
    )
  })
})
