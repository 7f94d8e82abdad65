import { test } from '@japa/runner'
import { HttpContextFactory, RequestFactory } from '@adonisjs/core/factories/http'
import type { HttpContext } from '@adonisjs/core/http'
import AccessMiddleware from '#middleware/access_middleware'
import { SESSION_COOKIE } from '#config/session'

/*
 * Issue 28: a route pays for what its request uses. The middleware every route has, called
 * as the router calls it, with a context of its own.
 */
function context(method: string, headers: Record<string, string> = {}): HttpContext {
  const request = new RequestFactory().merge({ url: '/api/rooms', method }).create()
  for (const [name, value] of Object.entries(headers)) request.request.headers[name] = value
  return new HttpContextFactory().merge({ request }).create()
}

/** Whether the request made its own `name` (a session, an authenticator, a Bouncer). */
const made = (ctx: HttpContext, name: string) => Object.hasOwn(ctx, name)

test.group('Access middleware: only what a request needs', () => {
  test('an anonymous read touches no session, authenticator or Bouncer', async ({ assert }) => {
    const ctx = context('GET')
    let reached = false
    await new AccessMiddleware().handle(ctx, async () => (reached = true), { level: 'public' })
    assert.isTrue(reached)
    for (const name of ['session', 'auth', 'bouncer']) assert.isFalse(made(ctx, name), name)
  })

  test('a read that brings a session cookie runs with its session', async ({ assert }) => {
    const ctx = context('GET', { cookie: `${SESSION_COOKIE}=s:forged.value` })
    let fresh: boolean | undefined
    await new AccessMiddleware().handle(ctx, async () => (fresh = ctx.session.fresh), {
      level: 'public',
    })
    /* A cookie that does not unsign is nobody's session: a fresh one, still anonymous. */
    assert.isTrue(fresh)
    assert.isTrue(made(ctx, 'session'))
  })

  test('a signed-in route without a session is refused before its action', async ({ assert }) => {
    const ctx = context('GET')
    let reached = false
    await assert.rejects(() =>
      new AccessMiddleware().handle(ctx, async () => (reached = true), { level: 'signedIn' })
    )
    assert.isFalse(reached)
  })

  test('a lazily made part is made once per request and can be set', async ({ assert }) => {
    const ctx = context('GET')
    assert.strictEqual(ctx.auth, ctx.auth)
    assert.strictEqual(ctx.bouncer, ctx.bouncer)
    assert.strictEqual(ctx.i18n, ctx.i18n)
    const stand = { locale: 'ar' } as HttpContext['i18n']
    ctx.i18n = stand
    assert.strictEqual(ctx.i18n, stand)
    assert.notStrictEqual(context('GET').auth, ctx.auth)
  })
})
