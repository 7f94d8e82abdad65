import type { HttpContext } from '@adonisjs/core/http'
import { ROOM_LIST_DEFAULT_LIMIT } from '@sakan/common'
import Room from '#models/room'
import { listRooms, withDetails } from '#services/room_catalog'
import { requestLocale } from '#services/i18n'
import { validationMessages } from '#validators/messages'
import { MAX_PAGE_SIZE, listRoomsValidator, roomListInput } from '#validators/room'
import { serializeRoom } from '#transformers/room_transformer'

export default class RoomsController {
  /** GET /api/rooms: the filtered, sorted, paged catalogue; the total in X-Total-Count. */
  async index(ctx: HttpContext) {
    const locale = requestLocale(ctx)
    const { _start, _end, ...filter } = await listRoomsValidator.validate(
      roomListInput(ctx.request.qs()),
      { messagesProvider: validationMessages(locale) }
    )
    const start = _start ?? 0
    const end = Math.min(_end ?? start + ROOM_LIST_DEFAULT_LIMIT, start + MAX_PAGE_SIZE)
    const { rooms, total } = await listRooms(filter, { start, end })
    ctx.response.header('X-Total-Count', String(total))
    return rooms.map((room) => serializeRoom(room, locale))
  }

  /** GET /api/rooms/:id: the room with its building; unknown ids are 404s. */
  async show(ctx: HttpContext) {
    const room = await withDetails(Room.query().where('id', ctx.params.id)).firstOrFail()
    return serializeRoom(room, requestLocale(ctx))
  }
}
