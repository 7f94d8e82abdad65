/**
 * Route middleware and controller actions called on one instance for the process (issue 28).
 *
 * AdonisJS resolves a lazily imported middleware or controller through the container on every
 * request: `resolver.make` (is it a class? a swap? a contextual binding? a value?), then
 * `resolver.call` (which of the method's arguments does the container inject?), about 2 µs
 * each. The ones used here hold no state and inject nothing, so a request calls them
 * directly. They are made when the routes are defined, which on a public read is nothing the
 * process had not loaded anyway.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn, ParsedNamedMiddleware } from '@adonisjs/core/types/http'

interface MiddlewareClass<Options> {
  new (): { handle(ctx: HttpContext, next: NextFn, options: Options): unknown }
}

/**
 * A named middleware as `router.named` makes it — the same name, class and arguments on the
 * route, so tests/routes.ts reads a route's access level as before — run on one instance.
 */
export function namedMiddleware<Options>(name: string, Middleware: MiddlewareClass<Options>) {
  const instance = new Middleware()
  const handle = (_resolver: unknown, ctx: HttpContext, next: NextFn, options: Options) =>
    instance.handle(ctx, next, options)
  return (options: Options): ParsedNamedMiddleware => ({
    name,
    reference: Middleware,
    args: options,
    handle,
  })
}

type Action = (ctx: HttpContext) => unknown

/** A controller's action as a route handler, on one instance of the controller. */
export function action<Controller extends Record<Method, Action>, Method extends keyof Controller>(
  Controller: new () => Controller,
  method: Method
): Action {
  const instance = new Controller()
  return (ctx) => instance[method](ctx)
}
