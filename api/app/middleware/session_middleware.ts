import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { bringsSessionCookie, withSession } from '#server/request_session'

/**
 * The request's session (`ctx.session`), on every route (start/kernel.ts): @adonisjs/session's
 * middleware as server/request_session.ts runs it, except for an anonymous read. A GET or
 * HEAD that brings no session cookie can have nobody signed in, so it touches no session at
 * all: no store is asked, no cookie is sent, and a public answer stays cacheable. A route
 * that needs someone then refuses it (auth_middleware.ts).
 */
export default class SessionMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const method = ctx.request.method()
    if ((method === 'GET' || method === 'HEAD') && !bringsSessionCookie(ctx)) return next()
    return withSession(ctx, next)
  }
}
