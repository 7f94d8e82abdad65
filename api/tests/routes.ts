/* The routes the router holds, each method on its own, with the access level it declares. */
import router from '@adonisjs/core/services/router'
import type { AccessLevel } from '#middleware/access_middleware'

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
      const access = handlers.find((handler) => handler.name === 'access')
      for (const method of route.methods.filter((m: string) => m !== 'HEAD')) {
        routes.push({
          key: `${method} ${route.pattern}`,
          method,
          pattern: route.pattern,
          level: access?.args?.level,
        })
      }
    }
  }
  return routes
}
