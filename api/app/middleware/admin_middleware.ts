import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isAdmin } from '#abilities/main'

/**
 * A route for the administrator (start/routes.ts, `adminOnly()`), after `auth`: a signed-in
 * user who is not the administrator is refused (403) before the action.
 */
export default class AdminMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.bouncer.authorize(isAdmin)
    return next()
  }
}
