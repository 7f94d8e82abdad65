import { HttpContext } from '@adonisjs/core/http'

/**
 * Makes `ctx[name]` a per-request value computed the first time it is read and kept on that
 * request after (issue 28): a request that never reads it never pays for it. Assigning it
 * (a test's fake, a middleware's own value) simply sets it.
 *
 * The value is kept under a symbol of its own by a plain assignment, not by redefining the
 * property on the request's context: `Object.defineProperty` on each context would give every
 * one a shape of its own, and every later read of any of its fields would pay for that.
 */
export function lazyContextProperty<Name extends keyof HttpContext>(
  name: Name,
  compute: (ctx: HttpContext) => HttpContext[Name]
) {
  const slot = Symbol(String(name))
  type Kept = HttpContext & { [slot]?: HttpContext[Name] }
  Object.defineProperty(HttpContext.prototype, name, {
    configurable: true,
    get(this: Kept) {
      let value = this[slot]
      if (value === undefined) this[slot] = value = compute(this)
      return value
    },
    set(this: Kept, value: HttpContext[Name]) {
      this[slot] = value
    },
  })
}
