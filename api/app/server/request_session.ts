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
 * - a session cookie whose session this request emptied (signed out, ended, expired): the
 *   stored session is destroyed and the cookie cleared, instead of renewed for seven days,
 *   so the browser is anonymous again;
 * - a session cookie naming no session when it arrived (unknown, or replaced by a sign-in
 *   meanwhile): no Set-Cookie at all. This request may have been sent before a sign-in whose
 *   answer has set a new cookie since; clearing (or renewing) the old one in a later answer
 *   would sign her out of the session she has just opened;
 * - a live session the request did not change: its store expiry is touched, but its cookie
 *   is not sent again, for the same reason (a sign-in may have replaced it meanwhile). The
 *   cookie set at sign-in lasts the session's whole life (seven days, services/sessions.ts),
 *   so renewing it adds nothing;
 * - any other session cookie (a sign-in, a session changed): the stock commit, which writes
 *   the store and sets the cookie.
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
  const emptyOnArrival = session.isEmpty

  const result = await next()

  const flashing = !session.responseFlashMessages.isEmpty
  if (cookieId === undefined) {
    if (session.hasBeenModified || flashing) await session.commit()
  } else if (session.isEmpty && !flashing) {
    await factory(ctx, config).destroy(cookieId)
    if (!emptyOnArrival) ctx.response.clearCookie(config.cookieName, config.cookie)
  } else if (!session.hasBeenModified && !flashing && session.sessionId === cookieId) {
    await factory(ctx, config).touch(cookieId)
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
