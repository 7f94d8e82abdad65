import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { Exception } from '@adonisjs/core/exceptions'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import {
  FINAL_MAINTENANCE_STATUSES,
  type MaintenanceCategory,
  type MaintenancePhotoType,
  type MaintenancePriority,
  type MaintenanceStatus,
} from '@sakan/common'
import Application from '#models/application'
import MaintenanceRequest from '#models/maintenance_request'
import MaintenancePhoto from '#models/maintenance_photo'
import MaintenanceStatusChange from '#models/maintenance_status_change'
import type User from '#models/user'
import { audit } from '#services/audit'
import { sqlTimestamp } from '#services/sql_time'
import type { CheckedUpload } from '#services/id_document'
import { lockedById } from '#services/sql_locks'
import { notify, roomFacts } from '#services/notifications'
import { conflict } from '#exceptions/refusals'

/** Everything a request's answer shows: tenant, room, building, photos in order, history oldest first. */
export function withMaintenanceDetails(
  query: ModelQueryBuilderContract<typeof MaintenanceRequest>
) {
  return query
    .preload('user')
    .preload('room')
    .preload('building')
    .preload('photos', (photos) => photos.orderBy('position', 'asc'))
    .preload('history', (history) =>
      history.preload('changer').orderBy('created_at', 'asc').orderBy('id', 'asc')
    )
}

/** Where photos are kept: the private documents disk, under `maintenance/`. */
export const PHOTO_FOLDER = 'maintenance'
const photoDisk = () => drive.use('documents')

export interface NewMaintenanceRequest {
  title: string
  description: string
  category: MaintenanceCategory
  priority: MaintenancePriority
  roomId: number
  buildingId: number
  /** Already checked and re-encoded (readUpload), in upload order. */
  photos: CheckedUpload<MaintenancePhotoType>[]
}

/**
 * The room the tenant may file about: hers by an approved application (403 otherwise),
 * in the building she named (422 otherwise, as a field error).
 */
export async function assertFilingAllowed(tenant: User, roomId: number, buildingId: number) {
  const approved = await Application.query()
    .where('user_id', tenant.id)
    .where('room_id', roomId)
    .where('status', 'approved')
    .preload('room')
    .first()
  if (!approved) {
    throw new Exception('maintenance.noApprovedRoom', { status: 403, code: 'E_NO_APPROVED_ROOM' })
  }
  return approved.room.buildingId === buildingId
}

/**
 * Files a pending request with its creation in the history and its photos. Either all of it
 * exists or nothing does: the rows go in one transaction, and a failure removes every photo
 * already stored.
 */
export async function fileMaintenanceRequest(tenant: User, input: NewMaintenanceRequest) {
  const stored: string[] = []
  try {
    return await db.transaction(async (trx) => {
      const request = await MaintenanceRequest.create(
        {
          userId: tenant.id,
          roomId: input.roomId,
          buildingId: input.buildingId,
          title: input.title,
          description: input.description,
          category: input.category,
          priority: input.priority,
          status: 'pending',
        },
        { client: trx }
      )
      await MaintenanceStatusChange.create(
        {
          maintenanceRequestId: request.id,
          fromStatus: null,
          toStatus: 'pending',
          changedBy: tenant.id,
          createdAt: request.createdAt,
        },
        { client: trx }
      )
      for (const [index, photo] of input.photos.entries()) {
        await photoDisk().put(photo.key, photo.contents, { contentType: photo.type })
        stored.push(photo.key)
        await MaintenancePhoto.create(
          {
            maintenanceRequestId: request.id,
            position: index + 1,
            key: photo.key,
            contentType: photo.type,
          },
          { client: trx }
        )
      }
      await notify(trx, [
        {
          userId: tenant.id,
          kind: 'maintenance_received',
          data: {
            maintenanceRequestId: request.id,
            ...(await roomFacts(trx, input.roomId)),
            title: input.title,
          },
          link: '/maintenance',
        },
      ])
      return request
    })
  } catch (error) {
    await Promise.all(stored.map((key) => removePhoto(key)))
    throw error
  }
}

/** Deletes a stored photo; a failure is logged, not thrown (the row is gone already). */
export async function removePhoto(key: string) {
  try {
    await photoDisk().delete(key)
  } catch (error) {
    logger.error({ err: error, key }, 'could not delete a maintenance photo')
  }
}

/**
 * The administrator moves a request to `status` while it is neither completed nor cancelled
 * (409 after). The UPDATE itself checks the status it read, so of two concurrent changes to
 * one request only one is applied, and a finished request never moves. Each change writes a
 * history row, an audit event (who, from, to, when) and the tenant's notice in the same
 * transaction; setting the
 * status it already has changes nothing.
 */
export async function changeMaintenanceStatus(admin: User, id: number, status: MaintenanceStatus) {
  await db.transaction(async (trx) => {
    const request = await lockedById(MaintenanceRequest, trx, id).firstOrFail()
    const from = request.status
    if (FINAL_MAINTENANCE_STATUSES.includes(from)) throw conflict('maintenance.finished')
    if (from === status) return

    const moved = await trx
      .from('maintenance_requests')
      .where('id', id)
      .where('status', from)
      .whereNotIn('status', [...FINAL_MAINTENANCE_STATUSES])
      .update({ status, updated_at: sqlTimestamp() })
    if (Number(Array.isArray(moved) ? moved[0] : moved) === 0) {
      throw conflict('maintenance.changedMeanwhile')
    }
    await MaintenanceStatusChange.create(
      { maintenanceRequestId: id, fromStatus: from, toStatus: status, changedBy: admin.id },
      { client: trx }
    )
    await notify(trx, [
      {
        userId: request.userId,
        kind: 'maintenance_status_changed',
        data: {
          maintenanceRequestId: id,
          ...(await roomFacts(trx, request.roomId)),
          title: request.title,
          from,
          to: status,
        },
        link: '/maintenance',
      },
    ])
    await audit(trx, {
      actorId: admin.id,
      action: 'maintenance.status_changed',
      subjectType: 'maintenance_request',
      subjectId: id,
      details: { from, to: status },
    })
  })
}

/** The `position`-th photo (1-based) of a request the user may see, or null. */
export async function visiblePhoto(user: User, requestId: number, position: number) {
  const request = await MaintenanceRequest.query()
    .withScopes((scopes) => scopes.visibleTo(user))
    .where('id', requestId)
    .first()
  if (!request) return null
  return MaintenancePhoto.query()
    .where('maintenance_request_id', request.id)
    .where('position', position)
    .first()
}
