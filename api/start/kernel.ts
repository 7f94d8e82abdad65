import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/*
 * Every request, matched by a route or not: the caller's language first (an error's message,
 * a 404's too, is in it), then the security headers, JSON only and the log line.
 */
server.use([
  () => import('#middleware/detect_user_locale_middleware'),
  () => import('#middleware/request_middleware'),
])

/*
 * Every route: the body parser (the methods of config/bodyparser.ts only), the session (none
 * for an anonymous read: session_middleware.ts), the authenticator (`ctx.auth`) and Bouncer
 * (`ctx.bouncer`).
 */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/session_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
])

/*
 * The routes' own (start/routes.ts). Each route says who may call it: `silentAuth` anyone,
 * `auth` a signed-in user, `auth` then `admin` the administrator.
 */
export const middleware = router.named({
  silentAuth: () => import('#middleware/silent_auth_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  admin: () => import('#middleware/admin_middleware'),
  publicCache: () => import('#middleware/public_cache_middleware'),
})
