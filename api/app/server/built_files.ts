/*
 * A build's static files served from memory: the account app's (every page of it loads some
 * thirty of them) and the public site's. sirv lists a folder once but opens, reads and closes
 * each file on every request, through a stream and its buffers: on a first page of the account
 * app that file work and its garbage were about half of what the API spent. Here each file is
 * read once, when the front door first serves its build, with its pre-compressed forms
 * (`.br`, `.gz`, scripts/precompress.mjs), and answered as sirv answers it: the same lookup
 * (`/x` → `/x.html`, `/x/index.html`; the single-page app's index.html for a route), the same
 * headers (type, length, Last-Modified, weak ETag of size and time, `Vary`, the caller's
 * Cache-Control) and 304s.
 *
 * Bounded: a file above `maxFileBytes`, or past `maxTotalBytes` in all, is left to sirv (its
 * listing still names it), as are ranges and methods other than GET and HEAD. A build replaced
 * under the running API goes on being served whole, as it was read, until the front door
 * loads the new one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { lookup } from 'mrmime'

type Next = () => void
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void

export interface BuiltFilesLimits {
  /** A larger file is streamed from disk on each request (sirv). */
  maxFileBytes: number
  /** What one build may keep in memory, its compressed forms included. */
  maxTotalBytes: number
}

export const BUILT_FILES_LIMITS: BuiltFilesLimits = {
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
}

/** One form of a file (as built, brotli or gzip): its bytes and the headers sirv gives it. */
interface Form {
  body: Buffer
  headers: Record<string, string>
}

/** A file of the build: its forms, or `null` when it is left on disk. */
type Listed = { identity: Form; br?: Form; gzip?: Form } | null

const COMPRESSED = { br: '.br', gzip: '.gz' } as const

export interface BuiltFilesOptions {
  /** The single-page app: its index.html for a path that names no file (nor has an extension). */
  single?: boolean
  /** Cache-Control and the like, by path (sirv's `setHeaders`). */
  setHeaders: (response: ServerResponse, pathname: string) => void
  limits?: BuiltFilesLimits
}

/**
 * The folder's files from memory; anything else (a file kept on disk, a range, a path that
 * names nothing) goes to `fallback`, sirv over the same folder.
 */
export function builtFiles(
  folder: string,
  options: BuiltFilesOptions,
  fallback: Middleware
): Middleware {
  const files = readBuild(folder, options.limits ?? BUILT_FILES_LIMITS)
  return (request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.range)
      return fallback(request, response, next)
    const pathname = pathOf(request.url ?? '/')
    let name = candidates(pathname).find((candidate) => files.has(candidate))
    if (!name && options.single && !/\/[^/]*\.\w+$/.test(pathname) && files.has('/index.html'))
      name = '/index.html'
    const file = name === undefined ? undefined : files.get(name)
    if (!file) return fallback(request, response, next)

    const accepted = request.headers['accept-encoding'] ?? ''
    const form =
      (/(br|brotli)/i.test(accepted) && file.br) ||
      (accepted.includes('gzip') && file.gzip) ||
      file.identity
    if (request.headers['if-none-match'] === form.headers['ETag']) {
      response.writeHead(304)
      return response.end()
    }
    response.setHeader('Vary', 'Accept-Encoding')
    options.setHeaders(response, pathname)
    const headers: Record<string, string | number | string[]> = { ...form.headers }
    /* What the response already says wins, as with sirv. */
    for (const key of Object.keys(headers)) {
      const own = response.getHeader(key)
      if (own !== undefined) headers[key] = own
    }
    response.writeHead(200, headers)
    response.end(request.method === 'HEAD' ? undefined : form.body)
  }
}

/** The request's path, decoded (a malformed one as it is), without its query. */
function pathOf(url: string): string {
  const pathname = url.split('?')[0] ?? '/'
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname
  } catch {
    return pathname
  }
}

/** The files a path may name, in sirv's order: `/x`, `/x/index`, `/x.html`, `/x/index.html`. */
function candidates(pathname: string): string[] {
  const path = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return [path, `${path}/index`, `${path}.html`, `${path}/index.html`].filter(Boolean)
}

/** Every file of the folder by its URL path, read while the bounds allow. */
function readBuild(folder: string, limits: BuiltFilesLimits): Map<string, Listed> {
  const files = new Map<string, Listed>()
  const names = (readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => !name.split(sep).some((part) => part.startsWith('.')))
    .filter((name) => !name.endsWith(COMPRESSED.br) && !name.endsWith(COMPRESSED.gzip))
    .filter((name) => statSync(join(folder, name)).isFile())
    .sort()
  let total = 0
  for (const name of names) {
    const path = join(folder, name)
    const url = `/${relative(folder, path).split(sep).join('/')}`
    const found = (['identity', 'br', 'gzip'] as const).flatMap((encoding) => {
      const file = encoding === 'identity' ? path : path + COMPRESSED[encoding]
      const stats = statOf(file)
      return stats ? [{ encoding, file, stats }] : []
    })
    const bytes = found.reduce((sum, { stats }) => sum + stats.size, 0)
    const kept: Partial<Record<(typeof found)[number]['encoding'], Form>> = {}
    if (
      found.every(({ stats }) => stats.size <= limits.maxFileBytes) &&
      total + bytes <= limits.maxTotalBytes
    ) {
      total += bytes
      for (const { encoding, file, stats } of found) {
        const body = readFileSync(file)
        kept[encoding] = {
          body,
          headers: {
            'Content-Length': String(body.length),
            'Content-Type': contentType(name),
            'Last-Modified': stats.mtime.toUTCString(),
            ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
            ETag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
          },
        }
      }
    }
    /* Too large, or gone since it was listed: sirv answers it. */
    files.set(url, kept.identity ? { ...kept, identity: kept.identity } : null)
  }
  return files
}

function statOf(file: string) {
  try {
    return statSync(file)
  } catch {
    return undefined
  }
}

function contentType(name: string): string {
  const type = lookup(name) ?? ''
  return type === 'text/html' ? `${type};charset=utf-8` : type
}
