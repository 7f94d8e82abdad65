import type { HttpContext } from '@adonisjs/core/http'

type Response = HttpContext['response']
import { TOTAL_COUNT_HEADER } from '@sakan/common'
import type { ListPage } from '#services/paging'

/**
 * Sends JSON text the database built, unparsed (a hot read skips parsing and re-serialising),
 * with the type `response.json()` would have given it: as text, or as its UTF-8 bytes.
 */
export function sendJson(response: Response, body: string | Buffer) {
  response.header('content-type', 'application/json; charset=utf-8')
  response.send(body)
}

/** Puts a page's total in X-Total-Count and answers its rows, for the action to send. */
export function withTotal<Rows>(response: Response, page: ListPage<Rows>): Rows {
  response.header(TOTAL_COUNT_HEADER, String(page.total))
  return page.rows
}
