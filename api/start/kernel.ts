import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import { HttpContext } from '@adonisjs/core/http'
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
 * The middleware and the controllers of the public reads keep no state of their own: one
 * instance each for the process, handed out by the container, rather than one constructed
 * (its dependencies looked up, its hooks run) for every request (issue 28).
 */
const stateless = await Promise.all([
  import('#middleware/request_middleware'),
  import('#middleware/access_middleware'),
  import('#middleware/public_cache_middleware'),
  import('#controllers/health_controller'),
  import('#controllers/rooms_controller'),
])
for (const { default: Stateless } of stateless) app.container.bindValue(Stateless, new Stateless())

export const middleware = router.named({
  access: () => import('#middleware/access_middleware'),
  publicCache: () => import('#middleware/public_cache_middleware'),
})
