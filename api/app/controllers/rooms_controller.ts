import type { HttpContext } from '@adonisjs/core/http'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { ROOM_LIST_DEFAULT_LIMIT, TOTAL_COUNT_HEADER } from '@sakan/common'
import { roomPage, roomRead, roomTotal } from '#services/room_catalog'
import { pageOf } from '#services/paging'
import { sendJson } from '#server/list_response'
import { jsonArrayBytes } from '#services/sql_json'
import { listRoomsValidator, roomListInput } from '#validators/room'
import { sameAnswerAt } from '#middleware/public_cache_middleware'

/*
 * The catalogue's reads are the hot path: the database builds each room's JSON (see
 * services/room_catalog.ts and services/sql_json.ts) and the text goes out as it came.
 * `serializeRoom` (transformers/room_transformer.ts) remains the shape's reference and the
 * snapshot test (tests/functional/read_snapshots.spec.ts) holds the two together.
 */
export default class RoomsController {
  /** GET /api/rooms: the filtered, sorted, paged catalogue; the total in X-Total-Count. */
  async index(ctx: HttpContext) {
    const { _start, _end, ...filter } = await ctx.request.validateUsing(listRoomsValidator, {
      data: roomListInput(ctx.request.qs()),
    })
    const page = pageOf({ _start, _end }, ROOM_LIST_DEFAULT_LIMIT)
    /* One after the other: the total is one single-row read (a count only for a filter not
       seen at this version), and a transaction's client runs one query at a time anyway. */
    ctx.response.header(TOTAL_COUNT_HEADER, String(await roomTotal(filter)))
    const rows = await roomPage(filter, page, ctx.i18n.locale)
    sendJson(ctx.response, jsonArrayBytes(rows))
    if (rows[0]) sameAnswerAt(ctx, rows[0].version)
  }

  /**
   * GET /api/rooms/:id: the room with its building; unknown ids are 404s, an archived room
   * (kept for history) a 410.
   */
  async show(ctx: HttpContext) {
    const room = await roomRead(ctx.params.id, ctx.i18n.locale)
    if (room === null) throw new lucidErrors.E_ROW_NOT_FOUND()
    if (room === 'archived') {
      return ctx.response.gone({ message: ctx.i18n.t('errors.roomGone') })
    }
    sendJson(ctx.response, room.json)
    sameAnswerAt(ctx, room.version)
  }
}
