import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { IncomingMessage, ServerResponse } from 'node:http'
import sirv from 'sirv'

type Handler = (request: IncomingMessage, response: ServerResponse) => void
type Next = () => void
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void

/** What the API answers itself: the JSON API and the public media files. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/')
}

/** The account and back-office routes of spec §2, served by the single-page app. */
const ACCOUNT_PATH =
  /^\/(login|register|dashboard|maintenance|payment|payment\/callback|admin(\/.*)?|application\/[^/]+|_app\/.*)\/?$/

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATH.test(pathname)
}

export interface FrontDoorOptions {
  /** The built public site (`site/dist`): `client/` static files, `server/entry.mjs` handler. */
  siteDist: string
  /** The built account app (`backoffice/dist`): `index.html` and `_app/` assets. */
  backofficeDist: string
}

/**
 * One origin for everything (DESIGN.md §3): `/api` and `/media` go to AdonisJS; the
 * account routes to the single-page app (its index.html for every route it owns); every
 * other path to the public site, static files first (ETag, immutable hashed assets), then
 * Astro's on-demand pages (rooms added after the build, localized 404s).
 *
 * The built apps are looked up when first needed, so the API can answer the site's build
 * before the site exists. Without them, everything goes to the API (JSON 404s).
 */
export function frontDoor(api: Handler, options: FrontDoorOptions): Handler {
  let site: Promise<Frontend | null> | undefined
  let account: Frontend | null | undefined

  return (request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/'
    if (isApiPath(pathname)) return api(request, response)

    if (isAccountPath(pathname)) {
      account ??= loadAccountApp(options.backofficeDist) ?? undefined
      if (account) return account.files(request, response, () => api(request, response))
      return api(request, response)
    }

    site ??= loadSite(options.siteDist)
    site.then((loaded) => {
      if (!loaded) {
        site = undefined
        return api(request, response)
      }
      loaded.files(request, response, () =>
        loaded.pages(request, response, () => api(request, response))
      )
    })
  }
}

interface Frontend {
  files: Middleware
  pages: Middleware
}

function staticFiles(folder: string, options: { single?: boolean; immutable: string }): Middleware {
  return sirv(folder, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    single: options.single,
    extensions: ['html'],
    setHeaders: (response, pathname) => {
      response.setHeader(
        'Cache-Control',
        pathname.startsWith(options.immutable)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate'
      )
    },
  }) as Middleware
}

async function loadSite(dist: string): Promise<Frontend | null> {
  const entry = join(dist, 'server', 'entry.mjs')
  const client = join(dist, 'client')
  if (!existsSync(entry) || !existsSync(client)) return null
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: Middleware }
  return { files: staticFiles(client, { immutable: '/_astro/' }), pages: handler }
}

function loadAccountApp(dist: string): Frontend | null {
  if (!existsSync(join(dist, 'index.html'))) return null
  const files = staticFiles(dist, { single: true, immutable: '/_app/' })
  return { files, pages: files }
}
