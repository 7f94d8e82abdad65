import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { riyadhToday } from '@sakan/common'
import Application from '#models/application'
import AuditEvent from '#models/audit_event'
import Room from '#models/room'
import { ApplicationFactory, RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest, rateLimitedGroup } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import sharp from 'sharp'
import { randomUUID } from 'node:crypto'
import { decryptDocument } from '#services/document_crypto'
import { encryptStoredDocuments, purgeExpiredDocuments } from '#services/id_documents_at_rest'
import {
  disguisedExecutable,
  jpegFile,
  jpegWithGps,
  oversizePdf,
  pdfFile,
  pdfHeaderThenJunk,
  pngBytes,
  pngFile,
  pngHeaderThenHtml,
  threeByteJpeg,
  truncatedPng,
} from '#tests/fixtures'
import { storedKeys } from '#tests/stored'
import {
  adminAndApplication,
  applicant,
  applying,
  assertNothingKept,
  nextWeek,
  review,
  tenantAndRoom,
} from '#tests/tenancy'

const yesterday = () => DateTime.fromISO(riyadhToday()).minus({ days: 1 }).toISODate()!

async function availableRoom() {
  return RoomFactory.with('building').create()
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff])
const PDF_SIGNATURE = Buffer.from('%PDF-')

const documentsOnDisk = () => storedKeys('documents', 'applications')

rateLimitedGroup('Applying: POST /api/applications', () => {
  test('a tenant applies with an image and with a PDF', async ({ client, assert }) => {
    const tenant = await UserFactory.create()
    for (const file of [await pngFile(), pdfFile(), await jpegFile()]) {
      const room = await availableRoom()
      const response = await applying(client, tenant, room.id)
        .field('additionalInfo', 'I study at Princess Nourah University.')
        .file('idDocument', file)
      response.assertStatus(201)
      const body = response.body()
      assert.containsSubset(body, {
        status: 'pending',
        moveInDate: nextWeek(),
        additionalInfo: 'I study at Princess Nourah University.',
        roomId: room.id,
        user: { email: tenant.email },
        room: { id: room.id, roomNumber: room.roomNumber },
      })
      assert.match(body.idDocument, /^applications\/[0-9a-f-]{36}\.(png|pdf|jpg)$/)
      assert.isTrue(await drive.use('documents').exists(body.idDocument))
    }
  })

  test('the type is read from the content: a renamed executable is refused, nothing kept', async ({
    client,
    assert,
  }) => {
    const { tenant, room, before } = await applicant()
    const response = await applying(client, tenant, room.id).file(
      'idDocument',
      disguisedExecutable(),
      { contentType: 'application/pdf' }
    )
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'idDocument')
    assert.equal(
      response.body().message,
      'The ID document must be a JPEG or PNG image or a PDF file'
    )
    await assertNothingKept(assert, { tenant, before })
  })

  test('the content is checked in depth: a real header on a fake file is refused', async ({
    client,
    assert,
  }) => {
    const { tenant, room, before } = await applicant()
    const fakes = {
      'a 3-byte JPEG': threeByteJpeg(),
      'a PNG header then HTML': await pngHeaderThenHtml(),
      'a PDF header then junk': pdfHeaderThenJunk(),
      'a truncated PNG': await truncatedPng(),
    }
    for (const [what, file] of Object.entries(fakes)) {
      const response = await applying(client, tenant, room.id).file('idDocument', file)
      assert.equal(response.status(), 422, what)
      assert.equal(
        response.body().message,
        'The ID document must be a JPEG or PNG image or a PDF file',
        what
      )
      assert.deepEqual(response.body().errors, [
        { field: 'idDocument', rule: 'file.type', message: response.body().message },
      ])
    }
    const arabic = await applying(client, tenant, room.id)
      .header('x-locale', 'ar')
      .file('idDocument', fakes['a PNG header then HTML'])
    assert.equal(arabic.body().message, 'يجب أن تكون وثيقة الهوية صورة JPEG أو PNG أو ملف PDF')
    await assertNothingKept(assert, { tenant, before })
  })

  test('an image is stored re-encoded, without its EXIF data (a phone photo loses its GPS position)', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await tenantAndRoom()
    const photo = await jpegWithGps()
    assert.isDefined((await sharp(photo).metadata()).exif, 'the fixture carries EXIF')
    const response = await applying(client, tenant, room.id).file('idDocument', photo)
    response.assertStatus(201)
    const key = response.body().idDocument
    const stored = decryptDocument(key, await drive.use('documents').getBytes(key))
    const metadata = await sharp(stored).metadata()
    assert.equal(metadata.format, 'jpeg')
    assert.isUndefined(metadata.exif)
    assert.notInclude(stored.toString('latin1'), 'PhoneMaker')
    assert.deepEqual([metadata.width, metadata.height], [96, 60])
  })

  test("an impossible calendar date is a 422 in the caller's language, not a 500", async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await tenantAndRoom()
    const png = await pngFile()
    for (const [locale, message] of [
      ['en', 'Please choose a valid move-in date'],
      ['ar', 'يرجى اختيار تاريخ انتقال صالح'],
    ]) {
      for (const date of ['2030-02-30', '2030-13-45', '2031-02-29', '2030-04-31', '2030-00-10']) {
        const response = await applying(client, tenant, room.id, date)
          .header('x-locale', locale!)
          .file('idDocument', png)
        assert.equal(response.status(), 422, date)
        assert.equal(response.body().message, message, date)
        assert.equal(response.body().errors[0].field, 'moveInDate', date)
      }
    }
    /* A real 29 February is a date: beyond the 12 months ahead, that is the reason given. */
    const leap = await applying(client, tenant, room.id, '2032-02-29').file('idDocument', png)
    assertMessage(assert, leap, 422, 'The move-in date must be within 12 months from today')
  })

  test('the document messages come in Arabic too', async ({ client, assert }) => {
    const { tenant, room } = await tenantAndRoom()
    const post = (file: string) =>
      applying(client, tenant, room.id).header('x-locale', 'ar').file('idDocument', file)
    assert.equal(
      (await post(disguisedExecutable())).body().message,
      'يجب أن تكون وثيقة الهوية صورة JPEG أو PNG أو ملف PDF'
    )
    assert.equal(
      (await post(oversizePdf())).body().message,
      'يجب ألا يزيد حجم وثيقة الهوية عن ١٠ ميغابايت'
    )
  })

  test('a document over 10 MB is refused', async ({ client, assert }) => {
    const { tenant, room } = await tenantAndRoom()
    const response = await applying(client, tenant, room.id).file('idDocument', oversizePdf())
    assertMessage(assert, response, 422, 'The ID document must not be larger than 10 MB')
  })

  test('the spec messages, in English and Arabic', async ({ client, assert }) => {
    const { tenant, room } = await tenantAndRoom()
    const cases = [
      {
        locale: 'en',
        past: 'Move-in date must be in the future',
        missing: 'Missing document: Please upload your ID document',
      },
      {
        locale: 'ar',
        past: 'يجب أن يكون تاريخ الانتقال في المستقبل',
        missing: 'الوثيقة مفقودة: يرجى رفع وثيقة هويتك',
      },
    ]
    for (const { locale, past, missing } of cases) {
      const pastDate = await applying(client, tenant, room.id, yesterday())
        .header('x-locale', locale)
        .file('idDocument', await pngFile())
      assertMessage(assert, pastDate, 422, past)

      const noDocument = await applying(client, tenant, room.id).header('x-locale', locale)
      assertMessage(assert, noDocument, 422, missing)
    }
    const today = await applying(client, tenant, room.id, riyadhToday()).file(
      'idDocument',
      await pngFile()
    )
    today.assertStatus(201)
  })

  test('the room must exist and be available; one pending application per room', async ({
    client,
    assert,
  }) => {
    const tenant = await UserFactory.create()
    const occupied = await RoomFactory.with('building').merge({ availability: false }).create()
    const png = await pngFile()
    const post = (roomId: number) =>
      as(client.post('/api/applications'), tenant)
        .field('roomId', String(roomId))
        .field('moveInDate', nextWeek())
        .file('idDocument', png)

    ;(await post(999_999)).assertStatus(404)
    const taken = await post(occupied.id)
    assertMessage(assert, taken, 409, 'This room is no longer available')

    const room = await availableRoom()
    ;(await post(room.id)).assertStatus(201)
    const before = await documentsOnDisk()
    const again = await post(room.id)
    assertMessage(assert, again, 409, 'You already have a pending application for this room')
    assert.deepEqual(await documentsOnDisk(), before)
  })

  test('signed out is 401; the administrator does not apply', async ({ client }) => {
    const room = await availableRoom()
    const anonymous = await client.post('/api/applications').field('roomId', String(room.id))
    anonymous.assertStatus(401)
    const admin = await UserFactory.apply('admin').create()
    const response = await applying(client, admin, room.id).file('idDocument', await pngFile())
    response.assertStatus(403)
  })
})

test.group('Reading applications', (group) => {
  isolateEachTest(group)

  test('a tenant sees her own; the administrator sees all and can filter', async ({
    client,
    assert,
  }) => {
    const [noura, huda] = await UserFactory.createMany(2)
    const admin = await UserFactory.apply('admin').create()
    await ApplicationFactory.merge({ userId: noura!.id })
      .with('room', 1, (r) => r.with('building'))
      .create()
    await ApplicationFactory.merge({ userId: huda!.id, status: 'rejected' })
      .with('room', 1, (r) => r.with('building'))
      .create()

    const own = await as(client.get('/api/applications'), noura!)
    own.assertStatus(200)
    assert.lengthOf(own.body(), 1)
    assert.equal(own.body()[0].user.email, noura!.email)
    assert.isString(own.body()[0].room.building.name)

    const all = await as(client.get('/api/applications'), admin)
    assert.lengthOf(all.body(), 2)
    assert.equal(all.header('x-total-count'), '2')
    const rejected = await as(client.get('/api/applications').qs({ status: 'rejected' }), admin)
    assert.deepEqual(
      rejected.body().map((a: { user: { email: string } }) => a.user.email),
      [huda!.email]
    )
    ;(await as(client.get('/api/applications').qs({ status: 'archived' }), admin)).assertStatus(422)
  })

  test('one application with its history: applicant and admin only', async ({ client, assert }) => {
    const [owner, stranger] = await UserFactory.createMany(2)
    const application = await ApplicationFactory.merge({ userId: owner!.id })
      .with('room', 1, (r) => r.with('building'))
      .create()
    ;(await as(client.get(`/api/applications/${application.id}`), owner!)).assertStatus(200)
    ;(await as(client.get(`/api/applications/${application.id}`), stranger!)).assertStatus(404)
    const admin = await UserFactory.apply('admin').create()
    const response = await as(client.get(`/api/applications/${application.id}`), admin)
    assert.deepEqual(response.body().history, [])
  })
})

test.group('Reviewing and deleting', (group) => {
  isolateEachTest(group)

  test('approval takes the room and is recorded; a decided application cannot be decided again', async ({
    client,
    assert,
  }) => {
    const { admin, tenant, application } = await adminAndApplication()

    const tenantTry = await review(client, tenant, application.id, 'approved')
    tenantTry.assertStatus(403)

    const bad = await review(client, admin, application.id, 'maybe')
    bad.assertStatus(422)

    const approved = await review(client, admin, application.id, 'approved')
    approved.assertStatus(200)
    assert.equal(approved.body().status, 'approved')
    const room = await Room.findOrFail(application.roomId)
    assert.isFalse(room.availability)
    const events = await AuditEvent.query().where('subject_id', application.id)
    assert.lengthOf(events, 1)
    assert.containsSubset(events[0]!.serialize(), {
      action: 'application.approved',
      actorId: admin.id,
    })

    const again = await review(client, admin, application.id, 'rejected')
    again.assertStatus(409)
    assert.equal((await Application.findOrFail(application.id)).status, 'approved')
  })

  test('approving for a room someone else got is a 409 and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const room = await availableRoom()
    const [first, second] = await Promise.all([
      ApplicationFactory.merge({ roomId: room.id }).with('user').create(),
      ApplicationFactory.merge({ roomId: room.id }).with('user').create(),
    ])
    ;(await review(client, admin, first!.id, 'approved')).assertStatus(200)
    const late = await review(client, admin, second!.id, 'approved')
    late.assertStatus(409)
    assert.equal((await Application.findOrFail(second!.id)).status, 'pending')
  })

  test('only rejected applications are deleted, with their document', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { tenant, room } = await tenantAndRoom()
    const created = await applying(client, tenant, room.id).file('idDocument', pdfFile())
    const { id, idDocument } = created.body()

    ;(await as(client.delete(`/api/applications/${id}`), admin)).assertStatus(409)
    ;(await as(client.delete(`/api/applications/${id}`), tenant)).assertStatus(403)
    ;(await review(client, admin, id, 'rejected')).assertStatus(200)
    ;(await as(client.delete(`/api/applications/${id}`), admin)).assertStatus(204)

    assert.isNull(await Application.find(id))
    assert.isFalse(await drive.use('documents').exists(idDocument))
    ;(await as(client.delete(`/api/applications/${id}`), admin)).assertStatus(404)
  })
})

/** An applicant who applied with a PNG, someone else, and the administrator. */
async function documentApplied(client: ApiClient) {
  const [owner, stranger] = await UserFactory.createMany(2)
  const admin = await UserFactory.apply('admin').create()
  const room = await availableRoom()
  const created = await applying(client, owner!, room.id).file('idDocument', await pngFile())
  return { owner: owner!, stranger: stranger!, admin, created }
}

test.group('ID documents: GET /api/images/{documentPath}', (group) => {
  isolateEachTest(group)

  test('the applicant and the administrator get it; anyone else gets a 404', async ({
    client,
    assert,
  }) => {
    const { owner, stranger, admin, created } = await documentApplied(client)
    const path = `/api/images/${created.body().idDocument}`

    const mine = await as(client.get(path), owner!)
    mine.assertStatus(200)
    assert.equal(mine.header('content-type'), 'image/png')
    assert.equal(mine.header('x-content-type-options'), 'nosniff')
    assert.match(mine.header('cache-control') ?? '', /private/)
    ;(await as(client.get(path), admin)).assertStatus(200)
    ;(await as(client.get(path), stranger!)).assertStatus(404)
    ;(await client.get(path)).assertStatus(401)
  })

  test('stored encrypted: no image in the file, yet she and the administrator see the image', async ({
    client,
    assert,
  }) => {
    const { owner, admin, created } = await documentApplied(client)
    created.assertStatus(201)
    const key: string = created.body().idDocument
    const stored = Buffer.from(await drive.use('documents').getBytes(key))
    for (const signature of [PNG_SIGNATURE, JPEG_SIGNATURE, PDF_SIGNATURE])
      assert.equal(stored.indexOf(signature), -1)

    for (const reader of [owner!, admin]) {
      const shown = await as(client.get(`/api/images/${key}`), reader)
      shown.assertStatus(200)
      const image = shown.body() as Buffer
      assert.isTrue(Buffer.isBuffer(image))
      assert.deepEqual(image.subarray(0, 8), PNG_SIGNATURE)
      assert.equal(shown.header('content-length'), String(image.length))
      assert.deepEqual(image, decryptDocument(key, stored))
      assert.equal((await sharp(image).metadata()).format, 'png')
    }
  })

  test("the administrator's every look at her document is recorded and shown to her; hers are not", async ({
    client,
    assert,
  }) => {
    const { owner, stranger, admin, created } = await documentApplied(client)
    const { id, idDocument, documentViews } = created.body()
    assert.deepEqual(documentViews, { count: 0, lastAt: null })
    const path = `/api/images/${idDocument}`
    const views = async () => {
      const [mine] = (await as(client.get('/api/applications'), owner!)).body()
      const detail = (await as(client.get(`/api/applications/${id}`), owner!)).body()
      assert.deepEqual(detail.documentViews, mine.documentViews)
      return mine.documentViews as { count: number; lastAt: string | null }
    }

    ;(await as(client.get(path), owner!)).assertStatus(200)
    ;(await as(client.get(path), stranger!)).assertStatus(404)
    assert.deepEqual(await views(), { count: 0, lastAt: null })

    ;(await as(client.get(path), admin)).assertStatus(200)
    ;(await as(client.get(path), admin)).assertStatus(200)
    const seen = await views()
    assert.equal(seen.count, 2)
    assert.match(seen.lastAt!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    const events = await AuditEvent.query()
      .where('subject_type', 'application')
      .where('subject_id', id)
      .where('action', 'application.document_viewed')
    assert.lengthOf(events, 2)
    assert.isTrue(events.every((event) => event.actorId === admin.id))
    const history = (await as(client.get(`/api/applications/${id}`), admin)).body().history
    assert.deepEqual(
      history.map((event: { action: string }) => event.action),
      ['application.document_viewed', 'application.document_viewed']
    )
  })

  test('documents:encrypt encrypts the documents stored before, once; they still show', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const plain = await pngBytes()
    const key = `applications/${randomUUID()}.png`
    await drive.use('documents').put(key, plain, { contentType: 'image/png' })
    const [tenant] = await UserFactory.createMany(1)
    const room = await availableRoom()
    await ApplicationFactory.merge({
      userId: tenant!.id,
      roomId: room.id,
      documentKey: key,
      documentContentType: 'image/png',
    }).create()
    /* Read as it is while it waits. */
    const before = await as(client.get(`/api/images/${key}`), admin)
    before.assertStatus(200)
    assert.deepEqual(before.body(), plain)

    assert.equal((await encryptStoredDocuments()).written, 1)
    const stored = Buffer.from(await drive.use('documents').getBytes(key))
    assert.equal(stored.indexOf(PNG_SIGNATURE), -1)
    assert.equal((await encryptStoredDocuments()).written, 0)
    assert.deepEqual(Buffer.from(await drive.use('documents').getBytes(key)), stored)

    const after = await as(client.get(`/api/images/${key}`), admin)
    after.assertStatus(200)
    assert.deepEqual(after.body(), plain)
  })

  test('paths we did not generate are refused', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const probe of [
      '/api/images/../../package.json',
      '/api/images/..%2f..%2fpackage.json',
      '/api/images/applications%2f..%2f..%2f.env',
      '/api/images/%2fetc%2fpasswd',
      '/api/images//etc/passwd',
      '/api/images/applications/../../../etc/passwd',
      '/api/images/applications/not-a-uuid.pdf',
      '/api/images/applications/00000000-0000-0000-0000-000000000000.exe',
    ]) {
      const status = (await as(client.get(probe), admin)).status()
      assert.isAtLeast(status, 400, probe)
      assert.isBelow(status, 500, probe)
    }
  })
})

test.group('ID documents are destroyed once no longer needed (documents:purge)', (group) => {
  isolateEachTest(group)

  /** A purge as of a second from now: the decisions just made are behind it. */
  const purgeNow = (days: number) => purgeExpiredDocuments(new Date(Date.now() + 1000), days)

  test("a rejected application's document goes after the retention; its trace and audit stay", async ({
    client,
    assert,
  }) => {
    const { owner, admin, created } = await documentApplied(client)
    const { id, idDocument } = created.body()
    ;(await review(client, admin, id, 'rejected')).assertStatus(200)

    assert.equal(await purgeNow(30), 0)
    assert.isTrue(await drive.use('documents').exists(idDocument))
    assert.equal(await purgeNow(0), 1)
    assert.isFalse(await drive.use('documents').exists(idDocument))
    assert.equal(await purgeNow(0), 0)

    const row = await Application.findOrFail(id)
    assert.isNull(row.documentKey)
    assert.equal(row.documentContentType, 'image/png')
    assert.isAbove(row.documentSize!, 0)
    assert.match(row.documentSha256!, /^[0-9a-f]{64}$/)
    assert.equal(row.reviewedBy, admin.id)
    const mine = (await as(client.get(`/api/applications/${id}`), owner)).body()
    assert.isNull(mine.idDocument)
    assert.equal(mine.documentDestroyedAt, row.documentDestroyedAt!.toUTC().toISO())
    const [listed] = (await as(client.get('/api/applications'), owner)).body()
    assert.equal(listed.documentDestroyedAt, mine.documentDestroyedAt)
    assert.deepEqual(
      mine.history.map((event: { action: string }) => event.action),
      ['application.rejected', 'application.document_destroyed']
    )
    ;(await as(client.get(`/api/images/${idDocument}`), admin)).assertStatus(404)
  })

  test("a pending one is kept; an approved one's until her stay has begun and its Ejar contract is recorded", async ({
    client,
    assert,
  }) => {
    const { admin, created, stranger } = await documentApplied(client)
    const pending = await applying(client, stranger, (await availableRoom()).id).file(
      'idDocument',
      await pngFile()
    )
    const { id, idDocument } = created.body()
    ;(await review(client, admin, id, 'approved')).assertStatus(200)
    const stay = () => db.from('tenancies').where('application_id', id)

    assert.equal(await purgeNow(0), 0, 'her stay has not begun')
    await stay().update({ start_date: DateTime.now().minus({ days: 2 }).toISODate() })
    assert.equal(await purgeNow(0), 0, 'no Ejar contract yet')
    await stay().update({ ejar_contract_number: '1234567890' })
    assert.equal(await purgeNow(0), 1)
    assert.isFalse(await drive.use('documents').exists(idDocument))
    assert.isTrue(await drive.use('documents').exists(pending.body().idDocument))
  })
})
