import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import sirv from 'sirv'
import { builtFiles } from '#server/built_files'
import { compressResponse, onHead } from '#server/compression'
import { pageKey, sendPage, type PageCache } from '#server/page_cache'
import {
  inlineScriptSources,
  inlineSourcesOf,
  securityConfig,
  securityHeaders,
  type InlineSources,
  type SecurityConfig,
} from '#server/security_headers'

type Handler = (request: IncomingMessage, response: ServerResponse) => void
type Next = () => void
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void

/** What the API answers itself: the JSON API and the public media files. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/')
}

/**
 * The account and back-office routes, and a payment's receipt, served by the single-page app.
 */
const ACCOUNT_PATH =
  /^\/(login|register|dashboard|my-data|maintenance|payment|payment\/callback|admin(\/.*)?|application\/[^/]+|receipts\/[^/]+|_app\/.*)\/?$/

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATH.test(pathname)
}

export interface FrontDoorOptions {
  /** The built public site (`site/dist`): `client/` static files, `server/entry.mjs` handler. */
  siteDist: string
  /** The built account app (`backoffice/dist`): `index.html` and `_app/` assets. */
  backofficeDist: string
  /** The header policy's settings; read from the environment at the first request by default. */
  security?: SecurityConfig
  /**
   * The public pages' cache (server/page_cache.ts), once started: home, listings, rooms'
   * pages and the sitemap are served from it. Without one (the loopback listener that renders
   * for it, or before it has started), Astro renders them.
   */
  pages?: () => PageCache | undefined
  /**
   * This front door renders for the page cache (the loopback listener): while there is no
   * built site yet (`npm start` builds it once the API answers), a page is a 503 the cache
   * does not keep, rather than the API's JSON 404.
   */
  rendersForCache?: boolean
}

/** Source maps are never served in production, whatever a build left in dist. */
export function isRefusedPath(pathname: string, config: SecurityConfig): boolean {
  return config.production && pathname.endsWith('.map')
}

/**
 * One origin for everything (no CORS, a first-party session cookie): `/api` and `/media` go
 * to AdonisJS; the account routes to the single-page app (its index.html for every route it
 * owns); every other path to the public site, static files first (ETag, immutable hashed
 * assets), then Astro's on-demand pages (rooms added after the build, localized 404s).
 *
 * Every response that is not the API's gets its surface's security headers (one policy,
 * server/security_headers.ts; the API's middleware sets the API's): the site's with the
 * hashes Astro computed for the page's inline scripts and styles. Source maps are refused in
 * production.
 *
 * Text is served compressed: the builds write `.br` and `.gz` next to each text file
 * (scripts/precompress.mjs), kept in memory with it (server/built_files.ts) and picked by
 * `Accept-Encoding`; everything else (pages rendered on demand, the API's JSON) is compressed
 * as it is written (server/compression.ts).
 *
 * The built apps are looked up when first needed, so the API can answer the site's build
 * before the site exists. Without them, everything goes to the API (JSON 404s).
 */
export function frontDoor(api: Handler, options: FrontDoorOptions): Handler {
  let site: Promise<Site | null> | undefined
  let account: AccountApp | null | undefined
  let config = options.security

  return (request, response) => {
    /* Whatever answers, text goes out compressed if it was not at build time (compression.ts). */
    const encoding = compressResponse(request, response)
    const pathname = (request.url ?? '/').split('?')[0] ?? '/'
    if (isApiPath(pathname)) return api(request, response)
    /* The static files pick a pre-compressed form by name, ignoring weights (`br;q=0`): name the one. */
    request.headers['accept-encoding'] = encoding ?? 'identity'
    config ??= securityConfig()
    if (isRefusedPath(pathname, config)) return api(request, response)

    if (isAccountPath(pathname)) {
      account ??= loadAccountApp(options.backofficeDist) ?? undefined
      if (!account) return api(request, response)
      withSecurityHeaders(response, 'account', config, () => account!.inline)
      return account.files(request, response, () => api(request, response))
    }

    site ??= loadSite(options.siteDist)
    site.then(
      (loaded) => {
        if (!loaded) {
          site = undefined
          if (options.rendersForCache) {
            response.statusCode = 503
            response.setHeader('Retry-After', '5')
            return response.end()
          }
          return api(request, response)
        }
        // A built page's hashes come from the build; a page rendered now brings its own header.
        withSecurityHeaders(response, 'site', config!, (rendered) =>
          inlineSourcesOf(rendered ?? loaded.policies.get(routeOf(pathname)))
        )
        const rendered = () => loaded.pages(request, response, () => api(request, response))
        const cache = options.pages?.()
        const key =
          cache && (request.method === 'GET' || request.method === 'HEAD')
            ? pageKey(pathname)
            : null
        if (!cache || !key) return loaded.files(request, response, rendered)
        cache.get(key).then(
          (page) => sendPage(request, response, page),
          (error: unknown) => {
            /* The render for the cache failed (the loopback listener closing): render here. */
            console.error(`[front door] ${key} could not be rendered for the cache`, error)
            rendered()
          }
        )
      },
      (error: unknown) => {
        /* A build half-replaced under us (its chunks gone): try again on the next request
         instead of keeping the failure, and answer this one rather than leave it hanging. */
        site = undefined
        console.error('[front door] the built site could not be loaded', error)
        if (!response.headersSent) {
          response.statusCode = 503
          response.setHeader('Retry-After', '5')
        }
        response.end()
      }
    )
  }
}

/**
 * Sets the surface's security headers just before the response's head is written, whoever
 * writes it (the static files, Astro's handler, a 304). `inline` gets the policy Astro wrote
 * on a page it rendered on demand, if any, and returns the page's inline hashes.
 */
function withSecurityHeaders(
  response: ServerResponse,
  surface: 'site' | 'account',
  config: SecurityConfig,
  inline: (rendered: string | undefined) => InlineSources
) {
  onHead(response, (head) => {
    /* Astro keeps the reason phrase of the response it started from ("404 OK"): the status's own. */
    response.statusMessage = STATUS_CODES[response.statusCode] ?? response.statusMessage
    const rendered = head.get('Content-Security-Policy')
    const headers = securityHeaders(surface, config, inline(rendered || undefined))
    for (const [name, value] of Object.entries(headers)) head.set(name, value)
  })
}

/** The route of a built page's file or URL: `/en/listings/index.html`, `/en/listings/` → `/en/listings`. */
export function routeOf(pathname: string): string {
  let route = pathname
  try {
    route = decodeURI(route)
  } catch {
    // A malformed URL matches no route.
  }
  route = route.replace(/\/index\.html$|\.html$/, '').replace(/\/+$/, '')
  return route === '' ? '/' : route
}

interface Frontend {
  files: Middleware
  pages: Middleware
}

interface Site extends Frontend {
  /** Astro's Content-Security-Policy of each pre-rendered page, by route (its hashes). */
  policies: Map<string, string>
}

interface AccountApp extends Frontend {
  /** The hashes of index.html's inline start-up script. */
  inline: InlineSources
}

/*
 * The build's files from memory (server/built_files.ts), and sirv for the rest (a file too
 * large to keep, a range). sirv lists the folder's files once and streams each one without
 * listening for the stream's errors: a file removed since (a build replacing the one the API
 * serves) would throw its ENOENT out of the process, and every request in flight with it. The
 * one response whose file is gone is cut instead (its head is already written).
 */
function staticFiles(folder: string, options: { single?: boolean; immutable: string }): Middleware {
  const setHeaders = (response: ServerResponse, pathname: string) =>
    response.setHeader(
      'Cache-Control',
      pathname.startsWith(options.immutable)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate'
    )
  const serve = sirv(folder, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    single: options.single,
    extensions: ['html'],
    setHeaders,
  }) as Middleware
  const streamed: Middleware = (request, response, next) => {
    const guard = (file: NodeJS.ReadableStream) => file.once('error', () => response.destroy())
    response.once('pipe', guard)
    /* Not a file of the build: whatever answers instead handles its own streams. */
    return serve(request, response, () => {
      response.off('pipe', guard)
      next()
    })
  }
  return builtFiles(folder, { single: options.single, setHeaders }, streamed)
}

/** `dist/_headers.json`, written by @astrojs/node's `staticHeaders`: [{pathname, headers}]. */
function builtPolicies(dist: string): Map<string, string> {
  const policies = new Map<string, string>()
  const file = join(dist, '_headers.json')
  if (!existsSync(file)) return policies
  const entries = JSON.parse(readFileSync(file, 'utf8')) as {
    pathname: string
    headers: { key: string; value: string }[]
  }[]
  for (const entry of entries) {
    const policy = entry.headers.find((header) => /^content-security-policy$/i.test(header.key))
    if (policy) policies.set(routeOf(entry.pathname), policy.value)
  }
  return policies
}

async function loadSite(dist: string): Promise<Site | null> {
  const entry = join(dist, 'server', 'entry.mjs')
  const client = join(dist, 'client')
  if (!existsSync(entry) || !existsSync(client)) return null
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: Middleware }
  return {
    files: staticFiles(client, { immutable: '/_astro/' }),
    pages: handler,
    policies: builtPolicies(dist),
  }
}

function loadAccountApp(dist: string): AccountApp | null {
  const index = join(dist, 'index.html')
  if (!existsSync(index)) return null
  const files = staticFiles(dist, { single: true, immutable: '/_app/' })
  const inline = { scripts: inlineScriptSources(readFileSync(index, 'utf8')), styles: [] }
  return { files, pages: files, inline }
}
