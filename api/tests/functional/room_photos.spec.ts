/*
 * A room's photos in the back office: the administrator uploads several, checked by
 * their bytes and resized into the catalogue's widths; reorders and removes them. The public
 * room shows them in her order; refusals store nothing and leave no temporary file.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import sharp from 'sharp'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import drive from '@adonisjs/drive/services/main'
import {
  ROOM_MAX_PHOTOS,
  type AdminReview,
  type AdminRoom,
  type ErrorBody,
  type Room as ApiRoom,
} from '@sakan/common'
import { uploadsTmpDir } from '#config/bodyparser'
import AuditEvent from '#models/audit_event'
import { ReviewFactory, RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { disguisedExecutable, roomPhotoJpeg, roomPhotoPng, jpegFile } from '#tests/fixtures'
import { filesIn, storedKeys } from '#tests/stored'
import { tenantAndRoom } from '#tests/tenancy'

const admin = () => UserFactory.apply('admin').create()

/** The administrator, a new room (with its building) and the room's media files stored now. */
async function adminAndRoom() {
  const boss = await admin()
  const room = await RoomFactory.with('building').create()
  return { boss, room, stored: await mediaFiles(room.id) }
}

/** POST /api/rooms/:id/photos as the administrator, with these files as `photos`. */
function uploadPhotos(client: ApiClient, boss: User, roomId: number, files: string[]) {
  let request = as(client.post(`/api/rooms/${roomId}/photos`), boss)
  for (const file of files) request = request.file('photos', file)
  return request
}

/** The administrator and a new room with these photos uploaded; the photos' ids in order. */
async function roomWithPhotos(client: ApiClient, files: string[]) {
  const { boss, room } = await adminAndRoom()
  const uploaded = await uploadPhotos(client, boss, room.id, files)
  return { boss, room, ids: (uploaded.body() as AdminRoom).gallery.map((photo) => photo.id) }
}

async function mediaFiles(roomId: number): Promise<string[]> {
  return (await storedKeys('media', 'rooms'))
    .filter((key) => key.startsWith(`rooms/r${roomId}-`))
    .sort()
}

const tempFiles = () => filesIn(uploadsTmpDir)

test.group('Back office: room photos', (group) => {
  isolateEachTest(group)

  test('uploads two photos, resized into web sizes, after the existing ones; audited', async ({
    client,
    assert,
  }) => {
    const { boss, room, stored } = await adminAndRoom()
    const response = await uploadPhotos(client, boss, room.id, [
      await roomPhotoJpeg(),
      await roomPhotoPng(),
    ])
    response.assertStatus(201)
    const body = response.body() as AdminRoom
    assert.lengthOf(body.gallery, 2)
    assert.deepEqual(
      body.gallery.map((photo) => photo.position),
      [1, 2]
    )
    const [first, second] = body.gallery
    assert.equal(first!.width, 1280)
    assert.equal(first!.height, 960)
    assert.match(first!.src, /^\/media\/rooms\/r\d+-[0-9a-f]{32}-1280\.jpg$/)
    assert.include(first!.srcset!, '-640.jpg 640w')
    assert.equal(second!.width, 640)
    assert.equal(second!.height, 480)
    assert.match(second!.src, /-640\.jpg$/)
    /* Each width in each format: JPEG for the `<img>`, AVIF and WebP for its `<source>`s. */
    const key = (src: string) => src.replace(/^\/media\//, '').replace(/-\d+\.jpg$/, '')
    assert.deepEqual(
      await mediaFiles(room.id),
      [
        ...stored,
        ...['640', '1280'].flatMap((width) =>
          ['avif', 'jpg', 'webp'].map((format) => `${key(first!.src)}-${width}.${format}`)
        ),
        ...['avif', 'jpg', 'webp'].map((format) => `${key(second!.src)}-640.${format}`),
      ].sort()
    )
    assert.deepEqual(first!.sources, [
      {
        type: 'image/avif',
        srcset: first!.srcset.replaceAll('.jpg ', '.avif '),
      },
      {
        type: 'image/webp',
        srcset: first!.srcset.replaceAll('.jpg ', '.webp '),
      },
    ])
    assert.deepEqual(
      second!.sources.map((source) => source.srcset),
      [second!.src.replace(/jpg$/, 'avif 640w'), second!.src.replace(/jpg$/, 'webp 640w')]
    )
    assert.deepEqual(await tempFiles(), [])

    /* Each format's largest file, served with its type: AVIF is AV1 in a HEIF container. */
    const largest = (srcset: string) => srcset.split(', ').at(-1)!.split(' ')[0]!
    for (const [url, type, format] of [
      [first!.src, 'image/jpeg', 'jpeg'],
      [largest(first!.sources[0]!.srcset), 'image/avif', 'av1'],
      [largest(first!.sources[1]!.srcset), 'image/webp', 'webp'],
    ]) {
      const served = await client.get(url!)
      served.assertStatus(200)
      assert.equal(served.header('content-type'), type, url)
      assert.equal(served.header('cache-control'), 'public, max-age=86400', url)
      const metadata = await sharp(served.body() as Buffer).metadata()
      assert.equal(metadata.format === 'heif' ? metadata.compression : metadata.format, format)
      assert.equal(metadata.width, 1280, url)
    }

    const publicRoom = (await client.get(`/api/rooms/${room.id}`)).body() as ApiRoom
    assert.deepEqual(publicRoom.photos, [first!.src, second!.src])

    const events = await AuditEvent.query()
      .where('subject_id', room.id)
      .where('subject_type', 'room')
    assert.deepEqual(
      events.map((event) => event.action),
      ['room.photos_added']
    )
  })

  test('reorders and removes photos; the gap closes and the files go', async ({
    client,
    assert,
  }) => {
    const { boss, room, ids } = await roomWithPhotos(client, [
      await roomPhotoJpeg('a.jpg'),
      await roomPhotoPng(),
      await roomPhotoJpeg('c.jpg'),
    ])

    const reordered = await as(client.patch(`/api/rooms/${room.id}/photos`), boss).json({
      order: [ids[2], ids[0], ids[1]],
    })
    reordered.assertStatus(200)
    assert.deepEqual(
      (reordered.body() as AdminRoom).gallery.map((photo) => [photo.id, photo.position]),
      [
        [ids[2], 1],
        [ids[0], 2],
        [ids[1], 3],
      ]
    )

    const before = await mediaFiles(room.id)
    const key = (await db.from('room_photos').where('id', ids[0]!).first()).key as string
    const removed = await as(client.delete(`/api/rooms/${room.id}/photos/${ids[0]}`), boss)
    removed.assertStatus(200)
    assert.deepEqual(
      (removed.body() as AdminRoom).gallery.map((photo) => [photo.id, photo.position]),
      [
        [ids[2], 1],
        [ids[1], 2],
      ]
    )
    /* Its two widths in each of the three formats. */
    assert.deepEqual(
      await mediaFiles(room.id),
      before.filter((file) => !file.startsWith(`${key}-`))
    )
    assert.lengthOf(await mediaFiles(room.id), before.length - 6)

    const unknown = await as(client.delete(`/api/rooms/${room.id}/photos/${ids[0]}`), boss)
    unknown.assertStatus(404)

    /* A room deleted (no history) takes its photos' files with it, in every format. */
    const gone = await as(client.delete(`/api/rooms/${room.id}`), boss)
    gone.assertStatus(204)
    assert.lengthOf(await mediaFiles(room.id), before.length - 6 - 9)
  })

  test('photos refused once their files are written (too many) leave no file of any format', async ({
    client,
    assert,
  }) => {
    const { boss, room, stored } = await adminAndRoom()
    /* The room's photos already at the most it may have (seed photos: shared files, kept). */
    await db.table('room_photos').multiInsert(
      Array.from({ length: ROOM_MAX_PHOTOS }, (_, index) => ({
        room_id: room.id,
        position: index + 1,
        key: 'rooms/room-01',
        width: 1280,
        height: 853,
      }))
    )
    const response = await uploadPhotos(client, boss, room.id, [await roomPhotoJpeg()])
    response.assertStatus(422)
    assert.equal((response.body() as ErrorBody).errors?.[0]?.field, 'photos')
    assert.deepEqual(await mediaFiles(room.id), stored)
    assert.lengthOf(await db.from('room_photos').where('room_id', room.id), ROOM_MAX_PHOTOS)
    assert.deepEqual(await tempFiles(), [])
  })

  test('photos:backfill gives photos stored as JPEG only their AVIF and WebP', async ({
    client,
    assert,
  }) => {
    const { room, ids } = await roomWithPhotos(client, [await roomPhotoJpeg()])
    const { key } = await db.from('room_photos').where('id', ids[0]!).firstOrFail()
    const files = await mediaFiles(room.id)
    const older = files.filter((file) => file.startsWith(`${key}-`) && !file.endsWith('.jpg'))
    assert.lengthOf(older, 4)
    /* As an upload stored them before AVIF and WebP were made: JPEG only. */
    for (const file of older) await drive.use('media').delete(file)

    await ace.boot()
    const run = await ace.exec('photos:backfill', [])
    assert.equal(run.exitCode, 0)
    assert.deepEqual(await mediaFiles(room.id), files)
    const avif = older.find((file) => file.endsWith('-1280.avif'))!
    const metadata = await sharp(Buffer.from(await drive.use('media').getBytes(avif))).metadata()
    assert.deepEqual([metadata.compression, metadata.width], ['av1', 1280])

    /* Again: nothing is missing, nothing is written. */
    const again = await ace.exec('photos:backfill', [])
    assert.equal(again.exitCode, 0)
    assert.deepEqual(await mediaFiles(room.id), files)
  })

  test('an order that misses, repeats or invents a photo is a 422 in both languages', async ({
    client,
    assert,
  }) => {
    const {
      boss,
      room,
      ids: [a, b],
    } = await roomWithPhotos(client, [await roomPhotoJpeg('a.jpg'), await roomPhotoJpeg('b.jpg')])
    for (const order of [[a], [a, a], [a, b, 999999], [b, 999999]]) {
      const response = await as(client.patch(`/api/rooms/${room.id}/photos`), boss).json({ order })
      response.assertStatus(422)
      assert.equal(
        (response.body() as ErrorBody).errors?.[0]?.field,
        'order',
        JSON.stringify(order)
      )
    }
    const arabic = await as(client.patch(`/api/rooms/${room.id}/photos`), boss)
      .header('X-Locale', 'ar')
      .json({ order: [a] })
    assert.equal(
      (arabic.body() as ErrorBody).errors?.[0]?.message,
      'يجب أن يذكر الترتيب كل صورة من صور الغرفة مرة واحدة'
    )
    const positions = await db.from('room_photos').where('room_id', room.id).orderBy('position')
    assert.deepEqual(
      positions.map((row) => row.id),
      [a, b]
    )
  })

  test('a file that is not an image, a photo too small, or none at all: 422, nothing stored', async ({
    client,
    assert,
  }) => {
    const { boss, room, stored } = await adminAndRoom()
    const cases: Array<[string, (request: any) => Promise<any>, string, string]> = [
      [
        'executable',
        async (request) => request.file('photos', await disguisedExecutable()),
        'Each photo must be a JPEG, PNG or WebP image',
        'يجب أن تكون كل صورة بصيغة JPEG أو PNG أو WebP',
      ],
      [
        'too small',
        async (request) => request.file('photos', await jpegFile()),
        'Each photo must be at least 640 pixels wide',
        'يجب ألا يقل عرض كل صورة عن ٦٤٠ بكسل',
      ],
      [
        'one good, one bad',
        async (request) =>
          request.file('photos', await roomPhotoJpeg()).file('photos', await disguisedExecutable()),
        'Each photo must be a JPEG, PNG or WebP image',
        'يجب أن تكون كل صورة بصيغة JPEG أو PNG أو WebP',
      ],
      [
        'none',
        async (request) => request.field('note', 'x'),
        'Please choose at least one photo',
        'يرجى اختيار صورة واحدة على الأقل',
      ],
    ]
    for (const [name, attach, english, arabic] of cases) {
      for (const [locale, message] of [
        ['en', english],
        ['ar', arabic],
      ]) {
        const request = as(client.post(`/api/rooms/${room.id}/photos`), boss).header(
          'X-Locale',
          locale
        )
        const response = await attach(request)
        assert.equal(response.status(), 422, `${name} (${locale})`)
        assert.equal((response.body() as ErrorBody).errors?.[0]?.message, message, name)
      }
    }
    assert.deepEqual(await mediaFiles(room.id), stored)
    assert.deepEqual(await tempFiles(), [])
    assert.lengthOf(await db.from('room_photos').where('room_id', room.id), 0)
  })

  test('a tenant cannot add photos; an unknown room is a 404', async ({ client }) => {
    const { tenant, room } = await tenantAndRoom()
    const refused = await as(client.post(`/api/rooms/${room.id}/photos`), tenant).file(
      'photos',
      await roomPhotoJpeg()
    )
    refused.assertStatus(403)
    const missing = await as(client.post('/api/rooms/999999/photos'), await admin()).file(
      'photos',
      await roomPhotoJpeg()
    )
    missing.assertStatus(404)
  })
})

test.group('Back office: review avatars', (group) => {
  isolateEachTest(group)

  /** The administrator and a new review. */
  async function adminAndReview() {
    return { boss: await admin(), review: await ReviewFactory.create() }
  }

  async function avatarFiles(): Promise<string[]> {
    const listing = await drive.use('media').listAll('avatars', { recursive: true })
    return [...listing.objects]
      .flatMap((object) => ('key' in object ? [object.key] : []))
      .filter((key) => key.startsWith('avatars/rv'))
  }

  test('sets, replaces and removes an avatar: a 160 px square; the old file goes', async ({
    client,
    assert,
  }) => {
    const { boss, review } = await adminAndReview()
    const before = await avatarFiles()
    const first = await as(client.post(`/api/reviews/${review.id}/avatar`), boss).file(
      'avatar',
      await roomPhotoPng()
    )
    first.assertStatus(200)
    const avatar = (first.body() as AdminReview).user.avatar!
    assert.match(avatar, /^\/media\/avatars\/rv\d+-[0-9a-f]{32}-160\.jpg$/)
    const served = await client.get(avatar)
    served.assertStatus(200)
    const metadata = await sharp(served.body() as Buffer).metadata()
    assert.deepEqual([metadata.width, metadata.height], [160, 160])

    const second = await as(client.post(`/api/reviews/${review.id}/avatar`), boss).file(
      'avatar',
      await roomPhotoJpeg()
    )
    second.assertStatus(200)
    assert.notEqual((second.body() as AdminReview).user.avatar, avatar)
    assert.lengthOf(await avatarFiles(), before.length + 1)

    const removed = await as(client.delete(`/api/reviews/${review.id}/avatar`), boss)
    removed.assertStatus(200)
    assert.isNull((removed.body() as AdminReview).user.avatar)
    assert.lengthOf(await avatarFiles(), before.length)
    assert.deepEqual(await tempFiles(), [])
  })

  test('a file that is not an image is a 422 in both languages; a tenant gets 403', async ({
    client,
    assert,
  }) => {
    const { boss, review } = await adminAndReview()
    for (const [locale, message] of [
      ['en', 'Each photo must be a JPEG, PNG or WebP image'],
      ['ar', 'يجب أن تكون كل صورة بصيغة JPEG أو PNG أو WebP'],
    ]) {
      const response = await as(client.post(`/api/reviews/${review.id}/avatar`), boss)
        .header('X-Locale', locale)
        .file('avatar', await disguisedExecutable())
      response.assertStatus(422)
      assert.equal((response.body() as ErrorBody).errors?.[0]?.message, message)
    }
    const tenant = await UserFactory.create()
    const refused = await as(client.post(`/api/reviews/${review.id}/avatar`), tenant).file(
      'avatar',
      await roomPhotoPng()
    )
    refused.assertStatus(403)
    assert.deepEqual(await tempFiles(), [])
  })
})
