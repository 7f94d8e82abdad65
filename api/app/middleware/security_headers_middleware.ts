import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SHIELD_HEADERS, securityConfig, securityHeaders } from '#server/security_headers'

/* The same for every response: built once, on the first. */
let headers: Array<[string, string]> | undefined

/**
 * The API's security headers (the one policy of server/security_headers.ts) that
 * @adonisjs/shield does not set, on every response.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    headers ??= Object.entries(securityHeaders('api', securityConfig())).filter(
      ([name]) => !SHIELD_HEADERS.includes(name)
    )
    const response = ctx.response
    for (const [name, value] of headers) response.header(name, value)
    if (!ctx.request.url().startsWith('/api/')) return next()

    /* Nothing of the API is stored unless a route says so (public_cache_middleware.ts)… */
    response.header('Cache-Control', 'no-store')
    await next()
    /* …and never an error, even one raised after that route's middleware had run. */
    const status = response.getStatus()
    if (status !== 200 && status !== 304) {
      response.header('Cache-Control', 'no-store')
      response.removeHeader('ETag')
    }
  }
}
