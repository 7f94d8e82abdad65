import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Conservative security headers on every API response. */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const response = ctx.response
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    response.header('X-Frame-Options', 'DENY')
    response.header('Cross-Origin-Resource-Policy', 'same-origin')
    if (ctx.request.url().startsWith('/api/')) response.header('Cache-Control', 'no-store')
    return next()
  }
}
