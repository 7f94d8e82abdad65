import { hash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { TOTAL_COUNT_HEADER } from '@sakan/common'
import { http } from '#config/app'

/**
 * An anonymous answer: any browser or CDN may keep it a minute, then serve it stale for five
 * more minutes while it fetches a fresh one in the background. The catalogue changes rarely
 * and a room's availability a minute late is harmless; no one's data is in it.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300'

/**
 * An answer to a request that carried a session cookie: kept by that browser only, and
 * revalidated (304 by its ETag) on every use, since the session may have ended meanwhile.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache'

/**
 * What chooses the language of a localized answer (server/request_locale.ts): the
 * `X-Locale` header the apps send, else `Accept-Language`. No cookie is read, so `Cookie`
 * is not among them.
 */
export const LOCALE_VARY = ['X-Locale', 'Accept-Language']

export interface PublicCacheOptions {
  /** Whether the body is in the caller's language (rooms, reviews); `/api/config` is not. */
  localized?: boolean
}

/**
 * Makes a public read cacheable (start/routes.ts, `publicCache()`): a successful answer gets
 * `Cache-Control` (public when anonymous, private otherwise), a strong `ETag` of its bytes
 * and its `X-Total-Count`, `Vary` and `Content-Language` for the language chosen, and a
 * matching `If-None-Match` is answered `304 Not Modified` with no body.
 *
 * It works on the body as AdonisJS is about to write it, whatever the action returned (an
 * object, serialised here once with the server's own JSON serialiser, a pre-built JSON
 * string, or bytes), so actions need not know about it. Errors never reach it (they are
 * thrown past it), and the security headers middleware keeps every non-2xx answer
 * `no-store`.
 */
export default class PublicCacheMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: PublicCacheOptions = {}) {
    await next()
    const { request, response } = ctx
    const method = request.method()
    if ((method !== 'GET' && method !== 'HEAD') || response.getStatus() !== 200) return
    if (!response.hasContent) return

    const content: unknown = response.getBody()
    let body: string | Uint8Array
    if (typeof content === 'string' || content instanceof Uint8Array) {
      body = content
    } else if (content !== null && typeof content === 'object' && isJsonValue(content)) {
      const json = http.serializeJSON(content)
      if (json === undefined) return
      body = json
      response.safeHeader('Content-Type', 'application/json; charset=utf-8')
    } else {
      return
    }
    /* The same bytes are written as are hashed: the serialised body replaces the object. */
    response.send(body, false)

    if (options.localized !== false) {
      response.vary(LOCALE_VARY)
      response.header('Content-Language', ctx.i18n.locale)
    }
    /* No session at all (an anonymous read, session_middleware.ts) or a fresh one, nobody in it. */
    const session = ctx.session as HttpContext['session'] | undefined
    const anonymous = session === undefined || (session.fresh && !ctx.auth.user)
    response.header('Cache-Control', anonymous ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
    response.header('ETag', etagOf(ctx, body, response.getHeader(TOTAL_COUNT_HEADER)))
    if (response.fresh()) response.status(304)
  }
}

/*
 * ETags already computed, by what the answer is a pure function of: a catalogue
 * page's or a room's is the same for every read of its URL, in its language, with its total,
 * at one version of the catalogue (`sameAnswerAt`), so it is hashed once per version, not per
 * read.
 * Versions are random and never come back (services/room_catalog.ts), so a kept tag never
 * names another answer; the oldest are forgotten first.
 */
const KEPT_ETAGS = 2000
const keptEtags = new Map<string, string>()
const versionOf = new WeakMap<HttpContext, string>()

/**
 * Says that this request's answer is a pure function of the catalogue's `version` (read in
 * the same statement as the answer), its URL, its language and its `X-Total-Count`.
 */
export function sameAnswerAt(ctx: HttpContext, version: string | number) {
  versionOf.set(ctx, String(version))
}

function etagOf(ctx: HttpContext, body: string | Uint8Array, total: unknown): string {
  const version = versionOf.get(ctx)
  if (version === undefined) return strongEtag(body, total)
  const key = `${version}\0${ctx.i18n.locale}\0${String(total)}\0${ctx.request.url(true)}`
  let etag = keptEtags.get(key)
  if (etag === undefined) {
    etag = strongEtag(body, total)
    keptEtags.set(key, etag)
    if (keptEtags.size > KEPT_ETAGS) keptEtags.delete(keptEtags.keys().next().value!)
  }
  return etag
}

/** Objects AdonisJS serialises as JSON (not the dates, patterns and buffers it writes as text). */
function isJsonValue(content: object): boolean {
  return !(content instanceof Date) && !(content instanceof RegExp)
}

/**
 * A strong validator of the representation: the body's bytes and the list total that goes
 * with them (a page can stay the same while the total changes). SHA-1 is plenty here: the
 * tag only has to change when the answer does. One `crypto.hash` call, no hash object or
 * stream: a few microseconds on a page.
 */
export function strongEtag(body: string | Uint8Array, total?: unknown): string {
  const suffix = total === undefined ? '' : `\0${String(total)}`
  const bytes =
    typeof body === 'string'
      ? body + suffix
      : suffix
        ? Buffer.concat([body, Buffer.from(suffix)])
        : body
  return `"${hash('sha1', bytes, 'base64url')}"`
}
