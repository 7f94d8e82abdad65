import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import {
  cspFactory,
  csrfFactory,
  frameGuardFactory,
  hstsFactory,
  noSniffFactory,
} from '@adonisjs/shield/guards'
import shieldConfig from '#config/shield'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SHIELD_HEADERS, securityConfig, securityHeaders } from '#server/security_headers'
import { crossOriginRefused } from '#server/same_origin'
import { readUnreadBody } from '#server/unread_body'
import { LARGEST_BODY_BYTES } from '#server/uploads'

type Guard = (ctx: HttpContext) => void | Promise<void>

/*
 * The same for every response, so made once: @adonisjs/shield's guards, as its middleware
 * makes them from config/shield.ts and in its order, and the rest of our headers.
 */
let guards: Guard[] | undefined
let headers: Array<[string, string]> | undefined

async function shieldGuards(): Promise<Guard[]> {
  /* What shield's provider hands its middleware; CSRF is off here (no forms), so unused. */
  const encryption = (await app.container.make('encryption')).use()
  return [
    csrfFactory(shieldConfig.csrf ?? {}, encryption),
    cspFactory(shieldConfig.csp ?? {}),
    frameGuardFactory(shieldConfig.xFrame ?? {}),
    hstsFactory(shieldConfig.hsts ?? {}),
    noSniffFactory(shieldConfig.contentTypeSniffing ?? {}),
  ] as Guard[]
}

/**
 * What every request needs, matched by a route or not (start/kernel.ts):
 * - the security headers: @adonisjs/shield's guards, then the rest of our one policy
 *   (server/security_headers.ts);
 * - JSON only: errors from every layer come back in the same JSON shape;
 * - nothing of the API is stored unless a route says so (public_cache_middleware.ts), and
 *   never an error, even one raised after that route's middleware had run;
 * - a state-changing call naming another origin is refused (server/same_origin.ts);
 * - a body nobody read is read before the answer when the connection closes after it
 *   (server/unread_body.ts), so its client reads the answer;
 * - one log line: method, path without its query, status, duration and the request id. No
 *   query strings, bodies, cookies, addresses or user identifiers: nothing personal is
 *   logged. The line is built only when its level is on.
 */
export default class RequestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const logged = logger.isLevelEnabled('info')
    const started = logged ? process.hrtime.bigint() : 0n
    try {
      /* Shield's guards in its order, as its middleware runs them, but a turn of the microtask
         queue only for a guard that returns a promise (CSRF and CSP, when enabled). */
      guards ??= await shieldGuards()
      for (const guard of guards) {
        const pending = guard(ctx)
        if (pending) await pending
      }
      await this.#answer(ctx, next)
    } finally {
      /* A body nobody read, on a connection closed after the answer: read before answering. */
      await readUnreadBody(ctx.request.request, ctx.response.response, {
        maxBytes: LARGEST_BODY_BYTES,
      })
      /* The id is the proxy's X-Request-Id or a new one, sent back in the answer. */
      const id = ctx.request.id()
      if (logged) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        logger.info(
          {
            request_id: id,
            method: ctx.request.method(),
            path: ctx.request.url(false),
            status: ctx.response.getStatus(),
            ms: Math.round(ms * 10) / 10,
          },
          'request'
        )
      }
    }
  }

  async #answer(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    headers ??= Object.entries(securityHeaders('api', securityConfig())).filter(
      ([name]) => !SHIELD_HEADERS.includes(name)
    )
    for (const [name, value] of headers) response.header(name, value)
    request.request.headers.accept = 'application/json'

    const api = request.url().startsWith('/api/')
    if (api) response.header('Cache-Control', 'no-store')
    if (crossOriginRefused(ctx)) {
      return response.forbidden({ message: ctx.i18n.t('errors.crossOrigin') })
    }
    await next()
    if (!api) return
    const status = response.getStatus()
    if (status !== 200 && status !== 304) {
      response.header('Cache-Control', 'no-store')
      response.removeHeader('ETag')
    }
  }
}
