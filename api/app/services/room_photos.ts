import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import sharp from 'sharp'
import { ROOM_MAX_PHOTOS, ROOM_PHOTO_MIN_WIDTH } from '@sakan/common'
import type User from '#models/user'
import Room from '#models/room'
import RoomPhoto from '#models/room_photo'
import { audit } from '#services/audit'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import { PHOTO_WIDTHS } from '#transformers/room_transformer'
import { PHOTO_EXTENSIONS, PHOTO_FORMATS, SOURCE_EXTENSIONS } from '#config/photo_formats'
import { sqlTimestamp } from '#services/sql_time'
import { lockedById } from '#services/sql_locks'

/**
 * A room's photos in the back office: added (checked by their bytes beforehand, see
 * the controller, then resized here into the catalogue's web sizes on the public `media` disk),
 * reordered and removed, each change in one transaction with its audit event. Files are written
 * before the rows and removed again if the rows are refused, so neither outlives the other.
 */

const media = () => drive.use('media')

/**
 * An uploaded photo's files, ready to store: `<key>-<width>.<extension>` for each width up to
 * its own and each format (config/photo_formats.ts).
 */
interface SizedPhoto {
  key: string
  width: number
  height: number
  files: { name: string; contents: Buffer }[]
}

/** Keys this module makes (`rooms/r12-<hex>`); seed photos (`rooms/room-03`) are shared and kept. */
const UPLOADED_KEY = /^rooms\/r\d+-[0-9a-f]{32}$/

/**
 * Resizes an upright, re-encoded image into every catalogue width up to its own (at most the
 * largest), each as progressive JPEG, AVIF and WebP. Refused (FieldRefusalException on
 * `photos`) when narrower than 640 px. Each width is decoded and resized once, then encoded
 * three times.
 */
export async function sizePhoto(roomId: number, contents: Buffer): Promise<SizedPhoto> {
  const { width = 0, height = 0 } = await sharp(contents).metadata()
  if (width < ROOM_PHOTO_MIN_WIDTH)
    throw new FieldRefusalException('photos', 'catalog.photoTooSmall')
  const widths = PHOTO_WIDTHS.filter((candidate) => candidate <= width)
  /* Its own size is its largest stored one, so `width`/`height` describe the `src` file. */
  const ownWidth = widths.at(-1)!
  const key = `rooms/r${roomId}-${randomUUID().replaceAll('-', '')}`
  const sized = await Promise.all(
    widths.map(async (target) => {
      /* Transparency flattened on black, as the JPEG encoder always did, for every format. */
      const { data, info } = await sharp(contents)
        .resize({ width: target })
        .flatten()
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true })
      const pixels = () =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      return Promise.all(
        PHOTO_EXTENSIONS.map(async (extension) => ({
          name: `${key}-${target}.${extension}`,
          contents: await PHOTO_FORMATS[extension].encode(pixels()).toBuffer(),
        }))
      )
    })
  )
  return {
    key,
    width: ownWidth,
    height: Math.round((height * ownWidth) / width),
    files: sized.flat(),
  }
}

/** Removes every stored file of these uploaded photos: each width in each format. */
async function removeFiles(keys: string[]) {
  for (const key of keys) {
    if (!UPLOADED_KEY.test(key)) continue
    for (const width of PHOTO_WIDTHS) {
      for (const extension of PHOTO_EXTENSIONS) {
        await media()
          .delete(`${key}-${width}.${extension}`)
          .catch(() => {})
      }
    }
  }
}

/**
 * Writes the AVIF and WebP a photo uploaded before those formats were made lacks, each from its
 * stored JPEG of that width, so that every file its JSON's `sources` name exists. Seed photos
 * are `publishSeedPhotos`'s. Answers how many files were written.
 */
export async function addMissingFormats(): Promise<number> {
  const photos: Array<{ key: string; width: number }> = await db
    .from('room_photos')
    .groupBy('key')
    .select('key')
    .max('width as width')
  let written = 0
  for (const { key, width } of photos) {
    if (!UPLOADED_KEY.test(key)) continue
    for (const target of PHOTO_WIDTHS.filter((candidate) => candidate <= Number(width))) {
      const jpeg = media().file(`${key}-${target}.jpg`)
      if (!(await jpeg.exists())) continue
      let contents: Buffer | undefined
      for (const extension of SOURCE_EXTENSIONS) {
        const name = `${key}-${target}.${extension}`
        if (await media().exists(name)) continue
        contents ??= Buffer.from(await jpeg.getBytes())
        await media().put(name, await PHOTO_FORMATS[extension].encode(sharp(contents)).toBuffer())
        written++
      }
    }
  }
  return written
}

async function lockedRoom(trx: TransactionClientContract, roomId: number) {
  return lockedById(Room, trx, roomId).first()
}

/** Above any real position: the renumbering's first step parks the rows there. */
const PARKED = 1_000_000

/**
 * Rewrites positions 1..n in the given order, in two steps: positions are unique per room and
 * positive (the table's constraints), so the rows are parked above every real one first.
 */
async function renumber(trx: TransactionClientContract, roomId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await trx
      .from('room_photos')
      .where('id', id)
      .update({ position: PARKED + index + 1 })
  }
  await trx
    .from('room_photos')
    .where('room_id', roomId)
    .update({ position: db.raw('position - ?', [PARKED]) })
}

/**
 * Adds photos after the room's last one. Null: no such room. The files are written first; if
 * the rows cannot be written (a refusal, a failure) they are removed again.
 */
export async function addRoomPhotos(
  admin: User,
  roomId: number,
  photos: SizedPhoto[]
): Promise<number | null> {
  for (const photo of photos) {
    for (const file of photo.files) await media().put(file.name, file.contents)
  }
  try {
    return await db.transaction(async (trx) => {
      const room = await lockedRoom(trx, roomId)
      if (!room) return null
      const rows = await trx.from('room_photos').where('room_id', roomId).max('position as last')
      const count = await trx.from('room_photos').where('room_id', roomId).count('* as total')
      if (Number(count[0]?.total ?? 0) + photos.length > ROOM_MAX_PHOTOS) {
        throw new FieldRefusalException('photos', 'catalog.tooManyPhotos')
      }
      let position = Number(rows[0]?.last ?? 0)
      const created: number[] = []
      for (const photo of photos) {
        position += 1
        const row = await RoomPhoto.create(
          { roomId, position, key: photo.key, width: photo.width, height: photo.height },
          { client: trx }
        )
        created.push(row.id)
      }
      await audit(trx, {
        actorId: admin.id,
        action: 'room.photos_added',
        subjectType: 'room',
        subjectId: roomId,
        details: { photoIds: created },
      })
      return roomId
    })
  } catch (error) {
    await removeFiles(photos.map((photo) => photo.key))
    throw error
  }
}

/** Puts the room's photos in the given order, which must name each of them once. Null: no room. */
export function reorderRoomPhotos(
  admin: User,
  roomId: number,
  order: number[]
): Promise<number | null> {
  return db.transaction(async (trx) => {
    const room = await lockedRoom(trx, roomId)
    if (!room) return null
    const ids = (await trx.from('room_photos').where('room_id', roomId).select('id')).map(
      (row: { id: number }) => Number(row.id)
    )
    const known = new Set(ids)
    if (
      order.length !== ids.length ||
      new Set(order).size !== order.length ||
      !order.every((id) => known.has(id))
    ) {
      throw new FieldRefusalException('order', 'catalog.photoOrder')
    }
    await renumber(trx, roomId, order)
    await audit(trx, {
      actorId: admin.id,
      action: 'room.photos_reordered',
      subjectType: 'room',
      subjectId: roomId,
      details: { order },
    })
    return roomId
  })
}

/**
 * Removes one photo and closes the gap in the order. Null: no such room; false: not one of its
 * photos. Its files go after the commit, unless another row still names them.
 */
export async function removeRoomPhoto(
  admin: User,
  roomId: number,
  photoId: number
): Promise<number | null | false> {
  const outcome = await db.transaction(async (trx) => {
    const room = await lockedRoom(trx, roomId)
    if (!room) return null
    const photo = await RoomPhoto.query({ client: trx })
      .where('id', photoId)
      .where('room_id', roomId)
      .first()
    if (!photo) return false
    await photo.useTransaction(trx).delete()
    const rest = await trx
      .from('room_photos')
      .where('room_id', roomId)
      .orderBy('position', 'asc')
      .select('id')
    await renumber(
      trx,
      roomId,
      rest.map((row: { id: number }) => Number(row.id))
    )
    await audit(trx, {
      actorId: admin.id,
      action: 'room.photo_removed',
      subjectType: 'room',
      subjectId: roomId,
      details: { photoId, key: photo.key },
    })
    return photo.key
  })
  if (typeof outcome !== 'string') return outcome
  await removeUnusedFiles([outcome])
  return roomId
}

/** Removes the files of uploaded photos no row names any more (after a photo or room is deleted). */
export async function removeUnusedFiles(keys: string[]) {
  for (const key of keys) {
    if (!(await db.from('room_photos').where('key', key).first())) await removeFiles([key])
  }
}

/** The keys of a room's photos, for removing their files once the room is deleted. */
export async function photoKeysOf(roomId: number): Promise<string[]> {
  const rows = await db.from('room_photos').where('room_id', roomId).select('key')
  return rows.map((row: { key: string }) => row.key)
}

/* ── Review avatars ───────────────────────────────────────────────────────────────────── */

/** The one size avatars are stored in (a square, as the site shows them). */
const AVATAR_SIZE = 160

/** Keys this module makes for avatars (`avatars/rv7-<hex>`); seed avatars are shared and kept. */
const UPLOADED_AVATAR = /^avatars\/rv\d+-[0-9a-f]{32}$/

/**
 * Sets a review's avatar: the image cropped to a centred square of 160 px (JPEG), written
 * before the row changes and removed again if it cannot; the previous uploaded one goes after.
 * Null: no such review.
 */
export async function setReviewAvatar(
  admin: User,
  reviewId: number,
  contents: Buffer
): Promise<number | null> {
  const key = `avatars/rv${reviewId}-${randomUUID().replaceAll('-', '')}`
  const file = `${key}-${AVATAR_SIZE}.jpg`
  const image = await sharp(contents)
    .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', position: 'attention' })
    .jpeg({ quality: 82, progressive: true, mozjpeg: true })
    .toBuffer()
  await media().put(file, image)
  let previous: string | null | undefined
  try {
    previous = await changeAvatar(admin, reviewId, key, 'review.avatar_set')
  } catch (error) {
    await media().delete(file)
    throw error
  }
  if (previous === undefined) {
    await media().delete(file)
    return null
  }
  await removeAvatarFile(previous)
  return reviewId
}

/** Takes a review's avatar away (the site shows her initials). Null: no such review. */
export async function removeReviewAvatar(admin: User, reviewId: number): Promise<number | null> {
  const previous = await changeAvatar(admin, reviewId, null, 'review.avatar_removed')
  if (previous === undefined) return null
  await removeAvatarFile(previous)
  return reviewId
}

/**
 * Points the review at another avatar key (null: none) with its audit event, in one
 * transaction; answers the key it had, or undefined when there is no such review.
 */
async function changeAvatar(
  admin: User,
  reviewId: number,
  key: string | null,
  action: 'review.avatar_set' | 'review.avatar_removed'
): Promise<string | null | undefined> {
  return db.transaction(async (trx) => {
    const review = await trx.from('reviews').where('id', reviewId).forUpdate().first()
    if (!review) return undefined
    await trx
      .from('reviews')
      .where('id', reviewId)
      .update({ avatar_key: key, updated_at: sqlTimestamp() })
    await audit(trx, { actorId: admin.id, action, subjectType: 'review', subjectId: reviewId })
    return review.avatar_key as string | null
  })
}

async function removeAvatarFile(key: string | null) {
  if (!key || !UPLOADED_AVATAR.test(key)) return
  if (await db.from('reviews').where('avatar_key', key).first()) return
  await media()
    .delete(`${key}-${AVATAR_SIZE}.jpg`)
    .catch(() => {})
}
