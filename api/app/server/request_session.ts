import { configProvider } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import type { HttpContext } from '@adonisjs/core/http'
import { Session } from '@adonisjs/session'
import type {
  ResolvedSessionConfig,
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'
/* @adonisjs/session's own middleware module also installs its redirect and error macros. */
import '@adonisjs/session/session_middleware'
import { SESSION_COOKIE } from '#config/session'

let resolvedConfig: Promise<ResolvedSessionConfig> | undefined

/**
 * The session store of a request that brought no session cookie. Its id was minted for this
 * request, so nothing can be stored under it yet: reading answers "empty" without asking the
 * store. Everything else (the writes of a sign-in, tagging) goes to the configured store.
 */
class FreshSessionStore implements SessionStoreWithTaggingContract {
  constructor(private readonly store: SessionStoreWithTaggingContract) {}

  read(): null {
    return null
  }
  write(sessionId: string, values: SessionData) {
    return this.store.write(sessionId, values)
  }
  destroy(sessionId: string) {
    return this.store.destroy(sessionId)
  }
  touch(sessionId: string) {
    return this.store.touch(sessionId)
  }
  tag(sessionId: string, userId: string) {
    return this.store.tag(sessionId, userId)
  }
  untag(sessionId: string, userId: string) {
    return this.store.untag(sessionId, userId)
  }
  tagged(userId: string) {
    return this.store.tagged(userId)
  }
}

/**
 * Runs `next` with the request's session (`ctx.session`), for the requests that need one
 * (middleware/session_middleware.ts): @adonisjs/session's middleware, except that a session
 * nobody has is never written: the stock one reads the store for a freshly minted id and
 * signs a new cookie on every request, which on anonymous calls costs a query and a
 * signature and makes public answers uncacheable. Here:
 * - no session cookie: the store is not read, and the session is committed only when the
 *   request put something in it (a sign-in); an anonymous read answers with no Set-Cookie;
 * - a session cookie whose session is now empty (signed out, ended, expired, unknown): the
 *   stored session is destroyed and the cookie cleared, instead of renewed for seven days,
 *   so the browser is anonymous again;
 * - any other session cookie: exactly the stock behaviour (read, then commit, which renews
 *   the cookie and touches the store's expiry).
 */
export async function withSession<Result>(
  ctx: HttpContext,
  next: () => Promise<Result>
): Promise<Result> {
  const config = await sessionConfig()
  if (!config.enabled) return next()

  const factory = config.stores[config.store]!
  const cookieId: string | undefined = ctx.request.cookie(config.cookieName)
  const storeFactory: SessionStoreFactory =
    cookieId === undefined
      ? (context, settings) =>
          new FreshSessionStore(factory(context, settings) as SessionStoreWithTaggingContract)
      : factory
  const session = new Session(config, storeFactory, emitter, ctx)
  ctx.session = session
  await session.initiate(false)

  const result = await next()

  const flashing = !session.responseFlashMessages.isEmpty
  if (cookieId === undefined) {
    if (session.hasBeenModified || flashing) await session.commit()
  } else if (session.isEmpty && !flashing) {
    await factory(ctx, config).destroy(cookieId)
    ctx.response.clearCookie(config.cookieName, config.cookie)
  } else {
    await session.commit()
  }
  return result
}

/**
 * Whether the request brings a session cookie at all (a valid one or not): a plain look at
 * the `Cookie` header, without unsigning anything. Without one nobody can be signed in.
 */
export function bringsSessionCookie(ctx: HttpContext): boolean {
  return ctx.request.header('cookie')?.includes(`${SESSION_COOKIE}=`) ?? false
}

/** The resolved session configuration (config/session.ts), resolved once. */
function sessionConfig(): Promise<ResolvedSessionConfig> {
  resolvedConfig ??= configProvider
    .resolve<ResolvedSessionConfig>(app, app.config.get('session'))
    .then((config) => {
      if (!config) throw new Error('config/session.ts must export defineConfig(…)')
      return config
    })
  return resolvedConfig
}
