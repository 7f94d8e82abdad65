import type { HttpContext } from '@adonisjs/core/http'
import { MAX_PAGE_ROWS, type PageRange } from '@sakan/common'

/**
 * Sends JSON text the database built, unparsed (the hot reads of issue 12), with the type
 * `response.json()` would have given it.
 */
export function sendJson(ctx: HttpContext, body: string) {
  ctx.response.header('content-type', 'application/json; charset=utf-8')
  ctx.response.send(body)
}

/** Offset and row count of a validated range: at most MAX_PAGE_ROWS rows, `defaultSize` without `_end`. */
export function pageOf({ _start, _end }: PageRange, defaultSize = MAX_PAGE_ROWS) {
  const start = _start ?? 0
  const end = Math.min(_end ?? start + defaultSize, start + MAX_PAGE_ROWS)
  return { start, limit: Math.max(0, end - start) }
}
