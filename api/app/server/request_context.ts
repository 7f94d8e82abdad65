import { HttpContext } from '@adonisjs/core/http'

/**
 * Makes `ctx[name]` a per-request value computed the first time it is read and kept on that
 * request after (issue 28): a request that never reads it never pays for it. Assigning it
 * (a test's fake, a middleware's own value) simply sets it.
 */
export function lazyContextProperty<Name extends keyof HttpContext>(
  name: Name,
  compute: (ctx: HttpContext) => HttpContext[Name]
) {
  const keep = (ctx: HttpContext, value: HttpContext[Name]) =>
    Object.defineProperty(ctx, name, { value, writable: true, configurable: true })
  Object.defineProperty(HttpContext.prototype, name, {
    configurable: true,
    get(this: HttpContext) {
      const value = compute(this)
      keep(this, value)
      return value
    },
    set(this: HttpContext, value: HttpContext[Name]) {
      keep(this, value)
    },
  })
}
