import type { HttpContext } from '@adonisjs/core/http'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Room from '#models/room'
import { refusingFields } from '#controllers/admin/buildings_controller'
import { sendModelPage, whereContains } from '#services/admin_lists'
import { createRoom, removeRoom, updateRoom } from '#services/catalog_admin'
import { serializeAdminRoom } from '#transformers/room_transformer'
import {
  createRoomValidator,
  listRoomsAdminValidator,
  ROOM_SORTS,
  updateRoomValidator,
} from '#validators/catalog'
import { formMessages } from '#validators/messages'

const withDetails = (query: ModelQueryBuilderContract<typeof Room>) =>
  query
    .preload('photos')
    .preload('featureRows')
    .preload('building', (building) => building.preload('amenityRows'))

/** The back office's rooms (issue 13), archived ones included. */
export default class AdminRoomsController {
  /** GET /api/admin/rooms */
  async index(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(listRoomsAdminValidator, {
      data: ctx.request.qs(),
    })
    return sendModelPage(
      ctx,
      Room,
      input,
      ROOM_SORTS,
      (query) => {
        if (input.buildingId) query.where('building_id', input.buildingId)
        if (input.availability !== undefined) query.where('availability', input.availability)
        if (input.archived !== undefined) {
          if (input.archived) query.whereNotNull('archived_at')
          else query.whereNull('archived_at')
        }
        whereContains(query, input.q, ['room_number', 'description_en', 'description_ar'])
      },
      (room) => serializeAdminRoom(room, ctx.i18n.locale),
      (query) => withDetails(query)
    )
  }

  /** GET /api/admin/rooms/:id */
  async show(ctx: HttpContext) {
    return this.#answer(ctx, Number(ctx.params.id))
  }

  /** POST /api/rooms */
  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createRoomValidator, {
      messagesProvider: formMessages(ctx, 'catalog'),
    })
    const id = await refusingFields(ctx, () => createRoom(ctx.auth.getUserOrFail(), input))
    ctx.response.status(201)
    return this.#answer(ctx, id)
  }

  /** PATCH /api/rooms/:id */
  async update(ctx: HttpContext) {
    const change = await ctx.request.validateUsing(updateRoomValidator, {
      messagesProvider: formMessages(ctx, 'catalog'),
    })
    const id = await refusingFields(ctx, () =>
      updateRoom(ctx.auth.getUserOrFail(), Number(ctx.params.id), change)
    )
    return this.#answer(ctx, id)
  }

  /** DELETE /api/rooms/:id: deleted without history (204), archived with it (200). */
  async destroy(ctx: HttpContext) {
    const removal = await removeRoom(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    if (removal === null) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    if ('deleted' in removal) return ctx.response.noContent()
    return { archived: true, archivedAt: removal.archivedAt.toUTC().toISO() }
  }

  async #answer(ctx: HttpContext, id: number | null) {
    const room = id === null ? null : await withDetails(Room.query().where('id', id)).first()
    if (!room) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return serializeAdminRoom(room, ctx.i18n.locale)
  }
}
