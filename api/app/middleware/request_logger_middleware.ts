import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * One line per request: method, path without its query, status and duration. No query
 * strings, bodies, cookies, addresses or user identifiers: nothing personal is logged.
 */
export default class RequestLoggerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    try {
      await next()
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      ctx.logger.info(
        {
          method: ctx.request.method(),
          path: ctx.request.url(false),
          status: ctx.response.getStatus(),
          ms: Math.round(ms * 10) / 10,
        },
        'request'
      )
    }
  }
}
