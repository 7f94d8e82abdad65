import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import {
  SHIELD_HEADERS,
  securityConfig,
  securityHeaders,
  type SecurityConfig,
} from '#services/security_headers'

let config: SecurityConfig | undefined

/**
 * The API's security headers (the one policy of services/security_headers.ts) that
 * @adonisjs/shield does not set, on every response.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    config ??= securityConfig()
    const response = ctx.response
    for (const [name, value] of Object.entries(securityHeaders('api', config))) {
      if (!SHIELD_HEADERS.includes(name)) response.header(name, value)
    }
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
