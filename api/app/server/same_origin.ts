import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The card gateway's webhook: called server to server with its own proof (a secret token),
 * never with a session, so no cross-site request can abuse it. The only exemption.
 */
const WEBHOOK_PATH = '/api/payments/webhook'

/** Origins besides our own that may send state-changing calls (e.g. a dev server's). */
const trusted = new Set(
  (env.get('TRUSTED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
)

/**
 * CSRF protection for cookie sessions, keeping the spec's plain-fetch contract: a browser
 * always sends `Origin` (or at least `Referer`) on a cross-site POST, so a state-changing
 * call that names another origin is refused. Calls naming no origin at all come from
 * non-browser clients, which carry no victim's cookies. SameSite=Lax is the second layer.
 */
export function crossOriginRefused(ctx: HttpContext): boolean {
  if (SAFE_METHODS.has(ctx.request.method())) return false
  if (ctx.request.url() === WEBHOOK_PATH) return false
  const claimed = ctx.request.header('origin') ?? originOf(ctx.request.header('referer'))
  if (claimed === undefined) return false
  return claimed === 'null' || !isOurs(ctx, claimed)
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return 'null'
  }
}

function isOurs(ctx: HttpContext, origin: string): boolean {
  const own = `${ctx.request.protocol()}://${ctx.request.host()}`
  return origin === own || trusted.has(origin)
}
