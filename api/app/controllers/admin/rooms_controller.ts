import type { HttpContext } from '@adonisjs/core/http'
import CatalogController from '#controllers/admin/catalog_controller'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Room from '#models/room'
import { whereArchived, whereContains } from '#services/admin_lists'
import { createRoom, removeRoom, updateRoom } from '#services/catalog_admin'
import { readUpload } from '#services/id_document'
import {
  addRoomPhotos,
  photoKeysOf,
  removeRoomPhoto,
  removeUnusedFiles,
  reorderRoomPhotos,
  sizePhoto,
} from '#services/room_photos'
import { withUpload } from '#server/uploads'
import { serializeAdminRoom } from '#transformers/room_transformer'
import {
  createRoomValidator,
  listRoomsAdminValidator,
  ROOM_SORTS,
  roomPhotoOrderValidator,
  roomPhotosValidator,
  updateRoomValidator,
  roomPhotosUpload,
} from '#validators/catalog'
import { formMessages } from '#validators/messages'
import { ROOM_PHOTO_TYPES } from '@sakan/common'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import { catalogWrite, removalAnswer } from '#server/catalog_writes'

/** The back office's rooms, archived ones included. */
export default class AdminRoomsController extends CatalogController<
  typeof Room,
  typeof createRoomValidator.schema,
  typeof updateRoomValidator.schema
> {
  /** GET /api/admin/rooms */
  async index(ctx: HttpContext) {
    return this.list(ctx, listRoomsAdminValidator, ROOM_SORTS, (query, input) => {
      if (input.buildingId) query.where('building_id', input.buildingId)
      if (input.availability !== undefined) query.where('availability', input.availability)
      whereArchived(query, input.archived)
      whereContains(query, input.q, ['room_number', 'description_en', 'description_ar'])
    })
  }

  /* GET /api/admin/rooms/:id, POST /api/rooms, PATCH /api/rooms/:id: CatalogController's. */
  protected model = Room
  protected serialize = serializeAdminRoom
  protected createValidator = createRoomValidator
  protected updateValidator = updateRoomValidator
  protected create = createRoom
  protected change = updateRoom

  /** Its photos, its features, and its building with the building's amenities. */
  protected withDetails(query: ModelQueryBuilderContract<typeof Room>) {
    return query
      .preload('photos')
      .preload('featureRows')
      .preload('building', (building) => building.preload('amenityRows'))
  }

  protected authorize(ctx: HttpContext, ability: 'create' | 'update') {
    return ctx.bouncer.with('RoomPolicy').authorize(ability)
  }

  /** DELETE /api/rooms/:id: deleted without history (204), archived with it (200). */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('RoomPolicy').authorize('delete')
    const keys = await photoKeysOf(Number(ctx.params.id))
    const removal = await removeRoom(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    /* Its photos went with it (cascade); their files follow. */
    return removalAnswer(ctx, removal, () => removeUnusedFiles(keys))
  }

  /**
   * POST /api/rooms/:id/photos, multipart with up to 6 `photos`: each checked by its bytes,
   * re-encoded upright, resized into the catalogue's widths and added after the last photo.
   * All or nothing; temporary files go however the request ends (withUpload).
   */
  async addPhotos(ctx: HttpContext) {
    return withUpload(ctx, roomPhotosUpload, async () => {
      const input = await ctx.request.validateUsing(roomPhotosValidator, {
        data: { photos: ctx.request.files('photos') },
        messagesProvider: formMessages(ctx, 'catalog'),
      })
      await ctx.bouncer.with('RoomPolicy').authorize('managePhotos')
      const roomId = Number(ctx.params.id)
      if (!(await Room.find(roomId))) {
        return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
      }
      const sized = []
      for (const file of input.photos) {
        const checked = await readUpload(file, ROOM_PHOTO_TYPES, 'rooms')
        if (!checked) throw new FieldRefusalException('photos', 'catalog.photoType')
        sized.push(await sizePhoto(roomId, checked.contents))
      }
      const id = await addRoomPhotos(ctx.auth.getUserOrFail(), roomId, sized)
      ctx.response.status(201)
      return this.answer(ctx, id)
    })
  }

  /** PATCH /api/rooms/:id/photos {order}: the photos in a new order. */
  async reorderPhotos(ctx: HttpContext) {
    const id = await catalogWrite(
      ctx,
      roomPhotoOrderValidator,
      () => ctx.bouncer.with('RoomPolicy').authorize('managePhotos'),
      (admin, { order }) => reorderRoomPhotos(admin, Number(ctx.params.id), order)
    )
    return this.answer(ctx, id)
  }

  /** DELETE /api/rooms/:id/photos/:photoId: one photo less; the others close the gap. */
  async removePhoto(ctx: HttpContext) {
    await ctx.bouncer.with('RoomPolicy').authorize('managePhotos')
    const outcome = await removeRoomPhoto(
      ctx.auth.getUserOrFail(),
      Number(ctx.params.id),
      Number(ctx.params.photoId)
    )
    if (outcome === false) {
      return ctx.response.notFound({ message: ctx.i18n.t('catalog.unknownPhoto') })
    }
    return this.answer(ctx, outcome)
  }
}
