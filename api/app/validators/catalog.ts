import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import {
  BUILDING_AMENITIES,
  ROOM_FEATURES,
  ROOM_MAX_PHOTOS,
  ROOM_PHOTO_MAX_BYTES,
  ROOM_PHOTOS_PER_UPLOAD,
  ZONES,
} from '@sakan/common'
import { listQueryFields, type SortColumns } from '#validators/list_query'
import { MAX_ID } from '#validators/limits'

/*
 * The back office's catalogue writes: POST creates with every field, PATCH
 * changes any of them. Messages: `catalog.validation.*` of the API catalogue first
 * (formMessages(ctx, 'catalog')), then the shared ones, in the caller's language.
 */

/** The highest monthly rent the back office takes, in SAR. */
export const MAX_RENT_SAR = 100_000
export const MAX_ROOM_SIZE_M2 = 500
export const MAX_DESCRIPTION_LENGTH = 4000

/** `schema`, or `schema.optional()` for a PATCH (typed as the POST's field: the caller reads it as Partial). */
type Optionable = { optional(): unknown }
const field =
  (partial: boolean) =>
  <Schema extends Optionable>(schema: Schema): Schema =>
    (partial ? schema.optional() : schema) as Schema

const text = (max: number) => vine.string().trim().minLength(1).maxLength(max)
const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable()

function buildingFields(partial: boolean) {
  const f = field(partial)
  return {
    name_en: f(text(160)),
    name_ar: f(text(160)),
    address_en: f(text(300)),
    address_ar: f(text(300)),
    zone: f(vine.enum(ZONES)),
    amenities: f(vine.array(vine.enum(BUILDING_AMENITIES)).distinct()),
    latitude: f(vine.number().min(-90).max(90)),
    longitude: f(vine.number().min(-180).max(180)),
    isFullyManaged: f(vine.boolean()),
  }
}

function roomFields(partial: boolean) {
  const f = field(partial)
  return {
    buildingId: f(vine.number().withoutDecimals().min(1).max(MAX_ID)),
    roomNumber: f(
      vine
        .string()
        .trim()
        .minLength(1)
        .maxLength(20)
        .regex(/^[A-Za-z0-9-]+$/)
    ),
    price: f(vine.number().decimal([0, 2]).min(1).max(MAX_RENT_SAR)),
    size: f(vine.number().decimal([0, 1]).min(1).max(MAX_ROOM_SIZE_M2)),
    type_en: f(optionalText(60)),
    type_ar: f(optionalText(60)),
    features: f(vine.array(vine.enum(ROOM_FEATURES)).distinct()),
    description_en: f(text(MAX_DESCRIPTION_LENGTH)),
    description_ar: f(text(MAX_DESCRIPTION_LENGTH)),
    availability: f(vine.boolean()),
    occupancyRate: f(vine.number().withoutDecimals().min(0).max(100)),
  }
}

function reviewFields(partial: boolean) {
  const f = field(partial)
  return {
    rating: f(vine.number().withoutDecimals().min(1).max(5)),
    comment_en: f(text(2000)),
    comment_ar: f(text(2000)),
    fullName_en: f(text(120)),
    fullName_ar: f(text(120)),
    title_en: f(optionalText(160)),
    title_ar: f(optionalText(160)),
    featured: f(vine.boolean()),
  }
}

const archived = { archived: vine.boolean().optional() }

export const createBuildingValidator = vine.create(vine.object(buildingFields(false)))
export const updateBuildingValidator = vine.create(
  vine.object({ ...buildingFields(true), ...archived })
)
export const createRoomValidator = vine.create(vine.object(roomFields(false)))
export const updateRoomValidator = vine.create(vine.object({ ...roomFields(true), ...archived }))
export const createReviewValidator = vine.create(vine.object(reviewFields(false)))
export const updateReviewValidator = vine.create(vine.object(reviewFields(true)))

export type BuildingInput = Infer<typeof createBuildingValidator>
export type BuildingChange = Partial<BuildingInput> & { archived?: boolean }
export type RoomInput = Infer<typeof createRoomValidator>
export type RoomChange = Partial<RoomInput> & { archived?: boolean }
export type ReviewInput = Infer<typeof createReviewValidator>
export type ReviewChange = Partial<ReviewInput>

/* ── Admin reads ─────────────────────────────────────────────────────────────────────── */

export const BUILDING_SORTS: SortColumns = {
  id: 'id',
  name_en: 'name_en',
  name_ar: 'name_ar',
  zone: 'zone',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
}
export const ROOM_SORTS: SortColumns = {
  id: 'id',
  roomNumber: 'room_number',
  price: 'price_halalas',
  size: 'size_m2',
  occupancyRate: 'occupancy_rate',
  availability: 'availability',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
}
export const REVIEW_SORTS: SortColumns = { id: 'id', rating: 'rating', createdAt: 'created_at' }

const flag = () => vine.boolean().optional()

export const listBuildingsValidator = vine.create(
  vine.object({
    ...listQueryFields(BUILDING_SORTS),
    zone: vine.enum(ZONES).optional(),
    isFullyManaged: flag(),
    archived: flag(),
  })
)
export const listRoomsAdminValidator = vine.create(
  vine.object({
    ...listQueryFields(ROOM_SORTS),
    buildingId: vine.number().withoutDecimals().min(1).max(MAX_ID).optional(),
    availability: flag(),
    archived: flag(),
  })
)
export const listReviewsAdminValidator = vine.create(
  vine.object({
    ...listQueryFields(REVIEW_SORTS),
    featured: flag(),
    rating: vine.number().withoutDecimals().min(1).max(5).optional(),
  })
)

/** POST /api/rooms/:id/photos (multipart `photos`): their content is checked afterwards (readUpload). */
export const roomPhotosValidator = vine.create(
  vine.object({
    photos: vine
      .array(vine.file({ size: ROOM_PHOTO_MAX_BYTES }))
      .minLength(1)
      .maxLength(ROOM_PHOTOS_PER_UPLOAD),
  })
)

/** PATCH /api/rooms/:id/photos {order}: every photo id of the room, once (checked in the service). */
export const roomPhotoOrderValidator = vine.create(
  vine.object({
    order: vine
      .array(vine.number().withoutDecimals().min(1).max(MAX_ID))
      .minLength(1)
      .maxLength(ROOM_MAX_PHOTOS),
  })
)

/** POST /api/reviews/:id/avatar (multipart `avatar`): its content is checked afterwards (readUpload). */
export const reviewAvatarValidator = vine.create(
  vine.object({ avatar: vine.file({ size: ROOM_PHOTO_MAX_BYTES }) })
)

/** A review avatar's multipart body (server/uploads.ts): one image. */
export const reviewAvatarUpload = {
  field: 'avatar',
  maxBytes: ROOM_PHOTO_MAX_BYTES,
  extraFileMessage: 'catalog.oneAvatar',
}

/** A room photo upload's multipart body (server/uploads.ts): up to ROOM_PHOTOS_PER_UPLOAD images. */
export const roomPhotosUpload = {
  field: 'photos',
  maxBytes: ROOM_PHOTO_MAX_BYTES,
  maxFiles: ROOM_PHOTOS_PER_UPLOAD,
  extraFileMessage: 'catalog.tooManyPhotos',
}
