/*
 * The back office's catalogue: the administrator creates, changes, archives and
 * deletes buildings, rooms and reviews; every write is validated in her language, recorded
 * in the audit log, and what has history is archived — hidden from the public, never lost.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type {
  AdminBuilding,
  AdminReview,
  AdminRoom,
  ArchivedAnswer,
  ErrorBody,
} from '@sakan/common'
import { DateTime } from 'luxon'
import { addDays, addMonths, formatCalendarDate, formatMonth, riyadhToday } from '@sakan/common'
import AuditEvent from '#models/audit_event'
import type Room from '#models/room'
import type User from '#models/user'
import { openTenancy } from '#services/tenancies'
import {
  ApplicationFactory,
  BuildingFactory,
  MaintenanceRequestFactory,
  PaymentFactory,
  ReviewFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'

const building = {
  name_en: 'Palm Residence',
  name_ar: 'سكن النخيل',
  address_en: '12 Olaya Street, Riyadh',
  address_ar: '١٢ شارع العليا، الرياض',
  zone: 'north',
  amenities: ['wifi', 'transportation'],
  latitude: 24.77,
  longitude: 46.64,
  isFullyManaged: true,
}

function roomOf(buildingId: number) {
  return {
    buildingId,
    roomNumber: 'A-101',
    price: 2500.5,
    size: 14.5,
    type_en: 'Single',
    type_ar: 'فردية',
    features: ['privateRestroom'],
    description_en: 'A bright single room.',
    description_ar: 'غرفة فردية مشرقة.',
    availability: true,
    occupancyRate: 40,
  }
}

const review = {
  rating: 5,
  comment_en: 'Quiet and clean.',
  comment_ar: 'هادئ ونظيف.',
  fullName_en: 'Noura',
  fullName_ar: 'نورة',
  title_en: 'Student',
  title_ar: 'طالبة',
  featured: true,
}

const admin = () => UserFactory.apply('admin').create()

async function auditActions(subjectType: string, subjectId: number) {
  const events = await AuditEvent.query()
    .where('subject_type', subjectType)
    .where('subject_id', subjectId)
    .orderBy('id')
  return events.map((event) => event.action)
}

test.group('Back office catalogue: writes', (group) => {
  isolateEachTest(group)

  test('the administrator creates a building, then a room in it; both are audited', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const created = await as(client.post('/api/buildings'), boss).json(building)
    created.assertStatus(201)
    const saved = created.body() as AdminBuilding
    assert.include(saved, { name_en: 'Palm Residence', zone: 'north', isFullyManaged: true })
    assert.deepEqual(saved.amenities.toSorted(), ['transportation', 'wifi'])
    assert.isNull(saved.archivedAt)

    const roomAnswer = await as(client.post('/api/rooms'), boss).json(roomOf(saved.id))
    roomAnswer.assertStatus(201)
    const room = roomAnswer.body() as AdminRoom
    assert.include(room, { roomNumber: 'A-101', price: 2500.5, size: 14.5, occupancyRate: 40 })
    assert.deepEqual(room.features, ['privateRestroom'])
    assert.deepEqual(room.gallery, [])
    const stored = await db.from('rooms').where('id', room.id).first()
    assert.equal(stored.price_halalas, 250050)

    assert.deepEqual(await auditActions('building', saved.id), ['building.created'])
    assert.deepEqual(await auditActions('room', room.id), ['room.created'])

    /* The public sees the new room at once. */
    const publicRoom = await client.get(`/api/rooms/${room.id}`)
    publicRoom.assertStatus(200)
  })

  test('every refused field is named, in English and in Arabic, and nothing is written', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const before = await db.from('buildings').count('* as total')
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...building, name_en: '' }, 'name_en'],
      [{ ...building, zone: 'mars' }, 'zone'],
      [{ ...building, amenities: ['wifi', 'wifi'] }, 'amenities'],
      [{ ...building, amenities: ['helipad'] }, 'amenities.0'],
      [{ ...building, latitude: 91 }, 'latitude'],
      [{ ...building, longitude: 'east' }, 'longitude'],
      [{ ...building, address_ar: 'x'.repeat(301) }, 'address_ar'],
    ]
    for (const [body, field] of cases) {
      for (const locale of ['en', 'ar']) {
        const response = await as(client.post('/api/buildings'), boss)
          .header('X-Locale', locale)
          .json(body)
        response.assertStatus(422)
        const answer = response.body() as ErrorBody
        assert.equal(answer.errors?.[0]?.field, field, JSON.stringify(answer))
        assert.equal(answer.message, answer.errors?.[0]?.message)
        if (locale === 'ar') assert.match(answer.message, /[\u0600-\u06FF]/, answer.message)
        else assert.notMatch(answer.message, /[\u0600-\u06FF]/, answer.message)
      }
    }
    const after = await db.from('buildings').count('* as total')
    assert.deepEqual(after, before)
  })

  test('room rules: price, size, number, building — in both languages', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const home = await BuildingFactory.create()
    await RoomFactory.merge({ buildingId: home.id, roomNumber: 'A-101' }).create()
    const cases: Array<[Record<string, unknown>, string, RegExp, RegExp]> = [
      [{ price: 0 }, 'price', /at least 1 SAR/, /ريال/],
      [{ price: 10.555 }, 'price', /at most 2 decimals/, /منزلتين/],
      [{ size: 501 }, 'size', /500/, /٥٠٠/],
      [{ roomNumber: 'A 101!' }, 'roomNumber', /letters, digits and hyphens/, /رقم الغرفة/],
      [{ occupancyRate: 101 }, 'occupancyRate', /between 0 and 100/, /نسبة الإشغال/],
      [{ features: ['jacuzzi'] }, 'features.0', /./, /./],
      [{ buildingId: 999999 }, 'buildingId', /existing building/, /مبنى موجود/],
      [{}, 'roomNumber', /already exists in this building/, /توجد غرفة بهذا الرقم/],
    ]
    for (const [change, field, english, arabic] of cases) {
      for (const [locale, expected] of [
        ['en', english],
        ['ar', arabic],
      ] as const) {
        const response = await as(client.post('/api/rooms'), boss)
          .header('X-Locale', locale)
          .json({ ...roomOf(home.id), ...change })
        response.assertStatus(422)
        const [first] = (response.body() as ErrorBody).errors ?? []
        assert.equal(first?.field, field, JSON.stringify(response.body()))
        assert.match(first!.message, expected)
      }
    }
    const rooms = await db.from('rooms').where('building_id', home.id).count('* as total')
    assert.equal(Number(rooms[0].total), 1)
  })

  test('PATCH changes only what it names; a taken number is refused', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const room = await RoomFactory.with('building').create()
    const other = await RoomFactory.merge({
      buildingId: room.buildingId,
      roomNumber: 'B-2',
    }).create()

    const changed = await as(client.patch(`/api/rooms/${room.id}`), boss).json({ price: 3100 })
    changed.assertStatus(200)
    assert.equal((changed.body() as AdminRoom).price, 3100)
    assert.equal((changed.body() as AdminRoom).roomNumber, room.roomNumber)
    const [event] = await AuditEvent.query()
      .where('subject_id', room.id)
      .where('action', 'room.updated')
    assert.deepEqual(event.details, { fields: ['price'] })

    const taken = await as(client.patch(`/api/rooms/${room.id}`), boss).json({ roomNumber: 'B-2' })
    taken.assertStatus(422)
    assert.equal((taken.body() as ErrorBody).errors?.[0]?.field, 'roomNumber')
    assert.notEqual(other.id, room.id)

    const missing = await as(client.patch('/api/rooms/999999'), boss).json({ price: 3100 })
    missing.assertStatus(404)
  })

  test('a room with history is archived, not deleted: gone from the public, kept for the records', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const withApplication = await RoomFactory.with('building').create()
    const tenant = await UserFactory.create()
    await ApplicationFactory.merge({ roomId: withApplication.id, userId: tenant.id }).create()
    const withPayment = await RoomFactory.with('building').create()
    const paid = await ApplicationFactory.merge({
      roomId: withPayment.id,
      userId: tenant.id,
      status: 'approved',
    }).create()
    await PaymentFactory.merge({
      roomId: withPayment.id,
      userId: tenant.id,
      applicationId: paid.id,
    }).create()
    const withRequest = await RoomFactory.with('building').create()
    await MaintenanceRequestFactory.merge({
      roomId: withRequest.id,
      buildingId: withRequest.buildingId,
      userId: tenant.id,
    }).create()
    const [{ rooms_total: totalBefore }] = await db.from('catalog_state').select('rooms_total')

    for (const room of [withApplication, withPayment, withRequest]) {
      const response = await as(client.delete(`/api/rooms/${room.id}`), boss)
      response.assertStatus(200)
      assert.isTrue((response.body() as ArchivedAnswer).archived)
      assert.isNotNull(await db.from('rooms').where('id', room.id).first())
      assert.deepEqual(await auditActions('room', room.id), ['room.archived'])

      const gone = await client.get(`/api/rooms/${room.id}`).header('X-Locale', 'ar')
      gone.assertStatus(410)
      assert.equal((gone.body() as ErrorBody).message, 'هذه الغرفة لم تعد متاحة')
    }
    const [{ rooms_total: totalAfter }] = await db.from('catalog_state').select('rooms_total')
    assert.equal(Number(totalAfter), Number(totalBefore) - 3)

    const listing = await client.get('/api/rooms').qs({ _start: 0, _end: 100 })
    const ids = (listing.body() as Array<{ id: number }>).map((room) => room.id)
    assert.notInclude(ids, withApplication.id)
    assert.equal(Number(listing.header('x-total-count')), Number(totalAfter))

    /* Restored, it is public again. */
    const restored = await as(client.patch(`/api/rooms/${withPayment.id}`), boss).json({
      archived: false,
    })
    restored.assertStatus(200)
    assert.isNull((restored.body() as AdminRoom).archivedAt)
    ;(await client.get(`/api/rooms/${withPayment.id}`)).assertStatus(200)
    assert.deepEqual(await auditActions('room', withPayment.id), ['room.archived', 'room.restored'])
  })

  test('a room without history is deleted for good', async ({ client, assert }) => {
    const boss = await admin()
    const room = await RoomFactory.with('building').create()
    const response = await as(client.delete(`/api/rooms/${room.id}`), boss)
    response.assertStatus(204)
    assert.isNull(await db.from('rooms').where('id', room.id).first())
    ;(await client.get(`/api/rooms/${room.id}`)).assertStatus(404)
    assert.deepEqual(await auditActions('room', room.id), ['room.deleted'])
  })

  test('a building with rooms is archived with them; an empty one is deleted', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const room = await RoomFactory.with('building').create()
    const archived = await as(client.delete(`/api/buildings/${room.buildingId}`), boss)
    archived.assertStatus(200)
    const stored = await db.from('rooms').where('id', room.id).first()
    assert.isNotNull(stored.archived_at)
    ;(await client.get(`/api/rooms/${room.id}`)).assertStatus(410)

    /* No new room goes into an archived building. */
    const refused = await as(client.post('/api/rooms'), boss).json(roomOf(room.buildingId))
    refused.assertStatus(422)
    assert.equal((refused.body() as ErrorBody).errors?.[0]?.field, 'buildingId')

    const empty = await BuildingFactory.create()
    ;(await as(client.delete(`/api/buildings/${empty.id}`), boss)).assertStatus(204)
    assert.isNull(await db.from('buildings').where('id', empty.id).first())
    assert.deepEqual(await auditActions('building', room.buildingId), ['building.archived'])
    assert.deepEqual(await auditActions('building', empty.id), ['building.deleted'])
  })

  test('reviews: created, changed, deleted, each audited', async ({ client, assert }) => {
    const boss = await admin()
    const created = await as(client.post('/api/reviews'), boss).json(review)
    created.assertStatus(201)
    const saved = created.body() as AdminReview
    assert.include(saved, { rating: 5, featured: true, comment_ar: 'هادئ ونظيف.' })
    assert.equal(saved.user.fullName_ar, 'نورة')

    const refused = await as(client.patch(`/api/reviews/${saved.id}`), boss)
      .header('X-Locale', 'ar')
      .json({ rating: 6 })
    refused.assertStatus(422)
    assert.equal((refused.body() as ErrorBody).message, 'يجب أن يكون التقييم بين ١ و٥')

    const changed = await as(client.patch(`/api/reviews/${saved.id}`), boss).json({
      featured: false,
    })
    assert.isFalse((changed.body() as AdminReview).featured)
    ;(await as(client.delete(`/api/reviews/${saved.id}`), boss)).assertStatus(204)
    assert.deepEqual(await auditActions('review', saved.id), [
      'review.created',
      'review.updated',
      'review.deleted',
    ])
  })

  test('tenants and visitors cannot write the catalogue', async ({ client }) => {
    const tenant: User = await UserFactory.create()
    const home = await BuildingFactory.create()
    ;(await client.post('/api/buildings').json(building)).assertStatus(401)
    ;(await as(client.post('/api/buildings'), tenant).json(building)).assertStatus(403)
    ;(await as(client.post('/api/rooms'), tenant).json(roomOf(home.id))).assertStatus(403)
    ;(await as(client.delete(`/api/buildings/${home.id}`), tenant)).assertStatus(403)
    ;(await as(client.get('/api/admin/rooms'), tenant)).assertStatus(403)
  })
})

/** A name as a refusal sets it apart from its sentence: first-strong isolate … pop isolate. */
const isolated = (name: string) => `\u2068${name}\u2069`

/**
 * A resident's stay in the room as approval opens it (running, no end), moved in on the 1st
 * `monthsAgo` months ago (negative: months ahead).
 */
async function residentIn(room: Room, fullName: string, monthsAgo = 2) {
  const tenant = await UserFactory.merge({ fullName }).create()
  const moveIn = `${addMonths(riyadhToday().slice(0, 7), -monthsAgo)}-01`
  const application = await ApplicationFactory.merge({
    userId: tenant.id,
    roomId: room.id,
    status: 'approved',
    moveInDate: DateTime.fromISO(moveIn),
  }).create()
  const stay = await db.transaction((trx) => openTenancy(trx, application, room.priceHalalas))
  return { tenant, stay, moveIn }
}

/** What the room and its building look like in the database: archived or not. */
async function archivedAt(room: Room) {
  const row = await db.from('rooms').where('id', room.id).select('archived_at').firstOrFail()
  const home = await db
    .from('buildings')
    .where('id', room.buildingId)
    .select('archived_at')
    .firstOrFail()
  return { room: row.archived_at, building: home.archived_at }
}

test.group('Back office catalogue: not archived from under a resident (issue 41)', (group) => {
  isolateEachTest(group)

  test('a room she lives in is not archived nor deleted: 409 naming her stay, in her language; nothing changes', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const room = await RoomFactory.merge({ roomNumber: '101' }).with('building').create()
    const { stay, moveIn } = await residentIn(room, 'Noura Al-Harbi')
    const since = (locale: 'en' | 'ar') => formatMonth(moveIn.slice(0, 7), locale)
    const english = `Room 101 has a resident: the stay of ${isolated('Noura Al-Harbi')} (since ${since('en')}) must end before the room can be archived`
    const arabic = `في الغرفة ١٠١ مقيمة: يجب أن تنتهي إقامة ${isolated('Noura Al-Harbi')} (منذ ${since('ar')}) قبل أرشفة الغرفة`

    const archived = await as(client.patch(`/api/rooms/${room.id}`), boss).json({ archived: true })
    archived.assertStatus(409)
    assert.equal((archived.body() as ErrorBody).message, english)
    const removed = await as(client.delete(`/api/rooms/${room.id}`), boss).header('X-Locale', 'ar')
    removed.assertStatus(409)
    assert.equal((removed.body() as ErrorBody).message, arabic)
    /* Not even the other fields of a refused PATCH are kept. */
    const withPrice = await as(client.patch(`/api/rooms/${room.id}`), boss).json({
      archived: true,
      price: 9999,
    })
    withPrice.assertStatus(409)

    assert.deepEqual(await archivedAt(room), { room: null, building: null })
    const stored = await db.from('rooms').where('id', room.id).firstOrFail()
    assert.equal(Number(stored.price_halalas), room.priceHalalas)
    assert.deepEqual(await auditActions('room', room.id), [])
    ;(await client.get(`/api/rooms/${room.id}`)).assertStatus(200)

    /* Her stay ended yesterday: the room may go now. */
    const ended = await as(client.post(`/api/tenancies/${stay.id}/end`), boss).json({
      endDate: addDays(riyadhToday(), -1),
      reason: 'She moved out',
    })
    ended.assertStatus(200)
    const archivedNow = await as(client.patch(`/api/rooms/${room.id}`), boss).json({
      archived: true,
    })
    archivedNow.assertStatus(200)
    assert.isNotNull((await archivedAt(room)).room)
    assert.deepEqual(await auditActions('room', room.id), ['room.archived'])
  })

  test('a stay that ends ahead, or one that has not begun, still holds the room; once over, the room is archived', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const room = await RoomFactory.merge({ roomNumber: '102' }).with('building').create()
    const { stay } = await residentIn(room, 'Reem Al-Qahtani', 3)
    const end = (endDate: string) =>
      as(client.post(`/api/tenancies/${stay.id}/end`), boss).json({ endDate, reason: 'Moving out' })
    const archive = (locale = 'en') =>
      as(client.patch(`/api/rooms/${room.id}`), boss)
        .header('X-Locale', locale)
        .json({ archived: true })

    /* Ended, but her last day is ahead: she still lives there. */
    const lastDay = addDays(riyadhToday(), 10)
    ;(await end(lastDay)).assertStatus(200)
    const ahead = await archive('ar')
    ahead.assertStatus(409)
    assert.include(
      (ahead.body() as ErrorBody).message,
      `وتنتهي في ${formatCalendarDate(lastDay, 'ar')}`
    )
    assert.isNull((await archivedAt(room)).room)

    /* Her stay over (its last day yesterday), the room is archived; so is its public page. */
    await db
      .from('tenancies')
      .where('id', stay.id)
      .update({ end_date: addDays(riyadhToday(), -1) })
    const done = await archive()
    done.assertStatus(200)
    assert.isNotNull((done.body() as AdminRoom).archivedAt)
    assert.deepEqual(await auditActions('room', room.id), ['room.archived'])
    ;(await client.get(`/api/rooms/${room.id}`)).assertStatus(410)

    /* Someone moving in next month holds a room too: "from" her first month. */
    const next = await RoomFactory.merge({ roomNumber: '103' }).with('building').create()
    const { moveIn } = await residentIn(next, 'Lama Al-Otaibi', -1)
    const early = await as(client.delete(`/api/rooms/${next.id}`), boss)
    early.assertStatus(409)
    assert.include(
      (early.body() as ErrorBody).message,
      `${isolated('Lama Al-Otaibi')} (from ${formatMonth(moveIn.slice(0, 7), 'en')})`
    )
    assert.isNull((await archivedAt(next)).room)
  })

  test('a building with residents is not archived, by PATCH or DELETE: 409 naming a stay; once their stays are over, it is', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const home = await BuildingFactory.merge({
      nameEn: 'Palm Residence',
      nameAr: 'سكن النخيل',
    }).create()
    const first = await RoomFactory.merge({ buildingId: home.id, roomNumber: '201' }).create()
    const second = await RoomFactory.merge({ buildingId: home.id, roomNumber: '202' }).create()
    const empty = await RoomFactory.merge({ buildingId: home.id, roomNumber: '203' }).create()
    const noura = await residentIn(first, 'Noura Al-Harbi', 4)
    const since = formatMonth(noura.moveIn.slice(0, 7), 'en')

    const one = await as(client.delete(`/api/buildings/${home.id}`), boss)
    one.assertStatus(409)
    assert.equal(
      (one.body() as ErrorBody).message,
      `${isolated('Palm Residence')} has a resident: the stay of ${isolated('Noura Al-Harbi')} in room 201 (since ${since}) must end before the building can be archived`
    )

    const reem = await residentIn(second, 'Reem Al-Qahtani', 1)
    const two = await as(client.patch(`/api/buildings/${home.id}`), boss)
      .header('X-Locale', 'ar')
      .json({ archived: true, name_en: 'Palm Residence II' })
    two.assertStatus(409)
    assert.equal(
      (two.body() as ErrorBody).message,
      `في ${isolated('سكن النخيل')} مقيمات عددهن ٢: يجب أن تنتهي إقاماتهن، ومنها إقامة ${isolated('Noura Al-Harbi')} في الغرفة ٢٠١ (منذ ${formatMonth(noura.moveIn.slice(0, 7), 'ar')})، قبل أرشفة المبنى`
    )
    const english = await as(client.patch(`/api/buildings/${home.id}`), boss).json({
      archived: true,
    })
    english.assertStatus(409)
    assert.match((english.body() as ErrorBody).message, /^.*Palm Residence.* has 2 residents: /)

    /* Nothing changed: not the building, its name, nor any of its rooms. */
    for (const room of [first, second, empty]) {
      assert.deepEqual(await archivedAt(room), { room: null, building: null })
    }
    const stored = await db.from('buildings').where('id', home.id).firstOrFail()
    assert.equal(stored.name_en, 'Palm Residence')
    assert.deepEqual(await auditActions('building', home.id), [])

    /* Their stays over, the building is archived with its rooms. */
    for (const { stay } of [noura, reem]) {
      await db
        .from('tenancies')
        .where('id', stay.id)
        .update({ state: 'ended', end_date: addDays(riyadhToday(), -1) })
    }
    const archived = await as(client.delete(`/api/buildings/${home.id}`), boss)
    archived.assertStatus(200)
    assert.isTrue((archived.body() as ArchivedAnswer).archived)
    for (const room of [first, second, empty]) {
      assert.isNotNull((await archivedAt(room)).room)
    }
    assert.deepEqual(await auditActions('building', home.id), ['building.archived'])
  })
})

test.group('Back office catalogue: admin reads', (group) => {
  isolateEachTest(group)

  test('lists page, sort by whitelisted fields, filter and search, with X-Total-Count', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const home = await BuildingFactory.merge({ nameEn: 'Zahra Tower' }).create()
    const prices = [3000, 1500, 2200]
    for (const [index, price] of prices.entries()) {
      await RoomFactory.merge({
        buildingId: home.id,
        roomNumber: `Z-${index}`,
        priceHalalas: price * 100,
      }).create()
    }
    await RoomFactory.with('building').create()

    const sorted = await as(client.get('/api/admin/rooms'), boss).qs({
      buildingId: home.id,
      _sort: 'price',
      _order: 'asc',
      _start: 0,
      _end: 2,
    })
    sorted.assertStatus(200)
    assert.equal(sorted.header('x-total-count'), '3')
    assert.deepEqual(
      (sorted.body() as AdminRoom[]).map((room) => room.price),
      [1500, 2200]
    )

    const found = await as(client.get('/api/admin/buildings'), boss).qs({ q: 'zahra' })
    assert.deepEqual(
      (found.body() as AdminBuilding[]).map((item) => [item.name_en, item.roomCount]),
      [['Zahra Tower', 3]]
    )

    await as(client.delete(`/api/rooms/${(sorted.body() as AdminRoom[])[0]!.id}`), boss)
    const archivedOnly = await as(client.get('/api/admin/rooms'), boss).qs({ archived: true })
    assert.equal(archivedOnly.header('x-total-count'), '0')
    const stillThere = await as(client.get('/api/admin/rooms'), boss).qs({ buildingId: home.id })
    assert.equal(stillThere.header('x-total-count'), '2')
    await ReviewFactory.createMany(2)
    const reviews = await as(client.get('/api/admin/reviews'), boss).qs({ _sort: 'rating' })
    reviews.assertStatus(200)
  })

  test('sorting by a field off the whitelist is a 422 in her language', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    for (const path of ['/api/admin/rooms', '/api/admin/buildings', '/api/admin/reviews']) {
      const english = await as(client.get(path), boss).qs({ _sort: 'password' })
      english.assertStatus(422)
      assert.equal((english.body() as ErrorBody).message, 'Sorting by this field is not supported')
      const arabic = await as(client.get(path), boss)
        .header('X-Locale', 'ar')
        .qs({ _sort: 'price_halalas' })
      arabic.assertStatus(422)
      assert.equal((arabic.body() as ErrorBody).errors?.[0]?.field, '_sort')
      assert.equal((arabic.body() as ErrorBody).message, 'الترتيب حسب هذا الحقل غير مدعوم')
    }
  })
})
