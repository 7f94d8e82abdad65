import type { HttpContext } from '@adonisjs/core/http'
import { ROOM_LIST_DEFAULT_LIMIT } from '@sakan/common'
import Room from '#models/room'
import { sortedRooms, withDetails } from '#services/room_catalog'
import { paginate } from '#services/paging'
import { listRoomsValidator, roomListInput } from '#validators/room'
import { serializeRoom } from '#transformers/room_transformer'

export default class RoomsController {
  /** GET /api/rooms: the filtered, sorted, paged catalogue; the total in X-Total-Count. */
  async index(ctx: HttpContext) {
    const { _start, _end, ...filter } = await ctx.request.validateUsing(listRoomsValidator, {
      data: roomListInput(ctx.request.qs()),
    })
    const rooms = await paginate(
      ctx,
      sortedRooms(filter),
      { _start, _end },
      ROOM_LIST_DEFAULT_LIMIT
    )
    return rooms.map((room) => serializeRoom(room, ctx.i18n.locale))
  }

  /** GET /api/rooms/:id: the room with its building; unknown ids are 404s. */
  async show(ctx: HttpContext) {
    const room = await withDetails(Room.query().where('id', ctx.params.id)).firstOrFail()
    return serializeRoom(room, ctx.i18n.locale)
  }
}
