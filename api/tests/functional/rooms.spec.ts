import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { BuildingAmenity, RoomFeature, Zone } from '@sakan/common'
import Building from '#models/building'
import Room from '#models/room'
import { isolateEachTest } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import { sqlTimestamp } from '#services/sql_time'

interface Fixture {
  zone: Zone
  managed: boolean
  amenities: BuildingAmenity[]
  rooms: Array<{
    number: string
    sar: number
    available: boolean
    features: RoomFeature[]
    daysAgo: number
    rate?: number
  }>
}

/*
 * A small catalogue with known answers:
 *   north (managed; wifi, security, femaleOnly): N1 800 avail [desk, wifi] 1d · N2 2500 taken [ac] 5d
 *   east (wifi, laundry, femaleOnly):            E1 1500 avail [desk, ac, wifi] 2d · E2 3200 avail [] 9d
 *   central (managed; security, femaleOnly):     C1 1000 avail [singleBed] 3d · C2 2000 taken [desk] 7d
 */
const FIXTURE: Fixture[] = [
  {
    zone: 'north',
    managed: true,
    amenities: ['wifi', 'security', 'femaleOnly'],
    rooms: [
      { number: 'N1', sar: 800, available: true, features: ['desk', 'wifi'], daysAgo: 1, rate: 90 },
      { number: 'N2', sar: 2500, available: false, features: ['ac'], daysAgo: 5 },
    ],
  },
  {
    zone: 'east',
    managed: false,
    amenities: ['wifi', 'laundry', 'femaleOnly'],
    rooms: [
      { number: 'E1', sar: 1500, available: true, features: ['desk', 'ac', 'wifi'], daysAgo: 2 },
      { number: 'E2', sar: 3200, available: true, features: [], daysAgo: 9 },
    ],
  },
  {
    zone: 'central',
    managed: true,
    amenities: ['security', 'femaleOnly'],
    rooms: [
      { number: 'C1', sar: 1000, available: true, features: ['singleBed'], daysAgo: 3 },
      { number: 'C2', sar: 2000, available: false, features: ['desk'], daysAgo: 7 },
    ],
  },
]

async function seedFixture() {
  for (const [index, fixture] of FIXTURE.entries()) {
    const building = await Building.create({
      nameEn: `Fixture ${fixture.zone}`,
      nameAr: `سكن ${index}`,
      addressEn: `${index} Test Street, Riyadh`,
      addressAr: 'شارع الاختبار، الرياض',
      zone: fixture.zone,
      latitude: 24.7,
      longitude: 46.7,
      isFullyManaged: fixture.managed,
    })
    await db
      .table('building_amenities')
      .multiInsert(fixture.amenities.map((amenity) => ({ building_id: building.id, amenity })))
    for (const spec of fixture.rooms) {
      const room = await Room.create({
        buildingId: building.id,
        roomNumber: spec.number,
        priceHalalas: spec.sar * 100,
        sizeM2: 12,
        typeEn: spec.number === 'N1' ? 'Deluxe Room' : null,
        typeAr: spec.number === 'N1' ? 'غرفة فاخرة' : null,
        descriptionEn: `Room ${spec.number}`,
        descriptionAr: `غرفة ${spec.number}`,
        availability: spec.available,
        occupancyRate: spec.rate ?? 50,
        createdAt: DateTime.now().minus({ days: spec.daysAgo }),
      })
      if (spec.features.length > 0) {
        await db
          .table('room_features')
          .multiInsert(spec.features.map((feature) => ({ room_id: room.id, feature })))
      }
      await db.table('room_photos').insert({
        room_id: room.id,
        position: 1,
        key: 'rooms/room-01',
        width: 1280,
        height: 853,
      })
    }
  }
}

/** A group of tests over the seeded catalogue (`seedFixture`), each test isolated. */
function catalogueGroup(title: string, define: () => void) {
  return test.group(title, (group) => {
    isolateEachTest(group)
    group.each.setup(seedFixture)
    define()
  })
}

const numbers = (body: Array<{ roomNumber: string }>) => body.map((room) => room.roomNumber)

catalogueGroup('Rooms catalogue: filters', () => {
  test('without filters: every room, newest first, total in X-Total-Count', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/rooms')
    response.assertStatus(200)
    assert.deepEqual(numbers(response.body()), ['N1', 'E1', 'C1', 'N2', 'C2', 'E2'])
    assert.equal(response.header('x-total-count'), '6')
  })

  test('location picks a zone; any-location means all', async ({ client, assert }) => {
    const east = await client.get('/api/rooms').qs({ location: 'east' })
    assert.deepEqual(numbers(east.body()), ['E1', 'E2'])
    const any = await client.get('/api/rooms').qs({ location: 'any-location' })
    assert.lengthOf(any.body(), 6)
    const none = await client.get('/api/rooms').qs({ location: 'university' })
    assert.deepEqual(none.body(), [])
    assert.equal(none.header('x-total-count'), '0')
  })

  test('price bounds are inclusive, in SAR', async ({ client, assert }) => {
    const band = await client.get('/api/rooms').qs({ priceMin: 1000, priceMax: 2000 })
    assert.deepEqual(numbers(band.body()), ['E1', 'C1', 'C2'])
    const luxury = await client.get('/api/rooms').qs({ priceMin: 3000 })
    assert.deepEqual(numbers(luxury.body()), ['E2'])
    const budget = await client.get('/api/rooms').qs({ priceMin: 0, priceMax: 1000 })
    assert.deepEqual(numbers(budget.body()), ['N1', 'C1'])
  })

  test('amenities: the building has all of them', async ({ client, assert }) => {
    const wifi = await client.get('/api/rooms').qs({ amenities: 'wifi' })
    assert.deepEqual(numbers(wifi.body()), ['N1', 'E1', 'N2', 'E2'])
    const both = await client.get('/api/rooms').qs({ amenities: 'wifi,security' })
    assert.deepEqual(numbers(both.body()), ['N1', 'N2'])
    const impossible = await client.get('/api/rooms').qs({ amenities: 'laundry,security' })
    assert.deepEqual(impossible.body(), [])
  })

  test('features: the room has all of them', async ({ client, assert }) => {
    const desk = await client.get('/api/rooms').qs({ features: 'desk' })
    assert.deepEqual(numbers(desk.body()), ['N1', 'E1', 'C2'])
    const deskWifi = await client.get('/api/rooms').qs({ features: 'desk,wifi' })
    assert.deepEqual(numbers(deskWifi.body()), ['N1', 'E1'])
    const spaced = await client.get('/api/rooms').qs({ features: ' desk , ac ' })
    assert.deepEqual(numbers(spaced.body()), ['E1'])
  })

  test('availability true or false', async ({ client, assert }) => {
    const free = await client.get('/api/rooms').qs({ availability: 'true' })
    assert.deepEqual(numbers(free.body()), ['N1', 'E1', 'C1', 'E2'])
    const taken = await client.get('/api/rooms').qs({ availability: 'false' })
    assert.deepEqual(numbers(taken.body()), ['N2', 'C2'])
  })

  test('featured means rooms of fully managed buildings', async ({ client, assert }) => {
    const featured = await client.get('/api/rooms').qs({ featured: 'true' })
    assert.deepEqual(numbers(featured.body()), ['N1', 'C1', 'N2', 'C2'])
  })

  test('featured rooms list available ones first, then the sort', async ({ client, assert }) => {
    const featured = await client.get('/api/rooms').qs({ featured: 'true', sort: 'priceDesc' })
    assert.deepEqual(numbers(featured.body()), ['C1', 'N1', 'N2', 'C2'])
    const home = await client
      .get('/api/rooms')
      .qs({ featured: 'true', _start: 0, _end: 1, sort: 'priceDesc' })
    assert.deepEqual(numbers(home.body()), ['C1'])
  })

  test('filters combine with AND', async ({ client, assert }) => {
    const response = await client.get('/api/rooms').qs({
      location: 'north',
      priceMin: 500,
      priceMax: 3500,
      amenities: 'wifi,femaleOnly',
      features: 'desk',
      availability: 'true',
      sort: 'priceDesc',
    })
    assert.deepEqual(numbers(response.body()), ['N1'])
    const homeSearch = await client
      .get('/api/rooms')
      .qs({ location: 'central', priceMin: 1000, priceMax: 2000, availability: 'true' })
    assert.deepEqual(numbers(homeSearch.body()), ['C1'])
    const featuredAvailable = await client
      .get('/api/rooms')
      .qs({ featured: 'true', availability: 'false' })
    assert.deepEqual(numbers(featuredAvailable.body()), ['N2', 'C2'])
  })
})

catalogueGroup('Rooms catalogue: sorting and paging', () => {
  test('each sort orders as named', async ({ client, assert }) => {
    const asc = await client.get('/api/rooms').qs({ sort: 'priceAsc' })
    assert.deepEqual(numbers(asc.body()), ['N1', 'C1', 'E1', 'C2', 'N2', 'E2'])
    const desc = await client.get('/api/rooms').qs({ sort: 'priceDesc' })
    assert.deepEqual(numbers(desc.body()), ['E2', 'N2', 'C2', 'E1', 'C1', 'N1'])
    const newest = await client.get('/api/rooms').qs({ sort: 'newest' })
    assert.deepEqual(numbers(newest.body()), ['N1', 'E1', 'C1', 'N2', 'C2', 'E2'])
  })

  test('_start/_end page through the results with the total alongside', async ({
    client,
    assert,
  }) => {
    const first = await client.get('/api/rooms').qs({ sort: 'priceAsc', _start: 0, _end: 4 })
    assert.deepEqual(numbers(first.body()), ['N1', 'C1', 'E1', 'C2'])
    assert.equal(first.header('x-total-count'), '6')
    const second = await client.get('/api/rooms').qs({ sort: 'priceAsc', _start: 4, _end: 8 })
    assert.deepEqual(numbers(second.body()), ['N2', 'E2'])
    const beyond = await client.get('/api/rooms').qs({ _start: 10, _end: 20 })
    assert.deepEqual(beyond.body(), [])
    assert.equal(beyond.header('x-total-count'), '6')
  })

  test('without paging at most 48 rooms; a page is at most 100', async ({ client, assert }) => {
    const building = await Building.firstOrFail()
    const now = sqlTimestamp()
    await db.table('rooms').multiInsert(
      Array.from({ length: 120 }, (_, index) => ({
        building_id: building.id,
        room_number: `X${index}`,
        price_halalas: 100000,
        size_m2: 10,
        description_en: 'x',
        description_ar: 'x',
        availability: true,
        occupancy_rate: 50,
        created_at: now,
        updated_at: now,
      }))
    )
    const plain = await client.get('/api/rooms')
    assert.lengthOf(plain.body(), 48, JSON.stringify(plain.body()))
    assert.equal(plain.header('x-total-count'), '126')
    const big = await client.get('/api/rooms').qs({ _start: 0, _end: 1000 })
    assert.lengthOf(big.body(), 100)
  })
})

catalogueGroup('Rooms catalogue: shapes and errors', () => {
  test('a room is shaped as spec §3 with its building, both languages and SAR', async ({
    client,
    assert,
  }) => {
    const list = await client.get('/api/rooms').qs({ features: 'desk,wifi', location: 'north' })
    const id = list.body()[0].id
    const response = await client.get(`/api/rooms/${id}`)
    response.assertStatus(200)
    const room = response.body()
    assert.containsSubset(room, {
      id,
      roomNumber: 'N1',
      price: 800,
      currency: 'SAR',
      description: 'Room N1',
      description_en: 'Room N1',
      description_ar: 'غرفة N1',
      type: 'Deluxe Room',
      type_ar: 'غرفة فاخرة',
      size: 12,
      availability: true,
      occupancyRate: 90,
      photos: ['/media/rooms/room-01-1280.jpg'],
      images: [
        {
          src: '/media/rooms/room-01-1280.jpg',
          srcset: '/media/rooms/room-01-640.jpg 640w, /media/rooms/room-01-1280.jpg 1280w',
          width: 1280,
          height: 853,
          sources: [
            {
              type: 'image/avif',
              srcset: '/media/rooms/room-01-640.avif 640w, /media/rooms/room-01-1280.avif 1280w',
            },
            {
              type: 'image/webp',
              srcset: '/media/rooms/room-01-640.webp 640w, /media/rooms/room-01-1280.webp 1280w',
            },
          ],
        },
      ],
      building: {
        name: 'Fixture north',
        name_ar: 'سكن 0',
        zone: 'north',
        amenities: ['wifi', 'security', 'femaleOnly'].sort(),
        isFullyManaged: true,
        latitude: 24.7,
        longitude: 46.7,
      },
    })
    assert.sameMembers(room.features, ['desk', 'wifi'])
    assert.equal(room.buildingId, room.building.id)
    assert.isString(room.createdAt)
  })

  test('the plain text fields follow the caller language', async ({ client, assert }) => {
    const response = await client
      .get('/api/rooms')
      .qs({ location: 'north' })
      .header('x-locale', 'ar')
    const room = response.body().find((item: { roomNumber: string }) => item.roomNumber === 'N1')
    assert.equal(room.description, 'غرفة N1')
    assert.equal(room.building.name, 'سكن 0')
  })

  test('an unknown or malformed room id is a JSON 404', async ({ client }) => {
    for (const id of ['999999', 'abc', '-1', '1.5', '0x10']) {
      const response = await client.get(`/api/rooms/${id}`)
      response.assertStatus(404)
      response.assertBodyContains({ message: 'Resource not found' })
    }
  })

  test('malformed queries are 422 in the error shape, never 500', async ({ client, assert }) => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ priceMin: 'abc' }, 'priceMin'],
      [{ priceMax: 'lots' }, 'priceMax'],
      [{ priceMin: '-5' }, 'priceMin'],
      [{ sort: 'cheapest' }, 'sort'],
      [{ availability: 'maybe' }, 'availability'],
      [{ featured: 'yes please' }, 'featured'],
      [{ priceMin: '2000', priceMax: '1000' }, 'priceMax'],
      [{ amenities: 'wifi,pool' }, 'amenities.1'],
      [{ features: 'sofa' }, 'features.0'],
      [{ location: 'west' }, 'location'],
      [{ _start: 'x' }, '_start'],
      [{ _start: '10', _end: '5' }, '_end'],
      [{ _end: '2.5' }, '_end'],
    ]
    for (const [query, field] of cases) {
      const response = await client.get('/api/rooms').qs(query)
      assert.equal(response.status(), 422, JSON.stringify(query))
      const body = response.body()
      assert.isString(body.message)
      assert.include(
        body.errors.map((error: { field: string }) => error.field),
        field,
        JSON.stringify(query)
      )
      for (const error of body.errors) assert.properties(error, ['field', 'rule', 'message'])
    }
  })

  test('validation messages come in Arabic when asked', async ({ client, assert }) => {
    const response = await client.get('/api/rooms').qs({ priceMin: 'abc' }).header('x-locale', 'ar')
    assertMessage(assert, response, 422, 'يجب أن يكون حقل السعر الأدنى رقمًا')
  })

  test('the listing query uses indexes (SQLite query plan)', async ({ assert }) => {
    if (
      db.connection().dialect.name !== 'better-sqlite3' &&
      db.connection().dialect.name !== 'sqlite3'
    ) {
      return
    }
    const { filteredRooms } = await import('#services/room_catalog')
    const query = filteredRooms({
      location: 'north',
      priceMin: 1000,
      priceMax: 2000,
      availability: true,
      amenities: ['wifi'],
      features: ['desk'],
    })
      .orderBy('created_at', 'desc')
      .limit(48)
      .toQuery()
    const plan = await db.rawQuery(`EXPLAIN QUERY PLAN ${query}`)
    const text = plan.map((row: { detail: string }) => row.detail).join('\n')
    assert.match(text, /USING (COVERING )?INDEX rooms_/)
    assert.match(text, /buildings_zone_index|USING INTEGER PRIMARY KEY/)
    assert.match(text, /room_features_feature_room_id_index|sqlite_autoindex_room_features/)
    assert.notMatch(text, /SCAN rooms\b(?! USING)/)
  })
})

test.group('Featured reviews and newsletter', (group) => {
  isolateEachTest(group)

  test('GET /api/reviews?featured=true answers spec §3 reviews', async ({ client, assert }) => {
    const now = sqlTimestamp()
    await db.table('reviews').multiInsert([
      {
        key: 'a',
        rating: 5,
        comment_en: 'Lovely',
        comment_ar: 'رائع',
        author_name_en: 'Huda',
        author_name_ar: 'هدى',
        author_title_en: 'Student',
        author_title_ar: 'طالبة',
        avatar_key: 'avatars/avatar-01',
        featured: true,
        created_at: now,
        updated_at: now,
      },
      {
        key: 'b',
        rating: 3,
        comment_en: 'Fine',
        comment_ar: 'جيد',
        author_name_en: 'Mona',
        author_name_ar: 'منى',
        featured: false,
        created_at: now,
        updated_at: now,
      },
    ])
    const response = await client.get('/api/reviews').qs({ featured: 'true' })
    response.assertStatus(200)
    assert.deepEqual(response.body(), [
      {
        id: response.body()[0].id,
        rating: 5,
        comment: 'Lovely',
        comment_en: 'Lovely',
        comment_ar: 'رائع',
        user: {
          avatar: '/media/avatars/avatar-01-160.jpg',
          fullName: 'Huda',
          fullName_en: 'Huda',
          fullName_ar: 'هدى',
          title: 'Student',
          title_en: 'Student',
          title_ar: 'طالبة',
        },
      },
    ])
    const all = await client.get('/api/reviews')
    assert.lengthOf(all.body(), 2)
    const bad = await client.get('/api/reviews').qs({ featured: 'often' })
    bad.assertStatus(422)
  })

  test('POST /api/newsletter stores an address once', async ({ client, assert }) => {
    const first = await client.post('/api/newsletter').json({ email: ' Reem@Example.com ' })
    first.assertStatus(200)
    assert.isString(first.body().message)
    const again = await client.post('/api/newsletter').json({ email: 'reem@example.com' })
    again.assertStatus(200)
    const rows = await db.from('newsletter_subscriptions').where('email', 'reem@example.com')
    assert.lengthOf(rows, 1)
  })

  test('POST /api/newsletter refuses a bad address and stores nothing', async ({
    client,
    assert,
  }) => {
    for (const body of [{ email: 'not-an-email' }, {}, { email: 'x'.repeat(300) + '@a.com' }]) {
      const response = await client.post('/api/newsletter').json(body)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'email')
    }
    const arabic = await client
      .post('/api/newsletter')
      .header('x-locale', 'ar')
      .json({ email: 'nope' })
    assert.equal(arabic.body().message, 'يرجى إدخال بريد إلكتروني صالح')
    const [{ total }] = await db.from('newsletter_subscriptions').count('* as total')
    assert.equal(Number(total), 0)
  })
})
