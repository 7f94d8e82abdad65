import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import {
  BUILDING_AMENITIES,
  REMAINING_BADGE_THRESHOLD,
  ROOM_FEATURES,
  ZONES,
  type Room,
} from '@sakan/common'
import { roomById } from '#services/room_catalog'
import { PHOTOS_DIR } from '#services/seed_photos'

const TABLES = [
  'users',
  'buildings',
  'building_amenities',
  'rooms',
  'room_features',
  'room_photos',
  'reviews',
  'applications',
  'payments',
  'maintenance_requests',
  'maintenance_status_changes',
]

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await db.from(table).count('* as total')
    /* PostgreSQL answers count() as a string. */
    result[table] = Number(row.total)
  }
  return result
}

async function exec(command: string, args: string[] = []) {
  await ace.boot()
  const run = await ace.exec(command, args)
  if (run.exitCode !== 0) throw run.error ?? new Error(`${command} exited with ${run.exitCode}`)
  return run
}

/* These tests write for real (seeders commit their own transactions): they run last. */
test.group('Seed', (group) => {
  group.setup(async () => {
    for (const table of [...TABLES].reverse()) await db.from(table).delete()
  })

  test('db:seed fills a realistic demo and is idempotent', async ({ assert }) => {
    await exec('db:seed')
    const first = await counts()
    await exec('db:seed')
    assert.deepEqual(await counts(), first)

    assert.isAtLeast(first.buildings!, 8)
    assert.isAtLeast(first.rooms!, 40)
    assert.isAtLeast(first.reviews!, 6)

    const zones = await db.from('buildings').distinct('zone')
    assert.sameMembers(
      zones.map((row) => row.zone),
      [...ZONES]
    )
    const amenities = await db.from('building_amenities').distinct('amenity')
    assert.sameMembers(
      amenities.map((row) => row.amenity),
      [...BUILDING_AMENITIES]
    )
    const features = await db.from('room_features').distinct('feature')
    assert.sameMembers(
      features.map((row) => row.feature),
      [...ROOM_FEATURES]
    )

    const occupied = await db.from('rooms').where('availability', false).count('* as total')
    assert.isAbove(Number(occupied[0].total), 0)
    const busy = await db
      .from('rooms')
      .where('occupancy_rate', '>', REMAINING_BADGE_THRESHOLD)
      .count('* as total')
    const calm = await db
      .from('rooms')
      .where('occupancy_rate', '<=', REMAINING_BADGE_THRESHOLD)
      .count('* as total')
    assert.isAbove(Number(busy[0].total), 0)
    assert.isAbove(Number(calm[0].total), 0)

    const withoutPhotos = await db
      .from('rooms')
      .whereNotExists((query) =>
        query.from('room_photos').whereRaw('room_photos.room_id = rooms.id')
      )
      .count('* as total')
    assert.equal(Number(withoutPhotos[0].total), 0)

    const featured = await db.from('reviews').where('featured', true).count('* as total')
    assert.isAtLeast(Number(featured[0].total), 6)
  })

  test('the demo tenant has an approved application, a completed payment and open requests', async ({
    assert,
  }) => {
    const admin = await db.from('users').where('email', 'admin@sakan.test').firstOrFail()
    assert.equal(admin.role, 'admin')
    const tenant = await db.from('users').where('email', 'tenant@sakan.test').firstOrFail()
    assert.equal(tenant.role, 'tenant')

    const application = await db
      .from('applications')
      .where('user_id', tenant.id)
      .where('status', 'approved')
      .firstOrFail()
    const room = await db.from('rooms').where('id', application.room_id).firstOrFail()
    assert.isNotOk(Boolean(room.availability))

    const payment = await db
      .from('payments')
      .where('user_id', tenant.id)
      .where('status', 'completed')
      .firstOrFail()
    assert.equal(payment.amount_halalas, room.price_halalas)
    // Its month, which the stay's ledger reads as paid, and its receipt.
    const months = await db.from('payment_months').where('payment_id', payment.id)
    assert.deepEqual(
      months.map((row) => [row.month, Boolean(row.completed)]),
      [[payment.month_covered, true]]
    )
    const receipt = await db.from('receipts').where('payment_id', payment.id).firstOrFail()
    assert.equal(receipt.gross_halalas, payment.amount_halalas)
    assert.equal(Number(receipt.discount_halalas), 0)

    const open = await db
      .from('maintenance_requests')
      .where('user_id', tenant.id)
      .whereIn('status', ['pending', 'in_progress'])
      .count('* as total')
    assert.isAtLeast(Number(open[0].total), 1)
  })

  test("the demo tenant's open requests carry their history from their creation", async ({
    assert,
  }) => {
    const tenant = await db.from('users').where('email', 'tenant@sakan.test').firstOrFail()
    const admin = await db.from('users').where('email', 'admin@sakan.test').firstOrFail()
    const requests = await db.from('maintenance_requests').where('user_id', tenant.id)
    assert.isAtLeast(requests.length, 1)
    for (const request of requests) {
      const history = await db
        .from('maintenance_status_changes')
        .where('maintenance_request_id', request.id)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
      assert.deepInclude(history[0], { from_status: null, to_status: 'pending' })
      assert.equal(history[0].changed_by, tenant.id)
      assert.equal(history.at(-1).to_status, request.status)
      for (const change of history.slice(1)) assert.equal(change.changed_by, admin.id)
    }
  })

  test('catalog:generate adds synthetic rooms with features and photos', async ({ assert }) => {
    const before = await counts()
    await exec('catalog:generate', ['--rooms', '450', '--seed', '7'])
    const after = await counts()
    assert.equal(after.rooms! - before.rooms!, 450)
    assert.equal(after.room_photos! - before.room_photos!, 450)
    assert.isAbove(after.room_features! - before.room_features!, 0)
    assert.equal(after.buildings! - before.buildings!, 3)
  })

  test('catalog:generate --listed-now adds the newest rooms, available', async ({ assert }) => {
    await exec('catalog:generate', ['--rooms', '2', '--listed-now', '--seed', '7'])
    const added = await db.from('rooms').orderBy('id', 'desc').limit(2)
    const newest = await db
      .from('rooms')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
    assert.deepEqual(
      newest.map((room) => room.id),
      added.map((room) => room.id)
    )
    assert.deepEqual(
      added.map((room) => Boolean(room.availability)),
      [true, true]
    )
  })

  test("seeded and generated rooms' photos are on the media disk in every format they name", async ({
    assert,
  }) => {
    /* Each committed seed room photo has its AVIF and WebP beside it (`node ace photos:formats`). */
    const committed = await readdir(PHOTOS_DIR)
    const jpegs = committed.filter((file) => /^room-\d+-\d+\.jpg$/.test(file))
    assert.isNotEmpty(jpegs)
    for (const jpeg of jpegs) {
      for (const format of ['avif', 'webp']) {
        assert.include(committed, jpeg.replace(/jpg$/, format))
      }
    }

    const seeded = await db
      .from('room_photos')
      .where('key', 'like', 'rooms/room-%')
      .min('room_id as id')
    const generated = await db.from('room_photos').max('room_id as id')
    for (const id of [seeded[0].id, generated[0].id]) {
      const room = JSON.parse((await roomById(Number(id), 'en')) as string) as Room
      assert.isNotEmpty(room.images)
      for (const image of room.images) {
        assert.deepEqual(
          image.sources.map((source) => source.type),
          ['image/avif', 'image/webp']
        )
        const urls = [image.srcset, ...image.sources.map((source) => source.srcset)].flatMap(
          (srcset) => srcset.split(', ').map((candidate) => candidate.split(' ')[0]!)
        )
        assert.lengthOf(urls, 6)
        for (const url of urls) {
          assert.isTrue(await drive.use('media').exists(url.replace(/^\/media\//, '')), url)
        }
      }
    }
  })

  test('catalog:generate refuses a nonsensical count and adds nothing', async ({ assert }) => {
    const before = await counts()
    await ace.boot()
    const run = await ace.exec('catalog:generate', ['--rooms', '0'])
    assert.equal(run.exitCode, 1)
    assert.deepEqual(await counts(), before)
  })
})
