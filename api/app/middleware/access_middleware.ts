import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import { isAdmin } from '#abilities/main'

/** Who may call a route: anyone, any signed-in user, or the administrator. */
export type AccessLevel = 'public' | 'signedIn' | 'admin'

/** A session lasts this long after sign-in, whatever the cookie says. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
export const SESSION_EXPIRES_KEY = 'sakan_expires_at'

/**
 * Every route declares its access level through this middleware (start/routes.ts); a test
 * fails for any route that does not. Signed-in routes also refuse an expired session.
 */
export default class AccessMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { level: AccessLevel }) {
    if (options.level === 'public') {
      await ctx.auth.check()
      return next()
    }

    await ctx.auth.check()
    const expiresAt = Number(ctx.session.get(SESSION_EXPIRES_KEY) ?? 0)
    if (!ctx.auth.user || expiresAt < Date.now()) {
      if (ctx.auth.user) await ctx.auth.use('web').logout()
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
        guardDriverName: 'session',
      })
    }
    if (options.level === 'admin') await ctx.bouncer.authorize(isAdmin)
    return next()
  }
}
