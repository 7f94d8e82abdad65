import vine from '@vinejs/vine'
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  MIN_MAINTENANCE_DESCRIPTION_LENGTH,
} from '@sakan/common'
import { MAX_ID } from '#validators/limits'

/* Messages: `maintenance.validation.*` of the API catalogue, through `formMessages(ctx, 'maintenance')`. */

/** A room or building picked from the form's select: a row id, at least 1. */
const selection = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/**
 * POST /api/maintenance-requests, as JSON or multipart with `photos`. An omitted priority is
 * `medium` before validation (see the controller); an empty one is refused. The photos'
 * content is checked afterwards (readUpload).
 */
export const createMaintenanceValidator = vine.create(
  vine.object({
    title: vine.string().trim().minLength(1).maxLength(120),
    description: vine.string().trim().minLength(MIN_MAINTENANCE_DESCRIPTION_LENGTH).maxLength(5000),
    category: vine.enum(MAINTENANCE_CATEGORIES),
    priority: vine.enum(MAINTENANCE_PRIORITIES),
    roomId: selection(),
    buildingId: selection(),
    photos: vine
      .array(vine.file({ size: MAINTENANCE_PHOTO_MAX_BYTES }))
      .maxLength(MAINTENANCE_MAX_PHOTOS)
      .optional(),
  })
)

/** PATCH /api/maintenance-requests/:id {status}. */
export const updateMaintenanceStatusValidator = vine.create(
  vine.object({ status: vine.enum(MAINTENANCE_STATUSES) })
)

/** A maintenance request's multipart body (server/uploads.ts): up to MAINTENANCE_MAX_PHOTOS photos. */
export const maintenancePhotosUpload = {
  field: 'photos',
  maxBytes: MAINTENANCE_PHOTO_MAX_BYTES,
  maxFiles: MAINTENANCE_MAX_PHOTOS,
  extraFileMessage: 'maintenance.tooManyPhotos',
}
