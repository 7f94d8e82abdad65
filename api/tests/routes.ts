/* The routes the router holds, each method on its own, with the access level it declares. */
import router from '@adonisjs/core/services/router'

/** Who may call a route: anyone, any signed-in user, or the administrator. */
export type AccessLevel = 'public' | 'signedIn' | 'admin'

/**
 * The level a route's named middleware give it, in their order (start/routes.ts): `silentAuth`
 * anyone, `auth` a signed-in user, `auth` then `admin` the administrator; any other mix none.
 */
const LEVELS: Record<string, AccessLevel> = {
  silentAuth: 'public',
  auth: 'signedIn',
  'auth,admin': 'admin',
}
const ACCESS_MIDDLEWARE = ['silentAuth', 'auth', 'admin']

export interface RegisteredRoute {
  /** `METHOD pattern`, e.g. `GET /api/rooms/:id`. */
  key: string
  method: string
  pattern: string
  level: AccessLevel | undefined
}

/** Every registered route and method but HEAD (answered as GET), after the router is committed. */
export function registeredRoutes(): RegisteredRoute[] {
  router.commit()
  const routes: RegisteredRoute[] = []
  for (const list of Object.values(router.toJSON())) {
    for (const route of list) {
      const handlers = [...(route.middleware as unknown as { all(): Set<any> }).all()]
      const names = handlers.map((handler) => handler.name)
      const level = LEVELS[names.filter((name) => ACCESS_MIDDLEWARE.includes(name)).join(',')]
      for (const method of route.methods.filter((m: string) => m !== 'HEAD')) {
        routes.push({
          key: `${method} ${route.pattern}`,
          method,
          pattern: route.pattern,
          level,
        })
      }
    }
  }
  return routes
}
