/*
 * Notifications: every event that matters reaches its person once, by e-mail and in
 * the account app, in her language; the outbox's worker sends through a real SMTP server (the
 * run's own maildev, tests/mail.ts) and the tests read what it caught.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  addDays,
  addMonths,
  formatCalendarDate,
  formatMonth,
  formatSar,
  monthsOffered,
  NOTIFICATION_MAX_ATTEMPTS,
  PAYMENT_MONTHS_OFFERED,
  riyadhToday,
  type Locale,
} from '@sakan/common'
import type Application from '#models/application'
import Notification from '#models/notification'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { rentTerms } from '#config/rent'
import { claimDue, deliverDue } from '#services/outbox'
import { notify } from '#services/notifications'
import { sendRentNotices } from '#services/rent_notices'
import { ApplicationFactory, RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest, onPostgres, rateLimitedGroup } from '#tests/helpers'
import { pngFile } from '#tests/fixtures'
import { mailTo, startMailCatcher, stopMailCatcher } from '#tests/mail'
import { CARDS, payRent } from '#tests/payments'
import { removeCommitted } from '#tests/stored'
import { sqlTimestamp } from '#services/sql_time'
import { paymentOf, review, tenancy } from '#tests/tenancy'

/** Someone with an address of her own (so the catcher's mail is hers alone) and a language. */
function person(locale: Locale, role: 'tenant' | 'admin' = 'tenant') {
  return UserFactory.merge({ email: `${randomUUID()}@sakan.test`, locale, role }).create()
}

/** An administrator and a resident, each with her own language (`person`). */
async function adminAndResident(adminLocale: Locale, tenantLocale: Locale) {
  return { admin: await person(adminLocale, 'admin'), tenant: await person(tenantLocale) }
}

/** Residents (`person`), one per language given, in that order. */
async function residents(...locales: Locale[]) {
  const made: User[] = []
  for (const locale of locales) made.push(await person(locale))
  return made
}

const nextWeek = () => DateTime.fromISO(riyadhToday()).plus({ days: 7 }).toISODate()!

/** Her outbox rows, oldest first. */
const rowsOf = (user: User) => Notification.query().where('user_id', user.id).orderBy('id')

/**
 * An administrator and a resident with a stay, in their languages, and what the resident has
 * been told of one kind so far (the notices of a stay's changes).
 */
async function stayTold(adminLocale: Locale, tenantLocale: Locale, kind: string) {
  const { admin, tenant } = await adminAndResident(adminLocale, tenantLocale)
  const { room, application } = await tenancy({ tenant })
  const stay = await Tenancy.findByOrFail('applicationId', application.id)
  const told = async () => (await rowsOf(tenant)).filter((row) => row.kind === kind)
  return { admin, tenant, room, application, stay, told }
}

/** The stay's whole deposit, paid (completed) for the application. */
function depositPaid(application: Application, stay: Tenancy) {
  return paymentOf(application, {
    kind: 'deposit',
    amountHalalas: stay.depositHalalas,
    status: 'completed',
  })
}

/** A name as an e-mail sets it apart: first-strong isolate … pop directional isolate. */
const isolated = (name: string) => `\u2068${name}\u2069`

/** Arabic-Indic digits of a number, as the Arabic messages write it. */
const arabicDigits = (value: number | string) =>
  String(value).replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!)

rateLimitedGroup('Notifications: what happened, to whom, in her language', () => {
  test('an application: received (to her) and new (to the administrator), then approved', async ({
    client,
    assert,
  }) => {
    const { admin, tenant } = await adminAndResident('en', 'ar')
    const room = await RoomFactory.with('building').create()
    const applied = await as(client.post('/api/applications'), tenant)
      .field('roomId', String(room.id))
      .field('moveInDate', nextWeek())
      .file('idDocument', await pngFile())
    applied.assertStatus(201)
    assert.deepEqual(
      (await rowsOf(tenant)).map((row) => [row.kind, row.locale, row.state]),
      [['application_received', 'ar', 'pending']]
    )
    assert.deepEqual(
      (await rowsOf(admin)).map((row) => [row.kind, row.locale, row.link]),
      [['application_new', 'en', `/admin/applications/${applied.body().id}`]]
    )

    assert.isAtLeast(await deliverDue(), 2)
    const [received] = await mailTo(tenant.email)
    assert.equal(received!.subject, 'استلمنا طلبك')
    assert.include(received!.html, 'dir="rtl"')
    assert.include(received!.html, 'lang="ar"')
    assert.include(received!.text, arabicDigits(room.roomNumber))
    assert.include(received!.text, 'وصلتك هذه الرسالة لأنك قدّمت طلبًا لغرفة في سكن.')
    const [toAdmin] = await mailTo(admin.email)
    assert.equal(toAdmin!.subject, `New application for room ${isolated(room.roomNumber)}`)
    assert.include(toAdmin!.html, 'dir="ltr"')
    assert.include(toAdmin!.text, tenant.fullName!)
    assert.include(toAdmin!.text, `/admin/applications/${applied.body().id}`)

    const approved = await review(client, admin, applied.body().id, 'approved')
    approved.assertStatus(200)
    await deliverDue()
    const mails = await mailTo(tenant.email)
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      ['استلمنا طلبك', 'تمت الموافقة على طلبك']
    )
    assert.include(mails[1]!.text, '/dashboard')
    /* Sent once: another run finds nothing to send. */
    assert.equal(await deliverDue(), 0)
    assert.lengthOf(await mailTo(tenant.email), 2)
    assert.deepEqual(
      (await rowsOf(tenant)).map((row) => [row.kind, row.state, row.attempts]),
      [
        ['application_received', 'sent', 1],
        ['application_approved', 'sent', 1],
      ]
    )
  })

  test('a rejection in English', async ({ client, assert }) => {
    const { admin, tenant } = await adminAndResident('ar', 'en')
    const application = await ApplicationFactory.merge({ userId: tenant.id })
      .with('room', 1, (room) => room.with('building'))
      .create()
    ;(await review(client, admin, application.id, 'rejected')).assertStatus(200)
    await deliverDue()
    const [mail] = await mailTo(tenant.email)
    assert.equal(mail!.subject, 'About your application')
    assert.include(mail!.text, `room ${isolated(application.room.roomNumber)}`)
    assert.lengthOf(await mailTo(admin.email), 0)
  })

  test('payments: completed with its receipt link, failed, refunded with the reason', async ({
    client,
    assert,
  }) => {
    const tenant = await person('en')
    const { room } = await tenancy({ tenant })
    const [first, second] = monthsOffered(PAYMENT_MONTHS_OFFERED)
    const post = (month: string, id: string) =>
      as(client.post('/api/payments'), tenant).json({
        roomId: room.id,
        monthCovered: month,
        paymentReference: id,
        amount: 1,
        paymentMethod: 'creditCard',
        paymentStatus: 'paid',
      })

    const paid = await post(first!, await payRent(tenant, room, first!))
    paid.assertStatus(201)
    const declined = await post(
      second!,
      await payRent(tenant, room, second!, { card: CARDS.declined })
    )
    declined.assertStatus(201)
    const twice = await post(first!, await payRent(tenant, room, first!))
    assert.equal(twice.body().paymentStatus, 'refunded')

    await deliverDue()
    const mails = await mailTo(tenant.email)
    const sar = formatSar(room.priceHalalas / 100, 'en')
    const month = DateTime.fromISO(`${first}-01`).setLocale('en-GB').toFormat('LLLL yyyy')
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      [`Payment received: ${sar}`, 'Your payment did not go through', 'Your payment was refunded']
    )
    assert.include(mails[0]!.text, `room ${isolated(room.roomNumber)} (${month})`)
    assert.include(mails[0]!.text, `/receipts/${paid.body().id}`)
    assert.include(mails[0]!.html, `/receipts/${paid.body().id}`)
    assert.include(mails[2]!.text, 'Reason: this month had already been paid.')
    /* The same events in her list, newest first. */
    const list = await as(client.get('/api/notifications'), tenant)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((item: { kind: string }) => item.kind),
      ['payment_refunded', 'payment_failed', 'payment_completed']
    )
    assert.equal(list.body()[2].link, `/receipts/${paid.body().id}`)
  })

  test('maintenance: received, then each status change', async ({ client, assert }) => {
    const { admin, tenant } = await adminAndResident('en', 'ar')
    const { room } = await tenancy({ tenant })
    const filed = await as(client.post('/api/maintenance-requests'), tenant).json({
      title: 'Leaking tap',
      description: 'The kitchen tap drips all night long.',
      category: 'plumbing',
      priority: 'medium',
      roomId: room.id,
      buildingId: room.buildingId,
    })
    filed.assertStatus(201)
    for (const status of ['in_progress', 'completed']) {
      ;(
        await as(client.patch(`/api/maintenance-requests/${filed.body().id}`), admin).json({
          status,
        })
      ).assertStatus(200)
    }
    await deliverDue()
    assert.deepEqual(
      (await mailTo(tenant.email)).map((mail) => mail.subject),
      ['استلمنا طلب الصيانة', 'طلب الصيانة الآن: قيد التنفيذ', 'طلب الصيانة الآن: مكتمل']
    )
    const [, , last] = await mailTo(tenant.email)
    assert.include(last!.text, `«${isolated('Leaking tap')}»`)
    assert.include(last!.text, 'من «قيد التنفيذ» إلى «مكتمل»')
  })

  test('a stay ended: she is told in her language, with its last day and last month; a refused end tells nothing', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, room, stay, told } = await stayTold('en', 'ar', 'stay_ended')
    const end = (endDate: string) =>
      as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({ endDate, reason: 'Moving' })

    /* Refused (an end before the move-in): nothing ends, nobody is told. */
    ;(await end(addDays(stay.startDate.toISODate()!, -1))).assertStatus(422)
    assert.lengthOf(await told(), 0)

    const lastDay = addDays(stay.startDate.toISODate()!, 40)
    ;(await end(lastDay)).assertStatus(200)
    const [row, ...more] = await told()
    assert.lengthOf(more, 0)
    assert.deepEqual(
      [row!.locale, row!.state, row!.link, row!.dedupeKey],
      ['ar', 'pending', '/dashboard', `stay_ended:${stay.id}`]
    )
    assert.deepEqual(row!.data, {
      tenancyId: stay.id,
      roomNumber: room.roomNumber,
      buildingName: { en: room.building.nameEn, ar: room.building.nameAr },
      endDate: lastDay,
      month: lastDay.slice(0, 7),
    })
    /* A second end is refused (409) and tells nothing more. */
    ;(await end(lastDay)).assertStatus(409)
    assert.lengthOf(await told(), 1)

    await deliverDue()
    const [mail, ...others] = await mailTo(tenant.email)
    assert.lengthOf(others, 0)
    assert.equal(mail!.subject, `أُنهيت إقامتك في الغرفة ${isolated(arabicDigits(room.roomNumber))}`)
    assert.include(mail!.text, `آخر أيامها ${formatCalendarDate(lastDay, 'ar')}`)
    assert.include(mail!.text, `و${formatMonth(lastDay.slice(0, 7), 'ar')} آخر شهر إيجار فيها`)
    assert.include(mail!.html, 'dir="rtl"')
    /* The bell says it in the language of the page she reads it in. */
    const list = await as(client.get('/api/notifications'), tenant).header('X-Locale', 'en')
    const item = list.body().find((entry: { kind: string }) => entry.kind === 'stay_ended')
    assert.equal(item.title, `Your stay in room ${room.roomNumber} has been ended`)
    assert.include(item.body, `its last day is ${formatCalendarDate(lastDay, 'en')}`)
    assert.include(item.body, `${formatMonth(lastDay.slice(0, 7), 'en')} is its last month of rent`)
  })

  test('a deposit returned: she is told what came back and what is still held; a refused return tells nothing', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, room, application, stay, told } = await stayTold(
      'ar',
      'en',
      'deposit_returned'
    )
    const giveBack = (amount: number) =>
      as(client.post(`/api/tenancies/${stay.id}/deposit-return`), admin).json({
        amount,
        reason: 'Cleaning',
      })

    /* Refused: nothing held yet (409), then more than is held (422). Nobody is told. */
    ;(await giveBack(100)).assertStatus(409)
    await depositPaid(application, stay)
    ;(await giveBack(stay.depositHalalas / 100 + 1)).assertStatus(422)
    assert.lengthOf(await told(), 0)

    ;(await giveBack(100)).assertStatus(200)
    ;(await giveBack(stay.depositHalalas / 100 - 100)).assertStatus(200)
    const rows = await told()
    const facts = {
      tenancyId: stay.id,
      roomNumber: room.roomNumber,
      buildingName: { en: room.building.nameEn, ar: room.building.nameAr },
    }
    assert.deepEqual(
      rows.map((row) => [row.locale, row.link, row.data]),
      [
        [
          'en',
          '/dashboard',
          { ...facts, amountHalalas: 10_000, heldHalalas: stay.depositHalalas - 10_000 },
        ],
        [
          'en',
          '/dashboard',
          { ...facts, amountHalalas: stay.depositHalalas - 10_000, heldHalalas: 0 },
        ],
      ]
    )
    /* All of it is back: a further return is refused and tells nothing. */
    ;(await giveBack(1)).assertStatus(409)
    assert.lengthOf(await told(), 2)

    await deliverDue()
    const mails = await mailTo(tenant.email)
    const sar = (halalas: number) => formatSar(halalas / 100, 'en')
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      [`Deposit returned: ${sar(10_000)}`, `Deposit returned: ${sar(stay.depositHalalas - 10_000)}`]
    )
    assert.include(
      mails[0]!.text,
      `We returned ${sar(10_000)} of your security deposit for room ${isolated(room.roomNumber)}`
    )
    assert.include(mails[0]!.text, `${sar(stay.depositHalalas - 10_000)} of it is still held.`)
    assert.include(mails[1]!.text, 'Your whole deposit has now been returned.')
  })

  test('months paid in a row read as a range, in both languages; one month as itself; a gap as a list', async ({
    client,
    assert,
  }) => {
    const [english, arabic] = await residents('en', 'ar')
    const year = Array.from({ length: 12 }, (_, at) => addMonths('2026-12', at))
    const paid = (userId: number, months: string[]) => ({
      userId,
      kind: 'payment_completed' as const,
      data: { paymentId: 1, roomNumber: '101', amountHalalas: 1_620_000, months },
      link: '/dashboard',
    })
    await notify(db.connection(), [
      paid(english.id, year),
      paid(english.id, ['2026-12']),
      paid(english.id, ['2026-12', '2027-02']),
      paid(arabic.id, year),
    ])
    await deliverDue()
    const texts = (await mailTo(english.email)).map((mail) => mail.text)
    assert.include(texts[0], `room ${isolated('101')} (December 2026 – November 2027)`)
    assert.notInclude(texts[0], 'January 2027')
    assert.include(texts[1], `room ${isolated('101')} (December 2026)`)
    assert.include(texts[2], `room ${isolated('101')} (December 2026, February 2027)`)
    const [toArabic] = await mailTo(arabic.email)
    assert.include(toArabic!.text, '(ديسمبر ٢٠٢٦ – نوفمبر ٢٠٢٧)')
    assert.notInclude(toArabic!.text, 'يناير')
    /* Her bell reads the same range, in the language of the page. */
    const bell = await as(client.get('/api/notifications'), arabic).header('X-Locale', 'ar')
    assert.include(bell.body()[0].body, '(ديسمبر ٢٠٢٦ – نوفمبر ٢٠٢٧)')
  })

  test('the notice is written in the transaction of the change: when it cannot be, the stay runs on and the deposit is still held', async ({
    client,
    assert,
  }) => {
    const { admin, tenant } = await adminAndResident('en', 'en')
    const { room, application } = await tenancy({ tenant })
    const stay = await Tenancy.findByOrFail('applicationId', application.id)
    await depositPaid(application, stay)
    /* The outbox refuses every row for this test (its transaction takes the trigger away). */
    if (onPostgres()) {
      await db.rawQuery(
        "CREATE FUNCTION refuse_notices() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'outbox down'; END $$ LANGUAGE plpgsql"
      )
      await db.rawQuery(
        'CREATE TRIGGER refuse_notices BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_notices()'
      )
    } else {
      await db.rawQuery(
        "CREATE TRIGGER refuse_notices BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'outbox down'); END"
      )
    }
    const ended = await as(client.post(`/api/tenancies/${stay.id}/end`), admin).json({
      endDate: addDays(stay.startDate.toISODate()!, 40),
      reason: 'Moving',
    })
    assert.isAtLeast(ended.status(), 500)
    const returned = await as(client.post(`/api/tenancies/${stay.id}/deposit-return`), admin).json({
      amount: 100,
      reason: 'Cleaning',
    })
    assert.isAtLeast(returned.status(), 500)

    const after = await Tenancy.findOrFail(stay.id)
    assert.deepEqual(
      [after.state, after.endDate, after.depositReturnedHalalas],
      ['active', null, null]
    )
    const events = await db
      .from('audit_events')
      .where('subject_type', 'tenancy')
      .where('subject_id', stay.id)
    assert.lengthOf(events, 0)
    const held = await db.from('rooms').where('id', room.id).select('available_from').first()
    assert.isNull(held.available_from)
    assert.lengthOf(await rowsOf(tenant), 0)
  })
})

test.group('Notifications: her list and the administrator’s outbox', (group) => {
  isolateEachTest(group)

  test('every name in an e-mail is isolated, so an override in it cannot reverse the sentence', async ({
    assert,
  }) => {
    const name = 'Eve\u202Etxet'
    const admin = await UserFactory.merge({
      email: `${randomUUID()}@sakan.test`,
      locale: 'en',
      role: 'admin',
      fullName: name,
    }).create()
    const resident = await UserFactory.merge({
      email: `${randomUUID()}@sakan.test`,
      locale: 'ar',
      fullName: name,
    }).create()
    await notify(db.connection(), [
      {
        userId: admin.id,
        kind: 'application_new',
        /* A name that brings its own isolate marks keeps only ours, in pairs. */
        data: {
          roomNumber: 'A\u202E-1',
          buildingName: { en: 'Olaya <Court>', ar: 'العليا' },
          applicantName: `${name}\u2069\u2068`,
          dueDate: '2026-12-01',
        },
        link: '/admin/applications/1',
      },
      {
        userId: resident.id,
        kind: 'maintenance_received',
        data: { roomNumber: '101', title: `Tap ${name}` },
        link: '/dashboard',
      },
    ])
    await deliverDue()

    const [toAdmin] = await mailTo(admin.email)
    assert.equal(toAdmin!.subject, `New application for room ${isolated('A\u202E-1')}`)
    assert.include(toAdmin!.text, `Hello ${isolated(name)},`)
    assert.include(
      toAdmin!.text,
      `${isolated(name)} applied for room ${isolated('A\u202E-1')} in ${isolated('Olaya <Court>')}`
    )
    assert.include(toAdmin!.html, `Hello <bdi>${name}</bdi>,`)
    assert.include(
      toAdmin!.html,
      `<bdi>${name}</bdi> applied for room <bdi>A\u202E-1</bdi> in <bdi>Olaya &lt;Court&gt;</bdi>`
    )
    /* In the HTML's body the names are elements, not marks; every override is inside a <bdi>. */
    const body = (html: string) => html.slice(html.indexOf('<body'))
    assert.notMatch(body(toAdmin!.html), /[\u2066-\u2069]/)
    assert.notMatch(body(toAdmin!.html).replaceAll(/<bdi>[^<]*<\/bdi>/g, ''), /\u202E/)

    const [toResident] = await mailTo(resident.email)
    assert.include(toResident!.text, `مرحبًا ${isolated(name)}`)
    assert.include(toResident!.text, isolated(`Tap ${name}`))
    assert.include(toResident!.html, `<bdi>${name}</bdi>`)
    assert.include(toResident!.html, `<bdi>Tap ${name}</bdi>`)
    assert.notMatch(body(toResident!.html).replaceAll(/<bdi>[^<]*<\/bdi>/g, ''), /\u202E/)
  })

  test('her own only, newest first, paged, unread ones, marked read', async ({
    client,
    assert,
  }) => {
    const [tenant, other] = await residents('en', 'en')
    const row = (user: User, kind: 'application_received' | 'rent_reminder') => ({
      userId: user.id,
      kind,
      locale: 'en' as const,
      data: { roomNumber: '12', month: '2026-12', dueDate: '2026-12-01', amountHalalas: 150000 },
      link: '/payment',
      state: 'sent' as const,
      attempts: 1,
    })
    const mine = await Notification.createMany([
      row(tenant, 'application_received'),
      row(tenant, 'rent_reminder'),
      row(tenant, 'rent_reminder'),
    ])
    await Notification.create(row(other, 'rent_reminder'))

    const all = await as(client.get('/api/notifications'), tenant)
    all.assertStatus(200)
    assert.equal(all.header('x-total-count'), '3')
    assert.equal(all.header('x-unread-count'), '3')
    assert.deepEqual(
      all.body().map((item: { id: number }) => item.id),
      mine.map((item) => item.id).reverse()
    )
    assert.containsSubset(all.body()[0], {
      kind: 'rent_reminder',
      title: 'Rent for December 2026 is due on 1 December 2026',
      link: '/payment',
      read: false,
    })
    /* In the language she reads the list in. */
    const arabic = await as(client.get('/api/notifications?_start=0&_end=1'), tenant).header(
      'X-Locale',
      'ar'
    )
    assert.lengthOf(arabic.body(), 1)
    assert.equal(arabic.body()[0].title, 'إيجار ديسمبر ٢٠٢٦ مستحق في ١ ديسمبر ٢٠٢٦')

    const read = await as(client.post('/api/notifications/read'), tenant).json({
      ids: [mine[0]!.id, mine[1]!.id, 999_999],
    })
    read.assertStatus(200)
    assert.equal(read.body().updated, 2)
    const unread = await as(client.get('/api/notifications?unread=true'), tenant)
    assert.deepEqual(
      unread.body().map((item: { id: number }) => item.id),
      [mine[2]!.id]
    )
    assert.equal(unread.header('x-unread-count'), '1')
    ;(await as(client.post('/api/notifications/read'), tenant).json({ all: true })).assertStatus(
      200
    )
    const after = await as(client.get('/api/notifications'), tenant)
    assert.equal(after.header('x-unread-count'), '0')
    /* Hers only: the other resident's stays unread. */
    assert.isNull((await Notification.query().where('user_id', other.id).firstOrFail()).readAt)
    ;(await as(client.post('/api/notifications/read'), tenant).json({})).assertStatus(422)
  })

  test('the outbox for the administrator: recipient, kind, state, attempts, last error; resend', async ({
    client,
    assert,
  }) => {
    const { admin, tenant } = await adminAndResident('en', 'ar')
    const failed = await Notification.create({
      userId: tenant.id,
      kind: 'payment_completed',
      locale: 'ar',
      data: { roomNumber: '3', amountHalalas: 100000, months: ['2026-12'], paymentId: 1 },
      link: '/receipts/1',
      state: 'failed',
      attempts: 6,
      lastError: 'ECONNECTION',
    })
    const outbox = await as(client.get('/api/admin/notifications?state=failed'), admin)
    outbox.assertStatus(200)
    assert.containsSubset(outbox.body(), [
      {
        id: failed.id,
        kind: 'payment_completed',
        recipient: { id: tenant.id, email: tenant.email },
        locale: 'ar',
        state: 'failed',
        attempts: 6,
        lastError: 'ECONNECTION',
      },
    ])
    ;(await as(client.get('/api/admin/notifications'), tenant)).assertStatus(403)
    /* The back office's list query: paging and order, newest first by default. */
    const paged = await as(
      client.get('/api/admin/notifications?_start=0&_end=10&_sort=id&_order=asc'),
      admin
    )
    paged.assertStatus(200)
    assert.equal(paged.header('x-total-count'), '1')

    const resent = await as(client.post(`/api/admin/notifications/${failed.id}/resend`), admin)
    resent.assertStatus(202)
    await failed.refresh()
    assert.equal(failed.state, 'pending')
    assert.equal(failed.attempts, 0)
    assert.equal(await deliverDue(), 1)
    const [mail] = await mailTo(tenant.email)
    assert.equal(mail!.subject, `استلمنا دفعتك: ${formatSar(1000, 'ar')}`)
    ;(await as(client.post('/api/admin/notifications/999999/resend'), admin)).assertStatus(404)
  })

  test('her language is the one she last used while signed in; reminders can be turned off', async ({
    client,
    assert,
  }) => {
    const tenant = await person('en')
    ;(await as(client.get('/api/auth/me'), tenant).header('X-Locale', 'ar')).assertStatus(200)
    await tenant.refresh()
    assert.equal(tenant.locale, 'ar')
    const changed = await as(client.patch('/api/auth/me'), tenant).json({
      locale: 'en',
      rentReminders: false,
    })
    changed.assertStatus(200)
    assert.containsSubset(changed.body(), { locale: 'en', rentReminders: false })
    ;(await as(client.patch('/api/auth/me'), tenant).json({ locale: 'fr' })).assertStatus(422)
  })

  test('with the SMTP server stopped the request succeeds at once; the message goes once it is back', async ({
    client,
    assert,
  }) => {
    const { admin, tenant } = await adminAndResident('en', 'en')
    const application = await ApplicationFactory.merge({ userId: tenant.id })
      .with('room', 1, (room) => room.with('building'))
      .create()
    await stopMailCatcher()
    try {
      const started = performance.now()
      const response = await review(client, admin, application.id, 'approved')
      response.assertStatus(200)
      assert.isBelow(performance.now() - started, 1000)

      assert.equal(await deliverDue(), 0)
      const [row] = await rowsOf(tenant)
      assert.equal(row!.state, 'pending')
      assert.equal(row!.attempts, 1)
      /* Nodemailer's code for a refused connection: a code, not the server's words. */
      assert.match(row!.lastError!, /^(ESOCKET|ECONNECTION|ECONNREFUSED)$/)
      assert.notInclude(row!.lastError!, tenant.email)
      /* Not before its back-off. */
      assert.equal(await deliverDue(), 0)
    } finally {
      await startMailCatcher()
    }
    assert.equal(await deliverDue(new Date(Date.now() + 61_000)), 1)
    const mails = await mailTo(tenant.email)
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      ['Your application is approved']
    )
    const [row] = await rowsOf(tenant)
    assert.equal(row!.state, 'sent')
    assert.equal(row!.attempts, 2)
    assert.isNull(row!.lastError)
  })

  test('after its last attempt a message is given up (failed), for the administrator to resend', async ({
    assert,
  }) => {
    const tenant = await person('en')
    const row = await Notification.create({
      userId: tenant.id,
      kind: 'application_rejected',
      locale: 'en',
      data: { roomNumber: '7', buildingName: { en: 'Nakheel', ar: 'النخيل' } },
      link: '/dashboard',
      state: 'pending',
      attempts: NOTIFICATION_MAX_ATTEMPTS - 1,
      nextAttemptAt: DateTime.now(),
    })
    await stopMailCatcher()
    try {
      assert.equal(await deliverDue(), 0)
    } finally {
      await startMailCatcher()
    }
    await row.refresh()
    assert.equal(row.state, 'failed')
    assert.equal(row.attempts, NOTIFICATION_MAX_ATTEMPTS)
    assert.isNull(row.nextAttemptAt)
    /* Never again by itself. */
    assert.equal(await deliverDue(new Date(Date.now() + 86_400_000)), 0)
    assert.lengthOf(await mailTo(tenant.email), 0)
  })

  test('rent notices: a reminder 3 days before the 1st, an overdue notice after the grace, each once', async ({
    assert,
  }) => {
    const [english, arabic, quiet] = await residents('en', 'ar', 'en')
    quiet.rentReminders = false
    await quiet.save()
    const stays = []
    for (const tenant of [english, arabic, quiet]) {
      const { application } = await tenancy({ tenant })
      const stay = await Tenancy.findByOrFail('applicationId', application.id)
      /* Moved in on 1 October 2026, nothing paid. */
      await Tenancy.query().where('id', stay.id).update({ start_date: '2026-10-01' })
      stays.push(stay)
    }
    const fee = rentTerms.lateFee
    rentTerms.lateFee = { kind: 'amount', halalas: 5000 }
    try {
      /* 28 November 2026, 09:00 in Riyadh: December is 3 days away; November's grace ended on the 5th. */
      const day = new Date('2026-11-28T06:00:00Z')
      const before = await Notification.query().count('* as n')
      const written = await sendRentNotices(day)
      /* October's and November's overdue notices are older than their window: only December's reminder. */
      assert.equal(written, 2)
      assert.equal(await sendRentNotices(day), 0)
      assert.equal(await sendRentNotices(new Date('2026-11-30T20:00:00Z')), 0)
      const [r1, r2] = await Promise.all([sendRentNotices(day), sendRentNotices(day)])
      assert.equal(r1 + r2, 0)
      assert.equal(
        Number((await Notification.query().count('* as n'))[0]!.$extras.n),
        Number(before[0]!.$extras.n) + 2
      )
      assert.lengthOf(await rowsOf(quiet), 0)

      /* 6 December: December's grace (5 days) has passed unpaid. */
      const late = new Date('2026-12-06T06:00:00Z')
      assert.equal(await sendRentNotices(late), 3)
      assert.equal(await sendRentNotices(late), 0)
      assert.equal(await sendRentNotices(new Date('2026-12-08T06:00:00Z')), 0)

      await deliverDue()
      const rent = formatSar(stays[0]!.monthlyRentHalalas / 100, 'en')
      const withFee = formatSar(stays[0]!.monthlyRentHalalas / 100 + 50, 'en')
      const mails = await mailTo(english.email)
      assert.deepEqual(
        mails.map((mail) => mail.subject),
        ['Rent for December 2026 is due on 1 December 2026', 'Rent for December 2026 is overdue']
      )
      assert.include(mails[0]!.text, rent)
      assert.include(mails[0]!.text, 'You can turn them off on your dashboard.')
      assert.include(
        mails[1]!.text,
        `A late fee of ${formatSar(50, 'en')} applies, so ${withFee} is owed`
      )
      assert.deepEqual(
        (await mailTo(arabic.email)).map((mail) => mail.subject),
        ['إيجار ديسمبر ٢٠٢٦ مستحق في ١ ديسمبر ٢٠٢٦', 'إيجار ديسمبر ٢٠٢٦ متأخر']
      )
      /* Turned off: no reminder, but the overdue notice still goes. */
      assert.deepEqual(
        (await mailTo(quiet.email)).map((mail) => mail.subject),
        ['Rent for December 2026 is overdue']
      )
      assert.deepEqual(
        (await rowsOf(english)).map((row) => row.dedupeKey),
        [`rent_reminder:${stays[0]!.id}:2026-12`, `rent_overdue:${stays[0]!.id}:2026-12`]
      )
    } finally {
      rentTerms.lateFee = fee
    }
  })

  test('a paid month gets no reminder', async ({ assert }) => {
    const tenant = await person('en')
    const { room, application } = await tenancy({ tenant })
    await Tenancy.query()
      .where('application_id', application.id)
      .update({ start_date: riyadhToday() })
    const next = addMonths(riyadhToday().slice(0, 7), 1)
    const payment = await db
      .table('payments')
      .insert({
        user_id: tenant.id,
        room_id: room.id,
        application_id: application.id,
        amount_halalas: room.priceHalalas,
        currency: 'SAR',
        method: 'creditCard',
        kind: 'rent',
        month_covered: next,
        gateway_payment_id: randomUUID(),
        status: 'completed',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
    const paymentId = Number((payment[0] as { id: number }).id ?? payment[0])
    await db.table('payment_months').insert({
      payment_id: paymentId,
      room_id: room.id,
      application_id: application.id,
      month: next,
      completed: true,
    })
    const threeDaysBefore = new Date(`${next}-01T06:00:00Z`)
    threeDaysBefore.setUTCDate(threeDaysBefore.getUTCDate() - 3)
    assert.equal(await sendRentNotices(threeDaysBefore), 0)
  })
})

/*
 * Real transactions, committed, so that two workers truly race: on PostgreSQL each claims on
 * its own connection (FOR UPDATE SKIP LOCKED), on SQLite the single writer serialises them.
 */
test.group('Notifications: two workers', () => {
  test('never deliver a message twice', async ({ assert, cleanup }) => {
    const tenant = await person('en')
    cleanup(async () => {
      await db.from('notifications').where('user_id', tenant.id).delete()
      await removeCommitted({ users: [tenant.id], rooms: [] })
    })
    const count = 25
    await Notification.createMany(
      Array.from({ length: count }, (_, index) => ({
        userId: tenant.id,
        kind: 'application_rejected' as const,
        locale: 'en' as const,
        data: { roomNumber: String(index + 1), buildingName: { en: 'Nakheel', ar: 'النخيل' } },
        link: '/dashboard',
        state: 'pending' as const,
        attempts: 0,
        nextAttemptAt: DateTime.now(),
      }))
    )
    const claims = await Promise.all([claimDue(count), claimDue(count)])
    const claimed = claims.flat().map((row) => row.id)
    assert.lengthOf(claimed, count)
    assert.lengthOf(new Set(claimed), count)
    /* Put back, then two whole workers at once. */
    await db
      .from('notifications')
      .where('user_id', tenant.id)
      .update({ state: 'pending', attempts: 0, next_attempt_at: sqlTimestamp() })
    const [a, b] = await Promise.all([deliverDue(), deliverDue()])
    assert.equal(a + b, count)
    const mails = await mailTo(tenant.email)
    assert.lengthOf(mails, count)
    assert.lengthOf(
      new Set(mails.map((mail) => mail.text.match(/room \u2068(\d+)\u2069/)?.[1])),
      count
    )
  })
})
