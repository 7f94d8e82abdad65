import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { Exception } from '@adonisjs/core/exceptions'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  formatCalendarDate,
  formatMonth,
  localizeDigits,
  riyadhToday,
  toHalalas,
  type AuditAction,
} from '@sakan/common'
import Building from '#models/building'
import Review from '#models/review'
import Room from '#models/room'
import type User from '#models/user'
import { audit } from '#services/audit'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import type {
  BuildingChange,
  BuildingInput,
  ReviewChange,
  ReviewInput,
  RoomChange,
  RoomInput,
} from '#validators/catalog'
import { isUniqueViolation } from '#services/sql_errors'
import { lockedById } from '#services/sql_locks'
import { isolateName } from '#services/notification_texts'

/*
 * The administrator's catalogue writes. Each change happens in one transaction
 * with its audit event (details: the fields it changed). A building or room with history is
 * archived (hidden from the public, kept for the records), never deleted: applications,
 * payments and maintenance requests keep pointing at it.
 */

/** The fields a change names, for the audit event (never more than the request said). */
function changed(change: object): string[] {
  return Object.entries(change)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
}

/* ── Residents: what may not be archived ────────────────────────────────────────────────── */

/** A stay that holds one of the rooms today or later: someone lives there, or is moving in. */
interface ResidentStay {
  resident: string
  roomNumber: string
  startDate: string
  endDate: string | null
}

/**
 * The stays that hold any of these rooms on `today` or later: running ones, and
 * ended ones whose end date has not passed yet (the room's hold, services/tenancies.ts), the
 * earliest first, and how many residents they are.
 */
async function residentStays(
  trx: TransactionClientContract,
  of: { roomId: number } | { buildingId: number },
  today: string = riyadhToday()
): Promise<{ first: ResidentStay; residents: number } | null> {
  const query = trx
    .from('tenancies as t')
    .join('users as u', 'u.id', 't.user_id')
    .join('rooms as r', 'r.id', 't.room_id')
    .where((held) => held.whereNull('t.end_date').orWhere('t.end_date', '>=', today))
  /* A building's rooms still on show: those archiving it would archive. */
  if ('roomId' in of) query.where('t.room_id', of.roomId)
  else query.where('r.building_id', of.buildingId).whereNull('r.archived_at')
  const rows: {
    user_id: number
    full_name: string | null
    username: string | null
    email: string
    room_number: string
    start_date: string
    end_date: string | null
  }[] = await query
    .orderBy('t.start_date')
    .orderBy('t.id')
    .select(
      't.user_id',
      'u.full_name',
      'u.username',
      'u.email',
      'r.room_number',
      db.raw('CAST(t.start_date AS TEXT) AS start_date'),
      db.raw('CAST(t.end_date AS TEXT) AS end_date')
    )
  const first = rows[0]
  if (!first) return null
  return {
    first: {
      resident: first.full_name || first.username || first.email,
      roomNumber: String(first.room_number),
      startDate: String(first.start_date).slice(0, 10),
      endDate: first.end_date === null ? null : String(first.end_date).slice(0, 10),
    },
    residents: new Set(rows.map((row) => Number(row.user_id))).size,
  }
}

/**
 * The 409 of an archive refused because someone lives there: it names the stay in the caller's
 * language (`messageValues`, read by the exception handler) — her name set apart from the
 * sentence (Unicode isolates), the room, and since when (or from when) and until when it runs.
 */
function residentRefusal(
  key: string,
  stay: ResidentStay,
  extra: { building?: { en: string; ar: string }; count?: number } = {}
) {
  const today = riyadhToday()
  return Object.assign(new Exception(key, { status: 409, code: 'E_CONFLICT' }), {
    messageValues: (locale: string) => {
      const t = (name: string, values: Record<string, unknown>) =>
        i18nManager.locale(locale).t(`catalog.stay.${name}`, values)
      const month = formatMonth(stay.startDate.slice(0, 7), locale)
      const parts = [t(stay.startDate <= today ? 'since' : 'from', { month })]
      if (stay.endDate) parts.push(t('until', { date: formatCalendarDate(stay.endDate, locale) }))
      return {
        resident: isolateName(stay.resident),
        room: localizeDigits(stay.roomNumber, locale),
        stay: parts.join(t('separator', {})),
        building: extra.building
          ? isolateName(locale === 'ar' ? extra.building.ar : extra.building.en)
          : undefined,
        count: extra.count,
      }
    },
  })
}

/** Refuses (409, nothing changed) to archive a room someone lives in or is moving into. */
async function refuseRoomWithResident(trx: TransactionClientContract, room: Room) {
  const found = await residentStays(trx, { roomId: room.id })
  if (found) throw residentRefusal('catalog.roomHasResident', found.first)
}

/**
 * Refuses (409, nothing changed) to archive a building whose rooms still on show someone
 * lives in or is moving into: archiving it would archive them. Their rows are locked first
 * (PostgreSQL), as an approval locks its room before reading its stays, so that no stay opens
 * in one of them meanwhile.
 */
async function refuseBuildingWithResidents(trx: TransactionClientContract, building: Building) {
  await trx
    .from('rooms')
    .where('building_id', building.id)
    .whereNull('archived_at')
    .forUpdate()
    .select('id')
  const found = await residentStays(trx, { buildingId: building.id })
  if (!found) return
  const names = { en: building.nameEn, ar: building.nameAr }
  if (found.residents === 1) {
    throw residentRefusal('catalog.buildingHasResident', found.first, { building: names })
  }
  throw residentRefusal('catalog.buildingHasResidents', found.first, {
    building: names,
    count: found.residents,
  })
}

/* ── Buildings ─────────────────────────────────────────────────────────────────────────── */

function buildingColumns(input: Partial<BuildingInput>) {
  return {
    nameEn: input.name_en,
    nameAr: input.name_ar,
    addressEn: input.address_en,
    addressAr: input.address_ar,
    zone: input.zone,
    latitude: input.latitude,
    longitude: input.longitude,
    isFullyManaged: input.isFullyManaged,
  }
}

function withoutUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined)
  ) as Partial<T>
}

/** Replaces the rows of a one-to-many value list (amenities of a building, features of a room). */
async function replaceValues(
  trx: TransactionClientContract,
  table: 'building_amenities' | 'room_features',
  owner: { column: 'building_id' | 'room_id'; id: number },
  valueColumn: 'amenity' | 'feature',
  values: string[]
) {
  await trx.from(table).where(owner.column, owner.id).delete()
  if (values.length > 0) {
    await trx
      .insertQuery()
      .table(table)
      .multiInsert(values.map((value) => ({ [owner.column]: owner.id, [valueColumn]: value })))
  }
}

const setAmenities = (trx: TransactionClientContract, buildingId: number, list: string[]) =>
  replaceValues(
    trx,
    'building_amenities',
    { column: 'building_id', id: buildingId },
    'amenity',
    list
  )

const setFeatures = (trx: TransactionClientContract, roomId: number, list: string[]) =>
  replaceValues(trx, 'room_features', { column: 'room_id', id: roomId }, 'feature', list)

async function nameTaken(trx: TransactionClientContract, nameEn: string | undefined, id?: number) {
  if (nameEn === undefined) return
  const query = trx.from('buildings').where('name_en', nameEn)
  if (id !== undefined) query.whereNot('id', id)
  if (await query.first()) throw new FieldRefusalException('name_en', 'catalog.buildingNameTaken')
}

/** The audit event of a catalogue write: who, what, which record, and the fields it named. */
function auditWrite(
  trx: TransactionClientContract,
  admin: User,
  action: AuditAction,
  subject: { type: 'building' | 'room' | 'review'; id: number },
  input: object
) {
  return audit(trx, {
    actorId: admin.id,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    details: { fields: changed(input) },
  })
}

/** A record's value list as a change names it (undefined: unchanged), and how it is written. */
interface ValueList {
  list: string[] | undefined
  set: (trx: TransactionClientContract, ownerId: number, list: string[]) => Promise<void>
}

/**
 * Saves a changed record in the transaction, then its value list when the change names one,
 * then the change's audit event; answers the record's id.
 */
async function saveAudited(
  trx: TransactionClientContract,
  admin: User,
  record: Building | Room | Review,
  event: { action: AuditAction; type: 'building' | 'room' | 'review'; change: object },
  values?: ValueList
): Promise<number> {
  await record.useTransaction(trx).save()
  if (values?.list) await values.set(trx, record.id, values.list)
  await auditWrite(trx, admin, event.action, { type: event.type, id: record.id }, event.change)
  return record.id
}

/** Runs a write; a uniqueness race the checks could not see becomes the same field refusal. */
async function guarded<T>(write: () => Promise<T>, onUnique: FieldRefusalException): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw onUnique
    throw error
  }
}

export function createBuilding(admin: User, input: BuildingInput): Promise<number> {
  return guarded(
    () =>
      db.transaction(async (trx) => {
        await nameTaken(trx, input.name_en)
        const building = await Building.create(buildingColumns(input), { client: trx })
        await setAmenities(trx, building.id, input.amenities)
        await auditWrite(
          trx,
          admin,
          'building.created',
          { type: 'building', id: building.id },
          input
        )
        return building.id
      }),
    new FieldRefusalException('name_en', 'catalog.buildingNameTaken')
  )
}

/** Applies a change; null when there is no such building. */
export function updateBuilding(
  admin: User,
  id: number,
  change: BuildingChange
): Promise<number | null> {
  return guarded(
    () =>
      db.transaction(async (trx) => {
        const building = await lockedById(Building, trx, id).first()
        if (!building) return null
        await nameTaken(trx, change.name_en, id)
        building.merge(withoutUndefined(buildingColumns(change)))
        let action: AuditAction = 'building.updated'
        if (change.archived === false && building.archivedAt) {
          building.archivedAt = null
          action = 'building.restored'
        } else if (change.archived === true && !building.archivedAt) {
          await refuseBuildingWithResidents(trx, building)
          await archiveBuildingRows(trx, building)
          action = 'building.archived'
        }
        const amenities = { list: change.amenities, set: setAmenities }
        return saveAudited(trx, admin, building, { action, type: 'building', change }, amenities)
      }),
    new FieldRefusalException('name_en', 'catalog.buildingNameTaken')
  )
}

/** Archives the building and its public rooms, in the caller's transaction. */
async function archiveBuildingRows(trx: TransactionClientContract, building: Building) {
  const now = DateTime.utc()
  building.archivedAt = now
  await trx
    .from('rooms')
    .where('building_id', building.id)
    .whereNull('archived_at')
    .update({ archived_at: now.toJSDate(), updated_at: now.toJSDate() })
}

export type Removal = { deleted: true } | { archived: true; archivedAt: DateTime } | null

/**
 * DELETE of a building: one without rooms is deleted; one with rooms is archived with them
 * (its rooms may have history, and a room always belongs to a building). Null: unknown.
 */
export function removeBuilding(admin: User, id: number): Promise<Removal> {
  return db.transaction(async (trx) => {
    const building = await lockedById(Building, trx, id).first()
    if (!building) return null
    const rooms = await trx.from('rooms').where('building_id', id).first()
    const event = { actorId: admin.id, subjectType: 'building', subjectId: id }
    if (!rooms) {
      await building.useTransaction(trx).delete()
      await audit(trx, { ...event, action: 'building.deleted', details: { name: building.nameEn } })
      return { deleted: true as const }
    }
    if (!building.archivedAt) {
      await refuseBuildingWithResidents(trx, building)
      await archiveBuildingRows(trx, building)
      await building.useTransaction(trx).save()
      await audit(trx, { ...event, action: 'building.archived' })
    }
    return { archived: true as const, archivedAt: building.archivedAt! }
  })
}

/* ── Rooms ─────────────────────────────────────────────────────────────────────────────── */

function roomColumns(input: Partial<RoomInput>) {
  return {
    buildingId: input.buildingId,
    roomNumber: input.roomNumber,
    priceHalalas: input.price === undefined ? undefined : toHalalas(input.price),
    sizeM2: input.size,
    typeEn: input.type_en,
    typeAr: input.type_ar,
    descriptionEn: input.description_en,
    descriptionAr: input.description_ar,
    availability: input.availability,
    occupancyRate: input.occupancyRate,
  }
}

/** The building a room goes into must exist and be public. */
async function checkBuilding(trx: TransactionClientContract, buildingId: number | undefined) {
  if (buildingId === undefined) return
  const building = await trx.from('buildings').where('id', buildingId).first()
  if (!building) throw new FieldRefusalException('buildingId', 'catalog.unknownBuilding')
  if (building.archived_at !== null) {
    throw new FieldRefusalException('buildingId', 'catalog.archivedBuilding')
  }
}

async function numberTaken(
  trx: TransactionClientContract,
  buildingId: number,
  roomNumber: string,
  id?: number
) {
  const query = trx.from('rooms').where('building_id', buildingId).where('room_number', roomNumber)
  if (id !== undefined) query.whereNot('id', id)
  if (await query.first()) throw new FieldRefusalException('roomNumber', 'catalog.roomNumberTaken')
}

const roomNumberTaken = () => new FieldRefusalException('roomNumber', 'catalog.roomNumberTaken')

export function createRoom(admin: User, input: RoomInput): Promise<number> {
  return guarded(
    () =>
      db.transaction(async (trx) => {
        await checkBuilding(trx, input.buildingId)
        await numberTaken(trx, input.buildingId, input.roomNumber)
        const room = await Room.create(roomColumns(input), { client: trx })
        await setFeatures(trx, room.id, input.features)
        await auditWrite(trx, admin, 'room.created', { type: 'room', id: room.id }, input)
        return room.id
      }),
    roomNumberTaken()
  )
}

export function updateRoom(admin: User, id: number, change: RoomChange): Promise<number | null> {
  return guarded(
    () =>
      db.transaction(async (trx) => {
        const room = await lockedById(Room, trx, id).first()
        if (!room) return null
        if (change.buildingId !== undefined && change.buildingId !== room.buildingId) {
          await checkBuilding(trx, change.buildingId)
        }
        const buildingId = change.buildingId ?? room.buildingId
        const roomNumber = change.roomNumber ?? room.roomNumber
        await numberTaken(trx, buildingId, roomNumber, id)
        room.merge(withoutUndefined(roomColumns(change)))
        let action: AuditAction = 'room.updated'
        if (change.archived === true && !room.archivedAt) {
          await refuseRoomWithResident(trx, room)
          room.archivedAt = DateTime.utc()
          action = 'room.archived'
        } else if (change.archived === false && room.archivedAt) {
          await checkBuilding(trx, buildingId)
          room.archivedAt = null
          action = 'room.restored'
        }
        const features = { list: change.features, set: setFeatures }
        return saveAudited(trx, admin, room, { action, type: 'room', change }, features)
      }),
    roomNumberTaken()
  )
}

/** Whether anything of the records points at the room: then it is archived, never deleted. */
async function roomHasHistory(trx: TransactionClientContract, roomId: number) {
  for (const table of ['applications', 'payments', 'maintenance_requests']) {
    if (await trx.from(table).where('room_id', roomId).first()) return true
  }
  return false
}

/** DELETE of a room: deleted without history, archived with it. Null: unknown. */
export function removeRoom(admin: User, id: number): Promise<Removal> {
  return db.transaction(async (trx) => {
    const room = await lockedById(Room, trx, id).first()
    if (!room) return null
    const event = { actorId: admin.id, subjectType: 'room', subjectId: id }
    /* A room on show is neither archived nor deleted from under a resident. */
    if (!room.archivedAt) await refuseRoomWithResident(trx, room)
    if (!(await roomHasHistory(trx, id))) {
      await room.useTransaction(trx).delete()
      await audit(trx, {
        ...event,
        action: 'room.deleted',
        details: { roomNumber: room.roomNumber, buildingId: room.buildingId },
      })
      return { deleted: true as const }
    }
    if (!room.archivedAt) {
      room.archivedAt = DateTime.utc()
      await room.useTransaction(trx).save()
      await audit(trx, { ...event, action: 'room.archived' })
    }
    return { archived: true as const, archivedAt: room.archivedAt }
  })
}

/* ── Reviews ───────────────────────────────────────────────────────────────────────────── */

function reviewColumns(input: Partial<ReviewInput>) {
  return {
    rating: input.rating,
    commentEn: input.comment_en,
    commentAr: input.comment_ar,
    authorNameEn: input.fullName_en,
    authorNameAr: input.fullName_ar,
    authorTitleEn: input.title_en,
    authorTitleAr: input.title_ar,
    featured: input.featured,
  }
}

export function createReview(admin: User, input: ReviewInput): Promise<number> {
  return db.transaction(async (trx) => {
    const review = await Review.create(
      { ...reviewColumns(input), key: `review-${randomUUID()}` },
      { client: trx }
    )
    await auditWrite(trx, admin, 'review.created', { type: 'review', id: review.id }, input)
    return review.id
  })
}

export function updateReview(
  admin: User,
  id: number,
  change: ReviewChange
): Promise<number | null> {
  return db.transaction(async (trx) => {
    const review = await lockedById(Review, trx, id).first()
    if (!review) return null
    review.merge(withoutUndefined(reviewColumns(change)))
    return saveAudited(trx, admin, review, { action: 'review.updated', type: 'review', change })
  })
}

/** Reviews have no history of their own: deleted. False: unknown. */
export function removeReview(admin: User, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const review = await lockedById(Review, trx, id).first()
    if (!review) return false
    await review.useTransaction(trx).delete()
    await audit(trx, {
      actorId: admin.id,
      action: 'review.deleted',
      subjectType: 'review',
      subjectId: id,
      details: { author: review.authorNameEn },
    })
    return true
  })
}
