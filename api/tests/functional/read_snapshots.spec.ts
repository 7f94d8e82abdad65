/*
 * The hot read paths' answers, byte for byte: the listing (filters, sorts, pages), a room,
 * the reviews and the account lists, in both languages, over a dataset made here with fixed
 * ids and instants. The snapshot was recorded from the ORM-based serialisers before the
 * reads moved to SQL-built JSON; SQLite and PostgreSQL must both answer it.
 * `UPDATE_SNAPSHOTS=1 node ace test --files tests/functional/read_snapshots.spec.ts` rewrites it
 * (only when an answer is meant to change).
 */
import { test } from '@japa/runner'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { BUILDING_AMENITIES, type Room as ApiRoom } from '@sakan/common'
import User from '#models/user'
import Room from '#models/room'
import Review from '#models/review'
import { serializeReview, serializeRoom } from '#transformers/room_transformer'
import { roomById } from '#services/room_catalog'
import { as, isolateEachTest } from '#tests/helpers'
import { sqlTimestamp } from '#services/sql_time'

const SNAPSHOT = app.makePath('tests/fixtures/snapshots/read_paths.json')

/** A fixed instant, `minutes` after 2026-03-01 08:00 UTC, as the connection stores it. */
const at = (minutes: number) =>
  sqlTimestamp(DateTime.fromISO('2026-03-01T08:00:00Z').plus({ minutes }))

const BUILDINGS = [
  {
    id: 501,
    name_en: 'Olaya "Garden" Residence',
    name_ar: 'سكن حديقة العليا',
    address_en: '12 King Fahd Rd\\Olaya, Riyadh',
    address_ar: '١٢ طريق الملك فهد، الرياض',
    zone: 'north',
    latitude: 24.712345678901233,
    longitude: 46.67531,
    is_fully_managed: true,
    amenities: ['wifi', 'security', 'femaleOnly'],
  },
  {
    id: 502,
    name_en: 'East Court',
    name_ar: 'البلاط الشرقي',
    address_en: '3 East St, Riyadh',
    address_ar: '٣ شارع الشرق، الرياض',
    zone: 'east',
    latitude: 24.5,
    longitude: 46,
    is_fully_managed: false,
    amenities: [],
  },
  {
    id: 503,
    name_en: 'Campus House',
    name_ar: 'بيت الجامعة',
    address_en: 'University District, Riyadh',
    address_ar: 'حي الجامعة، الرياض',
    zone: 'university',
    latitude: -0.000123,
    longitude: 46.800000000000004,
    is_fully_managed: true,
    // Every amenity, in the specification's order.
    amenities: [...BUILDING_AMENITIES],
  },
]

interface RoomRow {
  id: number
  building_id: number
  room_number: string
  price_halalas: number
  size_m2: number
  type_en: string | null
  type_ar: string | null
  description_en: string
  description_ar: string
  availability: boolean
  /** The day a taken room is free again; shown only while it is taken. */
  available_from?: string
  occupancy_rate: number
  minutes: number
  features: string[]
  photos: Array<{ position: number; key: string; width: number; height: number }>
}

const ROOMS: RoomRow[] = [
  {
    id: 7001,
    building_id: 501,
    room_number: 'A-101',
    price_halalas: 149950,
    size_m2: 12.5,
    type_en: 'Single',
    type_ar: null,
    description_en: 'Bright room\nwith a "desk" & a view / tab\there',
    description_ar: 'غرفة مشرقة',
    availability: true,
    occupancy_rate: 90,
    minutes: 50,
    features: ['desk', 'wifi', 'ac'],
    photos: [
      { position: 2, key: 'rooms/room-02', width: 1600, height: 1067 },
      { position: 1, key: 'rooms/room-01', width: 800, height: 533 },
    ],
  },
  {
    id: 7002,
    building_id: 501,
    room_number: 'A-102',
    price_halalas: 150000,
    size_m2: 10,
    type_en: null,
    type_ar: 'مفردة',
    description_en: 'Quiet room',
    description_ar: 'غرفة هادئة',
    availability: false,
    available_from: '2027-01-01',
    occupancy_rate: 0,
    minutes: 40,
    features: [],
    photos: [],
  },
  {
    id: 7003,
    building_id: 502,
    room_number: 'B-1',
    price_halalas: 99999,
    size_m2: 20,
    type_en: 'Double',
    type_ar: 'مزدوجة',
    description_en: 'Large room',
    description_ar: 'غرفة كبيرة',
    availability: true,
    occupancy_rate: 100,
    minutes: 30,
    features: ['singleBed', 'privateRestroom', 'desk', 'ac', 'wardrobe', 'wifi'],
    photos: [{ position: 1, key: 'rooms/room-03', width: 500, height: 300 }],
  },
  {
    id: 7004,
    building_id: 502,
    room_number: 'B-2',
    price_halalas: 250000,
    size_m2: 14.5,
    type_en: 'Studio',
    type_ar: 'استوديو',
    description_en: 'Studio',
    description_ar: 'استوديو',
    availability: true,
    /* Left from a stay that has ended: an available room is free now, so it shows none. */
    available_from: '2026-02-01',
    occupancy_rate: 45,
    minutes: 30,
    features: ['wifi'],
    photos: [{ position: 1, key: 'rooms/room-04', width: 1280, height: 853 }],
  },
  {
    id: 7005,
    building_id: 503,
    room_number: 'C-1',
    price_halalas: 100,
    size_m2: 9,
    type_en: 'Shared',
    type_ar: 'مشتركة',
    description_en: 'Shared room',
    description_ar: 'غرفة مشتركة',
    availability: false,
    occupancy_rate: 50,
    minutes: 20,
    features: ['ac'],
    photos: [
      { position: 1, key: 'rooms/room-05', width: 640, height: 427 },
      { position: 3, key: 'rooms/room-06', width: 2048, height: 1365 },
      { position: 2, key: 'rooms/room-07', width: 639, height: 426 },
    ],
  },
  {
    id: 7006,
    building_id: 503,
    room_number: 'C-2',
    price_halalas: 320050,
    size_m2: 16,
    type_en: 'Suite',
    type_ar: 'جناح',
    description_en: 'Suite with a view',
    description_ar: 'جناح بإطلالة',
    availability: true,
    occupancy_rate: 75,
    minutes: 10,
    features: ['privateRestroom'],
    photos: [],
  },
  {
    id: 7007,
    building_id: 503,
    room_number: 'C-3',
    price_halalas: 180025,
    size_m2: 11,
    type_en: 'Single',
    type_ar: 'مفردة',
    description_en: 'Corner room',
    description_ar: 'غرفة زاوية',
    availability: true,
    occupancy_rate: 60,
    minutes: 60,
    features: ['wardrobe', 'desk'],
    photos: [{ position: 1, key: 'rooms/room-08', width: 1280, height: 720 }],
  },
  {
    id: 7008,
    building_id: 501,
    room_number: 'A-103',
    price_halalas: 120000,
    size_m2: 12,
    type_en: null,
    type_ar: null,
    description_en: 'Room without a type',
    description_ar: 'غرفة بلا نوع',
    availability: true,
    occupancy_rate: 10,
    minutes: 0,
    features: [],
    photos: [],
  },
]

const REVIEWS = [
  {
    id: 301,
    key: 'snap-1',
    rating: 5,
    comment_en: 'Lovely "place"',
    comment_ar: 'مكان رائع',
    author_name_en: 'Sara',
    author_name_ar: 'سارة',
    author_title_en: 'Student',
    author_title_ar: null,
    avatar_key: 'reviews/avatar-1',
    featured: true,
    minutes: 5,
  },
  {
    id: 302,
    key: 'snap-2',
    rating: 3,
    comment_en: 'OK',
    comment_ar: 'جيد',
    author_name_en: 'Noura',
    author_name_ar: 'نورة',
    author_title_en: null,
    author_title_ar: 'موظفة',
    avatar_key: null,
    featured: false,
    minutes: 5,
  },
  {
    id: 303,
    key: 'snap-3',
    rating: 4,
    comment_en: 'Good',
    comment_ar: 'حسن',
    author_name_en: 'Lama',
    author_name_ar: 'لمى',
    author_title_en: null,
    author_title_ar: null,
    avatar_key: null,
    featured: true,
    minutes: 9,
  },
]

async function seed() {
  await db.table('users').multiInsert(
    [
      [41, 'admin', 'Admin One', 'admin1', true],
      [42, 'tenant', 'Huda Tenant', 'huda', true],
      [43, 'tenant', null, 'reem_u', false],
      [44, 'tenant', null, null, false],
    ].map(([id, role, fullName, username, verified]) => ({
      id,
      firebase_uid: `snap-uid-${id}`,
      email: `user${id}@example.test`,
      full_name: fullName,
      username,
      phone: id === 42 ? '+966500000042' : null,
      photo_url: null,
      role,
      email_verified: verified,
      /* Checked with Firebase just now: the sessions below need no emulator account. */
      firebase_checked_at: Date.now(),
      created_at: at(0),
      updated_at: at(0),
    }))
  )
  for (const { amenities, ...building } of BUILDINGS) {
    await db.table('buildings').insert({ ...building, created_at: at(0), updated_at: at(0) })
    for (const amenity of amenities) {
      await db.table('building_amenities').insert({ building_id: building.id, amenity })
    }
  }
  for (const { features, photos, minutes, ...room } of ROOMS) {
    await db.table('rooms').insert({ ...room, created_at: at(minutes), updated_at: at(minutes) })
    for (const feature of features) {
      await db.table('room_features').insert({ room_id: room.id, feature })
    }
    for (const [index, photo] of photos.entries()) {
      await db.table('room_photos').insert({ id: room.id * 10 + index, room_id: room.id, ...photo })
    }
  }
  for (const { minutes, ...review } of REVIEWS) {
    await db
      .table('reviews')
      .insert({ ...review, created_at: at(minutes), updated_at: at(minutes) })
  }
  await db
    .table('applications')
    .multiInsert([
      application(801, 42, 7001, 'approved', '2026-04-01', 'Arriving "late"\nat night', 10, 20),
      application(802, 43, 7003, 'pending', '2026-05-15', null, 30, null),
      application(803, 44, 7006, 'rejected', '2026-06-30', 'نص عربي', 30, 45),
      application(804, 42, 7004, 'pending', '2026-07-01', null, 50, null),
    ])
  await db
    .table('payments')
    .multiInsert([
      payment(901, 42, 7001, 801, 149950, '2026-03', 'completed', null, 21, 20),
      payment(902, 42, 7001, 801, 150000, '2026-04', 'refunded', 'month_already_paid', 22, 22),
      payment(903, 42, 7001, 801, 100, '2026-04', 'pending', null, null, 22),
      payment(904, 43, 7003, 802, 99999, '2026-03', 'failed', null, null, 40),
    ])
  await db
    .table('maintenance_requests')
    .multiInsert([
      maintenance(
        951,
        42,
        7001,
        501,
        'Leaking tap',
        'Water "drips"\nall night',
        'plumbing',
        'high',
        'in_progress',
        25
      ),
      maintenance(
        952,
        42,
        7001,
        501,
        'Light',
        'The light flickers',
        'electrical',
        'low',
        'pending',
        35
      ),
      maintenance(
        953,
        43,
        7003,
        502,
        'AC',
        'The AC is loud at night',
        'hvac',
        'urgent',
        'completed',
        35
      ),
    ])
  await db.table('maintenance_photos').multiInsert([
    {
      id: 9512,
      maintenance_request_id: 951,
      position: 2,
      key: 'maintenance/b.jpg',
      content_type: 'image/jpeg',
      created_at: at(25),
    },
    {
      id: 9511,
      maintenance_request_id: 951,
      position: 1,
      key: 'maintenance/a.png',
      content_type: 'image/png',
      created_at: at(25),
    },
  ])
  await db.table('maintenance_status_changes').multiInsert([
    {
      id: 9601,
      maintenance_request_id: 951,
      from_status: null,
      to_status: 'pending',
      changed_by: 42,
      created_at: at(25),
    },
    {
      id: 9603,
      maintenance_request_id: 951,
      from_status: 'pending',
      to_status: 'in_progress',
      changed_by: 41,
      created_at: at(26),
    },
    {
      id: 9602,
      maintenance_request_id: 951,
      from_status: 'in_progress',
      to_status: 'in_progress',
      changed_by: null,
      created_at: at(26),
    },
    {
      id: 9604,
      maintenance_request_id: 952,
      from_status: null,
      to_status: 'pending',
      changed_by: 43,
      created_at: at(35),
    },
    {
      id: 9605,
      maintenance_request_id: 953,
      from_status: null,
      to_status: 'pending',
      changed_by: 43,
      created_at: at(35),
    },
    {
      id: 9606,
      maintenance_request_id: 953,
      from_status: 'pending',
      to_status: 'completed',
      changed_by: 44,
      created_at: at(36),
    },
  ])
}

function application(
  id: number,
  userId: number,
  roomId: number,
  status: string,
  moveIn: string,
  info: string | null,
  minutes: number,
  reviewedMinutes: number | null
) {
  return {
    id,
    user_id: userId,
    room_id: roomId,
    status,
    move_in_date: moveIn,
    additional_info: info,
    document_key: `applications/snap-${id}.pdf`,
    document_content_type: 'application/pdf',
    created_at: at(minutes),
    updated_at: at(minutes),
    reviewed_at: reviewedMinutes === null ? null : at(reviewedMinutes),
    reviewed_by: reviewedMinutes === null ? null : 41,
  }
}

function payment(
  id: number,
  userId: number,
  roomId: number,
  applicationId: number,
  halalas: number,
  month: string,
  status: string,
  reason: string | null,
  paidMinutes: number | null,
  minutes: number
) {
  return {
    id,
    user_id: userId,
    room_id: roomId,
    application_id: applicationId,
    amount_halalas: halalas,
    currency: 'SAR',
    method: 'creditCard',
    month_covered: month,
    gateway_payment_id: `pay_snap_${id}`,
    status,
    status_reason: reason,
    payment_date: paidMinutes === null ? null : at(paidMinutes),
    created_at: at(minutes),
    updated_at: at(minutes),
  }
}

function maintenance(
  id: number,
  userId: number,
  roomId: number,
  buildingId: number,
  title: string,
  description: string,
  category: string,
  priority: string,
  status: string,
  minutes: number
) {
  return {
    id,
    user_id: userId,
    room_id: roomId,
    building_id: buildingId,
    title,
    description,
    category,
    priority,
    status,
    created_at: at(minutes),
    updated_at: at(minutes),
  }
}

/** Public reads: the listing's filters, sorts and pages, rooms, reviews. */
const PUBLIC_PATHS = [
  '/api/rooms',
  '/api/rooms?sort=priceAsc',
  '/api/rooms?sort=priceDesc&_start=2&_end=5',
  '/api/rooms?sort=newest&_start=1&_end=4',
  '/api/rooms?features=desk,wifi',
  '/api/rooms?features=wardrobe',
  '/api/rooms?amenities=wifi,security',
  '/api/rooms?amenities=laundry',
  '/api/rooms?location=north',
  '/api/rooms?location=any-location&priceMin=1000&priceMax=2500',
  '/api/rooms?priceMin=999.99&priceMax=1499.5',
  '/api/rooms?priceMin=1&priceMax=1',
  '/api/rooms?availability=true',
  '/api/rooms?availability=false&sort=priceAsc',
  '/api/rooms?featured=true',
  '/api/rooms?featured=true&sort=priceAsc&_end=3',
  '/api/rooms?location=university&features=ac&availability=false',
  '/api/rooms?_start=6&_end=100',
  '/api/rooms?_start=50',
  '/api/rooms?_end=2',
  '/api/rooms/7001',
  '/api/rooms/7002',
  '/api/rooms/7003',
  '/api/rooms/7005',
  '/api/rooms/7008',
  '/api/rooms/999999',
  '/api/reviews',
  '/api/reviews?featured=true',
  '/api/reviews?featured=false',
]

/** The account lists, as the administrator (all rows) and as a tenant (hers). */
const ACCOUNT_PATHS = [
  '/api/applications',
  '/api/applications?status=pending',
  '/api/applications?_start=1&_end=3',
  '/api/payments',
  '/api/payments?status=completed',
  '/api/payments?monthCovered=2026-04',
  '/api/payments?_start=1&_end=2',
  '/api/maintenance-requests',
  '/api/maintenance-requests?status=in_progress',
  '/api/maintenance-requests?_start=1&_end=2',
]

interface Answer {
  status: number
  contentType: string | null
  total: string | null
  body: string
}

async function answer(
  client: ApiClient,
  path: string,
  locale: 'en' | 'ar',
  user?: User
): Promise<Answer> {
  /* Both ways the API reads the language: Accept-Language, and X-Locale for Arabic. */
  let request = client
    .get(path)
    .header('accept-language', locale === 'ar' ? 'ar-SA,en;q=0.5' : 'en')
  if (locale === 'ar') request = request.header('x-locale', 'ar')
  if (user) request = as(request, user)
  const response = await request
  return {
    status: response.status(),
    contentType: response.header('content-type') ?? null,
    total: response.header('x-total-count') ?? null,
    body: response.text(),
  }
}

test.group('Read paths answer as the snapshot', (group) => {
  isolateEachTest(group)

  test('rooms, reviews and the account lists, in both languages, byte for byte', async ({
    client,
    assert,
  }) => {
    await seed()
    const admin = await User.findOrFail(41)
    const tenant = await User.findOrFail(42)
    const answers: Record<string, Answer> = {}
    for (const locale of ['en', 'ar'] as const) {
      for (const path of PUBLIC_PATHS) {
        answers[`${locale} ${path}`] = await answer(client, path, locale)
      }
      for (const path of ACCOUNT_PATHS) {
        answers[`${locale} admin ${path}`] = await answer(client, path, locale, admin)
        answers[`${locale} tenant ${path}`] = await answer(client, path, locale, tenant)
      }
    }

    if (process.env.UPDATE_SNAPSHOTS === '1') {
      mkdirSync(dirname(SNAPSHOT), { recursive: true })
      writeFileSync(SNAPSHOT, JSON.stringify(answers, null, 2) + '\n')
    }
    const expected = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, Answer>
    assert.deepEqual(Object.keys(answers), Object.keys(expected))
    for (const [key, actual] of Object.entries(answers)) {
      /* One assertion per answer, so a failure names the request. */
      assert.deepEqual({ key, ...actual }, { key, ...expected[key]! })
    }
  })

  test('the database builds exactly what the typed serialisers make of the models', async ({
    client,
    assert,
  }) => {
    await seed()
    /* Doubles whose 17th digit SQLite's own conversion rounds differently from JavaScript. */
    const { amenities: _amenities, ...east } = BUILDINGS[1]!
    await db.table('buildings').insert({
      ...east,
      id: 504,
      name_en: 'Precise Court',
      latitude: 24.773660205347205,
      longitude: 46.74530416135676,
      created_at: at(0),
      updated_at: at(0),
    })
    const { features: _features, photos: _photos, minutes: _minutes, ...plain } = ROOMS[7]!
    await db.table('rooms').insert({
      ...plain,
      id: 7009,
      building_id: 504,
      created_at: at(1),
      updated_at: at(1),
    })
    const rooms = await Room.query()
      .preload('building', (building) =>
        building.preload('amenityRows', (amenities) => amenities.orderBy('amenity', 'asc'))
      )
      .preload('featureRows', (features) => features.orderBy('feature', 'asc'))
      .preload('photos')
      .orderBy('id')
    const reviews = await Review.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
    assert.lengthOf(rooms, ROOMS.length + 1)
    /* Each image's <source>s: AVIF then WebP in the JPEG's widths, none wider than
       the photo (one narrower than them all has none), in both. */
    const sources = (key: string, widths: number[]) =>
      (['avif', 'webp'] as const).map((format) => ({
        type: `image/${format}`,
        srcset: widths.map((width) => `/media/${key}-${width}.${format} ${width}w`).join(', '),
      }))
    const expected = [
      sources('rooms/room-05', [640]),
      sources('rooms/room-07', []),
      sources('rooms/room-06', [640, 1280]),
    ]
    const room7005 = rooms.find((room) => room.id === 7005)!
    assert.deepEqual(
      serializeRoom(room7005, 'en').images.map((image) => image.sources),
      expected
    )
    assert.deepEqual(
      (JSON.parse((await roomById(7005, 'en')) as string) as ApiRoom).images.map(
        (image) => image.sources
      ),
      expected
    )
    for (const locale of ['en', 'ar'] as const) {
      for (const room of rooms) {
        assert.equal(await roomById(room.id, locale), JSON.stringify(serializeRoom(room, locale)))
      }
      const response = await client.get('/api/reviews').header('x-locale', locale)
      assert.equal(
        response.text(),
        JSON.stringify(reviews.map((review) => serializeReview(review, locale)))
      )
    }
  })
})
