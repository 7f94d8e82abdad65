import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { HttpContextFactory, RequestFactory } from '@adonisjs/core/factories/http'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import InitializeAuthMiddleware from '@adonisjs/auth/initialize_auth_middleware'
import DetectUserLocaleMiddleware from '#middleware/detect_user_locale_middleware'
import SessionMiddleware from '#middleware/session_middleware'
import InitializeBouncerMiddleware from '#middleware/initialize_bouncer_middleware'
import SilentAuthMiddleware from '#middleware/silent_auth_middleware'
import AuthMiddleware from '#middleware/auth_middleware'
import AdminMiddleware from '#middleware/admin_middleware'
import { SESSION_COOKIE } from '#config/session'

/*
 * A route pays for what its request uses. The middleware a route runs (start/kernel.ts), each
 * called as the router calls it, in its order, with a context of its own.
 */
function context(method: string, headers: Record<string, string> = {}): HttpContext {
  const request = new RequestFactory().merge({ url: '/api/rooms', method }).create()
  for (const [name, value] of Object.entries(headers)) request.request.headers[name] = value
  const ctx = new HttpContextFactory().merge({ request }).create()
  ctx.containerResolver = app.container.createResolver()
  return ctx
}

interface Handler {
  handle(ctx: HttpContext, next: NextFn): unknown
}

/** What a route of this access level runs before its action: the router's, then its own. */
const LEVEL_MIDDLEWARE: Record<string, Handler[]> = {
  public: [new SilentAuthMiddleware()],
  signedIn: [new AuthMiddleware()],
  admin: [new AuthMiddleware(), new AdminMiddleware()],
}

/** Runs a route's middleware, then `action`, as the router does. */
async function throughRoute(ctx: HttpContext, level: string, action: () => unknown) {
  const chain: Handler[] = [
    new DetectUserLocaleMiddleware(),
    new SessionMiddleware(),
    new InitializeAuthMiddleware(),
    new InitializeBouncerMiddleware(),
    ...LEVEL_MIDDLEWARE[level]!,
  ]
  const run = async (index: number): Promise<unknown> =>
    index === chain.length ? action() : chain[index]!.handle(ctx, () => run(index + 1))
  return run(0)
}

/** Whether the request made its own `name` (a session). */
const made = (ctx: HttpContext, name: string) => Object.hasOwn(ctx, name)

test.group('Route middleware: only what a request needs', () => {
  test('an anonymous read touches no session and asks no guard', async ({ assert }) => {
    const ctx = context('GET')
    let reached = false
    await throughRoute(ctx, 'public', () => (reached = true))
    assert.isTrue(reached)
    assert.isFalse(made(ctx, 'session'))
    assert.isFalse(ctx.auth.authenticationAttempted)
    assert.isUndefined(ctx.auth.user)
  })

  test('a read that brings a session cookie runs with its session', async ({ assert }) => {
    const ctx = context('GET', { cookie: `${SESSION_COOKIE}=s:forged.value` })
    let fresh: boolean | undefined
    await throughRoute(ctx, 'public', () => (fresh = ctx.session.fresh))
    /* A cookie that does not unsign is nobody's session: a fresh one, still anonymous. */
    assert.isTrue(fresh)
    assert.isTrue(made(ctx, 'session'))
  })

  test('a signed-in route without a session is refused before its action', async ({ assert }) => {
    const ctx = context('GET')
    let reached = false
    await assert.rejects(() => throughRoute(ctx, 'signedIn', () => (reached = true)))
    assert.isFalse(reached)
  })

  test('an admin route without a session is refused as a signed-in one is', async ({ assert }) => {
    const ctx = context('GET')
    let reached = false
    await assert.rejects(
      () => throughRoute(ctx, 'admin', () => (reached = true)),
      'Unauthorized access'
    )
    assert.isFalse(reached)
  })

  test("each request has its own i18n, in the caller's language, authenticator and Bouncer", async ({
    assert,
  }) => {
    const arabic = context('GET', { 'x-locale': 'ar' })
    const english = context('GET', { 'accept-language': 'fr, en;q=0.9' })
    await throughRoute(arabic, 'public', () => {})
    await throughRoute(english, 'public', () => {})
    assert.equal(arabic.i18n.locale, 'ar')
    assert.equal(english.i18n.locale, 'en')
    assert.notStrictEqual(arabic.auth, english.auth)
    assert.notStrictEqual(arabic.bouncer, english.bouncer)
    const stand = { locale: 'ar' } as HttpContext['i18n']
    english.i18n = stand
    assert.strictEqual(english.i18n, stand)
  })
})
