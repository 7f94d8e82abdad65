/*
 * Maintenance requests: residents file them, with photos, for
 * a room of their approved application; the administrator moves them along until completed
 * or cancelled; every change is recorded; nobody else sees them or their photos.
 */
import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import sharp from 'sharp'
import db from '@adonisjs/lucid/services/db'
import type { MaintenanceRequest as ApiMaintenanceRequest } from '@sakan/common'
import { uploadsTmpDir } from '#config/bodyparser'
import AuditEvent from '#models/audit_event'
import MaintenanceRequest from '#models/maintenance_request'
import MaintenanceStatusChange from '#models/maintenance_status_change'
import type User from '#models/user'
import {
  ApplicationFactory,
  MaintenanceRequestFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as, isolateEachTest, rateLimitedGroup } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import {
  disguisedExecutable,
  jpegWithGps,
  oversizeJpeg,
  pdfFile,
  pngFile,
  truncatedPng,
  webpFile,
} from '#tests/fixtures'
import { filesIn, removeCommitted, rowCount, storedKeys } from '#tests/stored'

/**
 * A tenant with an approved application for a room (and the room's building), and what is
 * stored of maintenance requests before she files anything (`before`).
 */
async function residentWithRoom() {
  const tenant = await UserFactory.create()
  const application = await ApplicationFactory.merge({ userId: tenant.id, status: 'approved' })
    .with('room', 1, (room) => room.with('building'))
    .create()
  return { tenant, room: application.room, before: await snapshot() }
}

/** A resident's pending maintenance request for her room. */
async function openRequest() {
  const { tenant, room } = await residentWithRoom()
  const request = await MaintenanceRequestFactory.merge({
    userId: tenant.id,
    roomId: room.id,
    buildingId: room.buildingId,
  }).create()
  return { tenant, room, request }
}

function form(room: { id: number; buildingId: number }) {
  return {
    title: 'Shower drain is blocked',
    description: 'Water stays in the shower tray for an hour after each use.',
    category: 'plumbing',
    priority: 'high',
    roomId: room.id,
    buildingId: room.buildingId,
  }
}

/** The same fields as multipart text parts. */
function withFields<T extends ApiRequest>(request: T, fields: Record<string, unknown>): T {
  for (const [name, value] of Object.entries(fields)) request.field(name, String(value))
  return request
}

/** A multipart filing by `who` for `room`, in `locale`; the caller adds the files. */
function multipartFiling(
  client: any,
  who: User,
  room: { id: number; buildingId: number },
  locale = 'en'
): ApiRequest {
  return withFields(
    as(client.post('/api/maintenance-requests'), who).header('X-Locale', locale),
    form(room)
  )
}

const requestCount = () => rowCount('maintenance_requests')

const photosOnDisk = () => storedKeys('documents', 'maintenance')

const tempFiles = () => filesIn(uploadsTmpDir)

/** Asserts that a refused request left no row, no stored photo and no temporary file. */
async function assertNothingStored(assert: any, before: { rows: number; photos: string[] }) {
  assert.equal(await requestCount(), before.rows)
  assert.deepEqual(await photosOnDisk(), before.photos)
  assert.deepEqual(await tempFiles(), [])
}

async function snapshot() {
  return { rows: await requestCount(), photos: await photosOnDisk() }
}

function messages(body: { errors: Array<{ field: string; message: string }> }) {
  return Object.fromEntries(body.errors.map((error) => [error.field, error.message]))
}

rateLimitedGroup('Filing: POST /api/maintenance-requests', () => {
  test('JSON: a pending request with its creation in the history; priority defaults to medium', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await residentWithRoom()
    const { priority: _omitted, ...fields } = form(room)
    const response = await as(client.post('/api/maintenance-requests'), tenant).json(fields)
    response.assertStatus(201)
    const body = response.body() as ApiMaintenanceRequest
    assert.containsSubset(body, {
      title: 'Shower drain is blocked',
      category: 'plumbing',
      priority: 'medium',
      status: 'pending',
      roomId: room.id,
      buildingId: room.buildingId,
      user: { id: tenant.id, fullName: tenant.fullName },
      room: { id: room.id, roomNumber: room.roomNumber },
      building: { id: room.buildingId },
      photos: [],
    })
    assert.deepEqual(body.history, [
      { from: null, to: 'pending', at: body.createdAt, by: tenant.fullName },
    ])
    const stored = await MaintenanceRequest.findOrFail(body.id)
    assert.equal(stored.userId, tenant.id)
  })

  test('multipart with photos: re-encoded without metadata, served in upload order', async ({
    client,
    assert,
  }) => {
    const { tenant, room, before } = await residentWithRoom()
    const request = multipartFiling(client, tenant, room)
      .file('photos', await jpegWithGps())
      .file('photos', await pngFile())
      .file('photos', await webpFile())
    const response = await request
    response.assertStatus(201)
    const body = response.body() as ApiMaintenanceRequest
    assert.deepEqual(body.photos, [
      { url: `/api/maintenance-requests/${body.id}/photos/1` },
      { url: `/api/maintenance-requests/${body.id}/photos/2` },
      { url: `/api/maintenance-requests/${body.id}/photos/3` },
    ])
    assert.lengthOf(await photosOnDisk(), before.photos.length + 3)
    assert.deepEqual(await tempFiles(), [])

    const types = ['image/jpeg', 'image/png', 'image/webp']
    for (const [index, photo] of body.photos.entries()) {
      const served = await as(client.get(photo.url), tenant)
      served.assertStatus(200)
      assert.equal(served.header('content-type'), types[index])
      assert.equal(served.header('cache-control'), 'private, no-store')
      const metadata = await sharp(served.body() as Buffer).metadata()
      assert.isUndefined(metadata.exif, `photo ${index + 1} keeps no EXIF`)
    }
  })

  test('each validation message, in English and in Arabic', async ({ client, assert }) => {
    const { tenant, before } = await residentWithRoom()
    const invalid = {
      title: '   ',
      description: 'too short',
      category: null,
      priority: null,
      roomId: 0,
    }
    const expected = {
      en: {
        title: 'Title is required',
        description: 'Description must be at least 10 characters',
        category: 'Category is required',
        priority: 'Priority is required',
        roomId: 'Room selection is required',
        buildingId: 'Building selection is required',
      },
      ar: {
        title: 'العنوان مطلوب',
        description: 'يجب أن يتكون الوصف من ١٠ أحرف على الأقل',
        category: 'الفئة مطلوبة',
        priority: 'الأولوية مطلوبة',
        roomId: 'اختيار الغرفة مطلوب',
        buildingId: 'اختيار المبنى مطلوب',
      },
    }
    for (const [locale, texts] of Object.entries(expected)) {
      const response = await as(client.post('/api/maintenance-requests'), tenant)
        .header('X-Locale', locale)
        .json(invalid)
      response.assertStatus(422)
      assert.deepEqual(messages(response.body()), texts, locale)

      /* The same through multipart: missing fields, an empty description. */
      const multipart = await withFields(
        as(client.post('/api/maintenance-requests'), tenant).header('X-Locale', locale),
        { title: 'Noisy fan', category: 'hvac', roomId: 'abc', buildingId: '1' }
      )
      multipart.assertStatus(422)
      assert.deepEqual(
        messages(multipart.body()),
        { description: texts.description, roomId: texts.roomId },
        `${locale} multipart`
      )
    }
    await assertNothingStored(assert, before)
  })

  test('only for a room of her approved application: otherwise 403 in her language', async ({
    client,
    assert,
  }) => {
    const { tenant, room, before } = await residentWithRoom()
    const pendingRoom = await RoomFactory.with('building').create()
    await ApplicationFactory.merge({ userId: tenant.id, roomId: pendingRoom.id }).create()
    const stranger = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()

    const refusals: Array<[User, { id: number; buildingId: number }]> = [
      [tenant, pendingRoom],
      [stranger, room],
      [admin, room],
    ]
    for (const [who, where] of refusals) {
      const response = await as(client.post('/api/maintenance-requests'), who).json(form(where))
      assertMessage(
        assert,
        response,
        403,
        'You can request maintenance only for a room with your approved application'
      )
    }
    const arabic = await multipartFiling(client, stranger, room, 'ar').file(
      'photos',
      await pngFile()
    )
    assertMessage(assert, arabic, 403, 'يمكنك طلب الصيانة فقط لغرفة تمت الموافقة على طلبك لها')
    await assertNothingStored(assert, before)
  })

  test("the building must be the room's: 422 otherwise", async ({ client, assert }) => {
    const { tenant, room, before } = await residentWithRoom()
    const elsewhere = await RoomFactory.with('building').create()
    for (const [locale, text] of [
      ['en', 'The building does not match the selected room'],
      ['ar', 'المبنى لا يطابق الغرفة المختارة'],
    ]) {
      const response = await as(client.post('/api/maintenance-requests'), tenant)
        .header('X-Locale', locale)
        .json({ ...form(room), buildingId: elsewhere.buildingId })
      response.assertStatus(422)
      assert.deepEqual(response.body().errors, [
        { field: 'buildingId', rule: 'building', message: text },
      ])
    }
    await assertNothingStored(assert, before)
  })

  test('a photo that is not an image is refused: no row, no file, no temporary file', async ({
    client,
    assert,
  }) => {
    const { tenant, room, before } = await residentWithRoom()
    const fakes = {
      'a PDF': pdfFile(),
      'a renamed executable': disguisedExecutable(),
      'a truncated PNG': await truncatedPng(),
    }
    for (const [what, fake] of Object.entries(fakes)) {
      /* A good photo first: it is checked, but never stored once another one fails. */
      const response = await multipartFiling(client, tenant, room)
        .file('photos', await pngFile())
        .file('photos', fake, { contentType: 'image/jpeg' })
      assert.equal(response.status(), 422, what)
      assert.deepEqual(
        response.body().errors,
        [
          {
            field: 'photos',
            rule: 'file.type',
            message: 'Each photo must be a JPEG, PNG or WebP image',
          },
        ],
        what
      )
      await assertNothingStored(assert, before)
    }
    const arabic = await multipartFiling(client, tenant, room, 'ar').file('photos', pdfFile())
    assertMessage(assert, arabic, 422, 'يجب أن تكون كل صورة بصيغة JPEG أو PNG أو WebP')
    await assertNothingStored(assert, before)
  })

  test('at most 3 photos of at most 10 MB each', async ({ client, assert }) => {
    const { tenant, room, before } = await residentWithRoom()
    const four = multipartFiling(client, tenant, room)
    for (let n = 0; n < 4; n++) four.file('photos', await pngFile())
    const tooMany = await four
    assertMessage(assert, tooMany, 422, 'Please upload at most 3 photos')

    const tooBig = await multipartFiling(client, tenant, room).file('photos', oversizeJpeg())
    assertMessage(assert, tooBig, 422, 'Each photo must not be larger than 10 MB')
    await assertNothingStored(assert, before)
  })

  test('a file under another name is refused', async ({ client, assert }) => {
    const { tenant, room, before } = await residentWithRoom()
    const response = await multipartFiling(client, tenant, room).file('idDocument', await pngFile())
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'idDocument')
    await assertNothingStored(assert, before)
  })

  test('signed out: 401 and the body is never read', async ({ client, assert }) => {
    const before = await snapshot()
    const response = await client
      .post('/api/maintenance-requests')
      .field('title', 'x')
      .file('photos', await pngFile())
    response.assertStatus(401)
    await assertNothingStored(assert, before)
  })
})

rateLimitedGroup('Listing and photos: who sees what', () => {
  async function filed(client: any, tenant: User, room: { id: number; buildingId: number }) {
    const response = await multipartFiling(client, tenant, room).file('photos', await pngFile())
    response.assertStatus(201)
    return response.body() as ApiMaintenanceRequest
  }

  test('another tenant never sees the request nor its photos; the admin sees all', async ({
    client,
    assert,
  }) => {
    const first = await residentWithRoom()
    const second = await residentWithRoom()
    const admin = await UserFactory.apply('admin').create()
    const hers = await filed(client, first.tenant, first.room)
    const theirs = await filed(client, second.tenant, second.room)

    const ownList = await as(client.get('/api/maintenance-requests'), first.tenant)
    ownList.assertStatus(200)
    assert.deepEqual(
      ownList.body().map((request: ApiMaintenanceRequest) => request.id),
      [hers.id]
    )
    assert.containsSubset(ownList.body()[0], {
      user: { fullName: first.tenant.fullName },
      room: { roomNumber: first.room.roomNumber },
      photos: hers.photos,
      history: [{ from: null, to: 'pending', by: first.tenant.fullName }],
    })
    assert.isString(ownList.body()[0].building.name_en)
    assert.isString(ownList.body()[0].building.name_ar)

    const strangerPhoto = await as(client.get(theirs.photos[0]!.url), first.tenant)
    assertMessage(assert, strangerPhoto, 404, 'Resource not found')
    const missing = await as(
      client.get(`/api/maintenance-requests/${hers.id}/photos/2`),
      first.tenant
    )
    missing.assertStatus(404)
    const outOfRange = await as(
      client.get(`/api/maintenance-requests/${hers.id}/photos/4`),
      first.tenant
    )
    outOfRange.assertStatus(404)
    const signedOut = await client.get(hers.photos[0]!.url)
    signedOut.assertStatus(401)

    const all = await as(client.get('/api/maintenance-requests'), admin)
    assert.includeMembers(
      all.body().map((request: ApiMaintenanceRequest) => request.id),
      [hers.id, theirs.id]
    )
    for (const request of [hers, theirs]) {
      const photo = await as(client.get(request.photos[0]!.url), admin)
      photo.assertStatus(200)
      assert.equal(photo.header('content-type'), 'image/png')
    }
  })

  test('?status= filters and the list pages with its total', async ({ client, assert }) => {
    const { tenant, room } = await residentWithRoom()
    const base = { userId: tenant.id, roomId: room.id, buildingId: room.buildingId }
    const statuses = ['pending', 'pending', 'pending', 'in_progress', 'completed'] as const
    for (const status of statuses)
      await MaintenanceRequestFactory.merge({ ...base, status }).create()

    const pending = await as(client.get('/api/maintenance-requests?status=pending'), tenant)
    pending.assertStatus(200)
    assert.equal(pending.header('x-total-count'), '3')
    assert.isTrue(
      pending.body().every((request: ApiMaintenanceRequest) => request.status === 'pending')
    )
    const page = await as(
      client.get('/api/maintenance-requests?status=pending&_start=1&_end=3'),
      tenant
    )
    assert.lengthOf(page.body(), 2)
    assert.equal(page.header('x-total-count'), '3')
    const all = await as(client.get('/api/maintenance-requests?_start=0&_end=2'), tenant)
    assert.lengthOf(all.body(), 2)
    assert.equal(all.header('x-total-count'), '5')

    const wrong = await as(client.get('/api/maintenance-requests?status=open'), tenant)
    wrong.assertStatus(422)
  })
})

test.group('Moving along: PATCH /api/maintenance-requests/:id', (group) => {
  isolateEachTest(group)

  test('a tenant cannot change a status, even of her own request', async ({ client, assert }) => {
    const { tenant, request } = await openRequest()
    const response = await as(client.patch(`/api/maintenance-requests/${request.id}`), tenant).json(
      { status: 'completed' }
    )
    response.assertStatus(403)
    assert.equal((await MaintenanceRequest.findOrFail(request.id)).status, 'pending')
  })

  test('the admin moves it along; each change is in the history and the audit log', async ({
    client,
    assert,
  }) => {
    const { request } = await openRequest()
    const admin = await UserFactory.apply('admin').create()
    const url = `/api/maintenance-requests/${request.id}`

    const started = await as(client.patch(url), admin).json({ status: 'in_progress' })
    started.assertStatus(200)
    assert.equal(started.body().status, 'in_progress')
    const done = await as(client.patch(url), admin).json({ status: 'completed' })
    done.assertStatus(200)
    const body = done.body() as ApiMaintenanceRequest
    assert.equal(body.status, 'completed')
    assert.deepEqual(
      body.history.map(({ from, to, by }) => ({ from, to, by })),
      [
        { from: 'pending', to: 'in_progress', by: admin.fullName },
        { from: 'in_progress', to: 'completed', by: admin.fullName },
      ]
    )

    const events = await AuditEvent.query()
      .where('subject_type', 'maintenance_request')
      .where('subject_id', request.id)
      .orderBy('id', 'asc')
    assert.deepEqual(
      events.map((event) => ({
        actor: event.actorId,
        action: event.action,
        details: event.details,
      })),
      [
        {
          actor: admin.id,
          action: 'maintenance.status_changed',
          details: { from: 'pending', to: 'in_progress' },
        },
        {
          actor: admin.id,
          action: 'maintenance.status_changed',
          details: { from: 'in_progress', to: 'completed' },
        },
      ]
    )
    assert.isTrue(events.every((event) => event.createdAt.isValid))
  })

  test('after completed or cancelled, nothing changes: 409 in her language', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const final of ['completed', 'cancelled'] as const) {
      const { request } = await openRequest()
      const url = `/api/maintenance-requests/${request.id}`
      ;(await as(client.patch(url), admin).json({ status: final })).assertStatus(200)
      for (const status of ['pending', 'in_progress', 'completed', 'cancelled']) {
        const response = await as(client.patch(url), admin).json({ status })
        assertMessage(
          assert,
          response,
          409,
          'This request is completed or cancelled; its status can no longer change'
        )
      }
      const arabic = await as(client.patch(url), admin)
        .header('X-Locale', 'ar')
        .json({ status: 'pending' })
      assertMessage(assert, arabic, 409, 'هذا الطلب مكتمل أو ملغى؛ لم يعد من الممكن تغيير حالته')
      assert.equal((await MaintenanceRequest.findOrFail(request.id)).status, final)
      assert.lengthOf(
        await MaintenanceStatusChange.query().where('maintenance_request_id', request.id),
        1
      )
    }
  })

  test('an unknown status or request is refused in her language', async ({ client, assert }) => {
    const { request } = await openRequest()
    const admin = await UserFactory.apply('admin').create()
    for (const [locale, text] of [
      ['en', 'The status must be pending, in progress, completed or cancelled'],
      ['ar', 'يجب أن تكون الحالة قيد الانتظار أو قيد التنفيذ أو مكتملة أو ملغاة'],
    ]) {
      const response = await as(client.patch(`/api/maintenance-requests/${request.id}`), admin)
        .header('X-Locale', locale)
        .json({ status: 'done' })
      assertMessage(assert, response, 422, text)
    }
    const missing = await as(client.patch('/api/maintenance-requests/999999'), admin).json({
      status: 'completed',
    })
    missing.assertStatus(404)
  })
})

/*
 * Real transactions, committed (no per-test rollback), so that two changes truly race: on
 * PostgreSQL they run on two connections at once. Everything made here is removed after.
 */
test.group('Concurrent status changes', () => {
  test('of two changes to an open request, one finishes it and the other is refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { tenant, room, request } = await openRequest()
    cleanup(async () => {
      await db
        .from('audit_events')
        .where('subject_type', 'maintenance_request')
        .where('subject_id', request.id)
        .delete()
      await db.from('maintenance_requests').where('id', request.id).delete()
      await db.from('applications').where('user_id', tenant.id).delete()
      await removeCommitted({ users: [admin.id, tenant.id], rooms: [room] })
    })

    const statuses = (
      await Promise.all(
        (['completed', 'cancelled'] as const).map((status) =>
          as(client.patch(`/api/maintenance-requests/${request.id}`), admin).json({ status })
        )
      )
    )
      .map((response) => response.status())
      .sort()
    assert.deepEqual(statuses, [200, 409])
    const changes = await MaintenanceStatusChange.query().where(
      'maintenance_request_id',
      request.id
    )
    assert.lengthOf(changes, 1)
    const final = (await MaintenanceRequest.findOrFail(request.id)).status
    assert.equal(changes[0]!.toStatus, final)
  })
})
