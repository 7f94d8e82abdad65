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

export interface FrontDoorOptions {
  /** The built public site (`site/dist`): `client/` static files, `server/entry.mjs` handler. */
  siteDist: string
}

/**
 * One origin for everything (DESIGN.md §3): `/api` and `/media` go to AdonisJS; every
 * other path to the built site, static files first (ETag, immutable hashed assets), then
 * Astro's on-demand pages (rooms added after the build, localized 404s). Without a built
 * site, everything goes to the API.
 */
export async function frontDoor(api: Handler, options: FrontDoorOptions): Promise<Handler> {
  const site = await loadSite(options.siteDist)
  if (!site) return api

  return (request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/'
    if (isApiPath(pathname)) return api(request, response)
    site.files(request, response, () => site.pages(request, response, () => api(request, response)))
  }
}

async function loadSite(dist: string): Promise<{ files: Middleware; pages: Middleware } | null> {
  const entry = join(dist, 'server', 'entry.mjs')
  const client = join(dist, 'client')
  if (!existsSync(entry) || !existsSync(client)) return null
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: Middleware }
  const files = sirv(client, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders: (response, pathname) => {
      if (pathname.startsWith('/_astro/')) {
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      } else {
        response.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
      }
    },
  }) as Middleware
  return { files, pages: handler }
}
