import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import { isAdmin } from '#abilities/main'
import { auditAuth } from '#services/audit'
import { endAllSessions, sessionProblem } from '#services/sessions'
import { endSession, signedInAt } from '#server/session_cookie'
import { rememberLocale } from '#services/preferences'
import { bringsSessionCookie, withSession } from '#server/request_session'
import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'

/* Made once: it holds nothing of a request. */
let bodyParser: Promise<BodyParserMiddleware> | undefined

/** Who may call a route: anyone, any signed-in user, or the administrator. */
export type AccessLevel = 'public' | 'signedIn' | 'admin'

/**
 * Every route declares its access level through this middleware (start/routes.ts); a test
 * fails for any route that does not. It is the one middleware every route has, so it also
 * sets up what a route's request needs, and only that (issue 28):
 * - a call that may carry a body (not GET or HEAD) has it parsed first (the body parser's
 *   limits and types, config/bodyparser.ts);
 * - an anonymous read (a public route called with GET or HEAD and no session cookie) touches
 *   no session, no authenticator and no Bouncer, and goes straight on;
 * - any other call runs with its session (server/request_session.ts). A session past its
 *   seven days or whose Firebase account was disabled or signed out everywhere is ended on
 *   the server first; the user (and her role) is read from the database on every request,
 *   and the language the call names (`X-Locale`) is kept as hers when it changed.
 */
export default class AccessMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { level: AccessLevel }) {
    const method = ctx.request.method()
    if (method !== 'GET' && method !== 'HEAD') {
      bodyParser ??= app.container.make(BodyParserMiddleware)
      return (await bodyParser).handle(ctx, () => this.#withSession(ctx, next, options.level))
    }
    if (options.level === 'public' && !bringsSessionCookie(ctx)) return next()
    return this.#withSession(ctx, next, options.level)
  }

  #withSession(ctx: HttpContext, next: NextFn, level: AccessLevel) {
    return withSession(ctx, () => this.#authorize(ctx, next, level))
  }

  async #authorize(ctx: HttpContext, next: NextFn, level: AccessLevel) {
    /*
     * Without a session cookie nobody can be signed in: asking the guard would only make it
     * throw (and catch) E_UNAUTHORIZED_ACCESS, the largest cost of an anonymous read.
     */
    if (!ctx.session.fresh) await ctx.auth.check()
    const user = ctx.auth.user
    if (user) {
      const problem = await sessionProblem(user, signedInAt(ctx))
      if (problem) {
        /* A disabled or deleted account loses every session at once, not one per device. */
        if (problem === 'disabled' || problem === 'deleted') await endAllSessions(user.id)
        await endSession(ctx)
        await auditAuth({ action: 'auth.session_ended', userId: user.id, reason: problem })
      } else {
        /* Her messages follow the language she uses (issue 27). */
        await rememberLocale(user, ctx.request.header('x-locale'))
      }
    }
    if (level === 'public') return next()

    if (!ctx.auth.user) {
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
        guardDriverName: 'session',
      })
    }
    if (level === 'admin') await ctx.bouncer.authorize(isAdmin)
    return next()
  }
}
