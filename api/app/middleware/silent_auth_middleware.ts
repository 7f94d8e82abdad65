import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { checkSessionUser } from '#server/session_cookie'

/**
 * A public route's (start/routes.ts, `open()`): anyone may call it. Whoever the request's
 * session names is known to the action, her session checked as on every route
 * (server/session_cookie.ts, `checkSessionUser`), but nobody is required.
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await checkSessionUser(ctx)
    return next()
  }
}
