import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import { checkSessionUser } from '#server/session_cookie'

/**
 * A route for signed-in users (start/routes.ts, `signedIn()`): the request's session must name
 * one, whose session passes the checks of every route (server/session_cookie.ts,
 * `checkSessionUser`); anyone else is refused (401) before the action.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await checkSessionUser(ctx)
    if (!ctx.auth.user) {
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
        guardDriverName: 'session',
      })
    }
    return next()
  }
}
