import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/* Runs for every request, matched by a route or not. */
server.use([
  () => import('#middleware/detect_user_locale_middleware'),
  () => import('#middleware/request_logger_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/force_json_response_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/same_origin_middleware'),
])

/* Runs for requests that match a route. */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/session_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
])

export const middleware = router.named({
  access: () => import('#middleware/access_middleware'),
  publicCache: () => import('#middleware/public_cache_middleware'),
})
