import app from '@adonisjs/core/services/app'
import server from '@adonisjs/core/services/server'
import { HttpContext } from '@adonisjs/core/http'
import { namedMiddleware } from '#server/direct_calls'
/* `ctx.i18n`, `ctx.auth` and `ctx.bouncer`: made when a request first reads them. */
import '#server/request_locale'
import '#server/request_auth'

server.errorHandler(() => import('#exceptions/handler'))

/*
 * Every request's context shares the application's logger: AdonisJS would make a child logger
 * per request to carry its id, which the request's log line carries itself
 * (middleware/request_middleware.ts) and an error's report adds (exceptions/handler.ts).
 */
const logger = await app.container.make('logger')
server.createHttpContext = (request, response, resolver) =>
  new HttpContext(request, response, logger, resolver)

/*
 * Runs for every request, matched by a route or not: one middleware (issue 28). What only
 * some routes need — the body parser, the session, the authenticator, Bouncer — is set up by
 * each route's access middleware, and only when that request needs it.
 */
server.use([() => import('#middleware/request_middleware')])

/*
 * The global middleware keeps no state of its own: one instance for the process, handed out
 * by the container, rather than one constructed (its dependencies looked up, its hooks run)
 * for every request (issue 28).
 */
const { default: RequestMiddleware } = await import('#middleware/request_middleware')
app.container.bindValue(RequestMiddleware, new RequestMiddleware())

/*
 * The routes' middleware, named as `router.named` would name them, each called on one
 * instance rather than resolved through the container per request (server/direct_calls.ts).
 */
const { default: AccessMiddleware } = await import('#middleware/access_middleware')
const { default: PublicCacheMiddleware } = await import('#middleware/public_cache_middleware')

export const middleware = {
  access: namedMiddleware('access', AccessMiddleware),
  publicCache: namedMiddleware('publicCache', PublicCacheMiddleware),
}
