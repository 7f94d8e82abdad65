/*
 * The one speed trick left on the request path, kept because it was measured: a room's read
 * (`GET /api/rooms/:id`, about 600 µs of CPU over the bench's 100,000 rooms) goes through eight
 * middleware and a controller, and AdonisJS resolves each through the container on every
 * request — `resolver.make` (is it bound? swapped? contextual? a class to construct?) then
 * `resolver.call` (what does it inject?), both asynchronous. That came to about 35 µs a
 * request, and with the rest of the framework's per-request work the read took 11–13 % more
 * CPU than on the hand-built path this shape replaced; with this provider, 3–7 % more.
 * So, once the routes are committed, the middleware and controllers listed below are called
 * on one instance each for the life of the process; everything else (the rate limiters, the
 * other controllers) goes through the container as usual. start/kernel.ts and
 * start/routes.ts keep the framework's own shape.
 *
 * It relies on the framework's internals, which tests/functional/direct_calls.spec.ts holds it
 * to: the entries of `server.getMiddlewareList()` and of each committed route's `middleware`
 * and `handler` (`router.toJSON()`) are the objects the server runs, through their `handle`
 * (the resolver first, then the context, `next` and the named middleware's arguments); a lazy
 * reference is a function that imports the module; `@inject()` records what a class needs in
 * its `containerInjections`.
 */
import type { ApplicationService } from '@adonisjs/core/types'
import type { ContainerResolver } from '@adonisjs/core/container'

type Handle = (resolver: ContainerResolver<any>, ...args: any[]) => unknown
interface Entry {
  reference: unknown
  handle: Handle
}
type Instance = Record<string, (...args: unknown[]) => unknown>
type Class = new () => Instance

/**
 * The middleware and controllers called on one instance: none keeps anything of a request on
 * `this`, and none has the container inject anything. A class added here must stay so.
 */
export async function directlyCalled(): Promise<Set<unknown>> {
  const modules = await Promise.all([
    import('@adonisjs/core/bodyparser_middleware'),
    import('@adonisjs/auth/initialize_auth_middleware'),
    import('#middleware/detect_user_locale_middleware'),
    import('#middleware/request_middleware'),
    import('#middleware/session_middleware'),
    import('#middleware/initialize_bouncer_middleware'),
    import('#middleware/silent_auth_middleware'),
    import('#middleware/auth_middleware'),
    import('#middleware/admin_middleware'),
    import('#middleware/public_cache_middleware'),
    import('#controllers/health_controller'),
    import('#controllers/config_controller'),
    import('#controllers/rooms_controller'),
    import('#controllers/reviews_controller'),
  ])
  return new Set(modules.map((module) => module.default))
}

/** Whether the container would inject nothing into the class or this method of it. */
export function injectsNothing(target: unknown, method: string): boolean {
  const injections = (target as { containerInjections?: Record<string, { dependencies: [] }> })
    .containerInjections
  return (
    !injections?._constructor?.dependencies.length && !injections?.[method]?.dependencies.length
  )
}

const isClass = (value: unknown) =>
  typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value))

/** The class a middleware's or a route handler's reference names (importing it if lazy). */
async function classOf(reference: unknown): Promise<unknown> {
  const target = Array.isArray(reference) ? reference[0] : reference
  if (typeof target !== 'function') return undefined
  if (isClass(target)) return target
  return ((await target()) as { default?: unknown }).default
}

export default class DirectCallsProvider {
  #listed: Promise<Set<unknown>> | undefined
  #wrapped = new WeakSet<Entry>()

  constructor(protected app: ApplicationService) {}

  async start() {
    const router = await this.app.container.make('router')
    const server = await this.app.container.make('server')
    /* The server commits the routes as it boots (tests/routes.ts may do it first). */
    const commit = router.commit.bind(router)
    let done = false
    router.commit = () => {
      commit()
      if (done) return
      done = true
      for (const entry of server.getMiddlewareList()) this.#callDirectly(entry, 'handle')
      for (const routes of Object.values(router.toJSON())) {
        for (const route of routes) {
          if (typeof route.handler !== 'function' && typeof route.handler.reference !== 'string')
            this.#callDirectly(route.handler, route.handler.method)
          for (const entry of route.middleware.all())
            if (typeof entry !== 'function') this.#callDirectly(entry, 'handle')
        }
      }
    }
  }

  /**
   * Makes the entry call `method` on one instance of its class when the class is listed;
   * decided at its first call (importing the module, as the framework would), after which an
   * unlisted class goes on through the container.
   */
  #callDirectly(entry: Entry, method: string) {
    if (this.#wrapped.has(entry)) return
    this.#wrapped.add(entry)
    const viaContainer = entry.handle
    let instance: Instance | null | undefined
    entry.handle = async (resolver, ...args) => {
      if (instance === undefined) instance = await this.#instanceOf(entry.reference, method)
      return instance === null ? viaContainer(resolver, ...args) : instance[method]!(...args)
    }
  }

  async #instanceOf(reference: unknown, method: string): Promise<Instance | null> {
    this.#listed ??= directlyCalled()
    const target = await classOf(reference)
    if (!(await this.#listed).has(target)) return null
    /* A class the container binds (the body parser, with its configuration) is its singleton. */
    if (this.app.container.hasBinding(target as Class))
      return (await this.app.container.make(target as Class)) as Instance
    return injectsNothing(target, method) ? new (target as Class)() : null
  }
}
