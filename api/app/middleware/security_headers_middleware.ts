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
    if (ctx.request.url().startsWith('/api/')) response.header('Cache-Control', 'no-store')
    return next()
  }
}
