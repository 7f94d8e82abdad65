/*
 * The public catalogue's pages served as bytes rendered ahead of the request.
 *
 * Home, listings, every room's page and the sitemap files are rendered once by Astro (through
 * `render`, the process's own loopback listener), kept with their brotli and gzip forms, a
 * strong ETag and a Last-Modified, and served from memory (a byte-bounded LRU) or, once
 * evicted, from this process's own folder on the local disk. A request for a kept page does no
 * render and no API call. A page is rendered on its first request (rooms of a large catalogue
 * are not rendered ahead at start-up) and then kept until what it shows changes: `invalidate`
 * (fed by the change log, page_changes.ts) regenerates it in the background while the old
 * bytes are still served, retries a failed render with back-off, and replaces the page only
 * with a complete render. Files are written under a temporary name and renamed, and read back
 * only when their length and hash check out, so a crash mid-write leaves the old page or the
 * new one, never a truncated one.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LOCALES } from '@sakan/common'

/** What a render answers: the page's status, its headers (lower-case names) and its bytes. */
export interface Rendered {
  status: number
  headers: Record<string, string>
  body: Buffer
}

export type Renderer = (key: string) => Promise<Rendered>

/** A kept page: its bytes in each encoding and what HTTP says of them. */
export interface Page {
  key: string
  status: number
  contentType: string
  /** The page's Content-Security-Policy (its inline hashes), as the render sent it. */
  csp: string | null
  body: Buffer
  br: Buffer
  gzip: Buffer
  /** SHA-256 of the body, base64url: the ETag's value and the file's check. */
  hash: string
  lastModified: string
  /** The rooms the page links to (a list's cards), by id. */
  links: number[]
}

export interface PageCacheOptions {
  render: Renderer
  /** This process's folder for pages evicted from memory; emptied at start and at stop. */
  dir: string
  /** The memory kept for pages, in bytes (all three encodings counted). */
  memoryBytes?: number
  /** Renders at once in the background. */
  concurrency?: number
  log?: (level: 'info' | 'warn' | 'error', message: string) => void
  /**
   * Called once, at the first page asked for: the warm-up starts then rather than at boot, so
   * it renders with the site the process serves (`npm start` builds it once the API answers).
   */
  onFirstGet?: () => void
}

const LOCALE = LOCALES.join('|')
const PAGE_PATH = new RegExp(`^/(${LOCALE})(?:/(listings|property/[1-9]\\d{0,9}))?/?$`)
const SITEMAP_PATH = /^\/(?:sitemap\.xml|sitemaps\/(?:pages|rooms-[1-9]\d{0,5})\.xml)$/

/**
 * The cache's key for a public catalogue page's path, or null for any other path. Trailing
 * slashes do not matter, and the query string never does: the pages render the default view
 * (listings' filters are read by its island from the API), so arbitrary query strings cannot
 * grow the cache.
 */
export function pageKey(pathname: string): string | null {
  if (SITEMAP_PATH.test(pathname)) return pathname
  const match = PAGE_PATH.exec(pathname)
  if (!match) return null
  return match[2] ? `/${match[1]}/${match[2]}` : `/${match[1]}/`
}

/** The keys of the pages that list rooms: each locale's home and default listings. */
export const LIST_KEYS: readonly string[] = LOCALES.flatMap((lang) => [
  `/${lang}/`,
  `/${lang}/listings`,
])
export const HOME_KEYS: readonly string[] = LOCALES.map((lang) => `/${lang}/`)
export const propertyKeys = (roomId: number) => LOCALES.map((lang) => `/${lang}/property/${roomId}`)
export const isSitemapKey = (key: string) => key.startsWith('/sitemap')

/** A CDN may keep a page a few seconds and serve it stale briefly while it asks again. */
export const PAGE_CACHE_CONTROL = 'public, max-age=5, s-maxage=5, stale-while-revalidate=30'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url')
const pageBytes = (page: Page) => page.body.length + page.br.length + page.gzip.length

/** Statuses kept: a page, a room gone (410), an unknown room (404: in memory only). */
const KEPT = new Set([200, 404, 410])

/** Back-off of a failed regeneration: 1 s, 2 s, 4 s … at most a minute. */
const retryDelay = (attempt: number) => Math.min(60_000, 1000 * 2 ** (attempt - 1))

export class PageCache {
  readonly #options: Required<Omit<PageCacheOptions, 'log' | 'onFirstGet'>> &
    Pick<PageCacheOptions, 'log' | 'onFirstGet'>
  #asked = false
  readonly #memory = new Map<string, Page>()
  #memoryUsed = 0
  /* Pages written to the disk, by key → file. */
  readonly #onDisk = new Map<string, string>()
  /* The rooms each list page links to, whether the page is in memory or not. */
  readonly #listLinks = new Map<string, Set<number>>()
  /* Renders under way, so concurrent first requests wait for one. */
  readonly #rendering = new Map<string, Promise<Page>>()
  /* Invalidated while a render of theirs was under way: rendered again after it. */
  readonly #again = new Set<string>()
  readonly #queue = new Set<string>()
  /* The sitemap's files: slow to render over a large catalogue, wanted by crawlers only, so
     after every page and one at a time, leaving the other renders free for pages. */
  readonly #slowQueue = new Set<string>()
  #slowActive = 0
  /* Pages rendered ahead (the warm-up): after every regeneration, so a change made while a
     large warm-up runs still shows within seconds, and one at a time, so that requests keep a
     core. */
  readonly #warmQueue = new Set<string>()
  #warmActive = 0
  readonly #warming = new Set<string>()
  readonly #attempts = new Map<string, number>()
  readonly #timers = new Set<NodeJS.Timeout>()
  #active = 0
  #stopped = false
  /** Renders done, for tests and the log: a kept page served does not add to it. */
  renders = 0

  constructor(options: PageCacheOptions) {
    this.#options = {
      ...options,
      memoryBytes: options.memoryBytes ?? 32 * 1024 * 1024,
      concurrency: options.concurrency ?? 2,
    }
  }

  /** Empties this process's folder (a page from an earlier run may be outdated). */
  async open() {
    await rm(this.#options.dir, { recursive: true, force: true })
    await mkdir(this.#options.dir, { recursive: true })
  }

  /** Stops regenerating and removes the folder. */
  async close() {
    this.#stopped = true
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    this.#queue.clear()
    this.#slowQueue.clear()
    this.#warmQueue.clear()
    await Promise.allSettled(this.#rendering.values())
    await rm(this.#options.dir, { recursive: true, force: true })
  }

  /** Whether a page is kept for this key (in memory or on the disk). */
  has(key: string): boolean {
    return this.#memory.has(key) || this.#onDisk.has(key)
  }

  /** The room ids a kept list page links to. */
  linksOf(key: string): ReadonlySet<number> {
    return this.#listLinks.get(key) ?? new Set()
  }

  /** Every kept key (tests, the change log's sitemap rule). */
  keys(): string[] {
    return [...new Set([...this.#memory.keys(), ...this.#onDisk.keys()])]
  }

  /** The kept page, else a render of it (one at a time per key). */
  async get(key: string): Promise<Page> {
    if (!this.#asked) {
      this.#asked = true
      this.#options.onFirstGet?.()
    }
    const hot = this.#memory.get(key)
    if (hot) {
      this.#memory.delete(key)
      this.#memory.set(key, hot)
      return hot
    }
    const file = this.#onDisk.get(key)
    if (file) {
      const page = await readPageFile(file).catch(() => null)
      if (page && page.key === key) {
        this.#remember(page)
        return page
      }
      this.#onDisk.delete(key)
    }
    return this.#render(key)
  }

  /**
   * These pages' content may have changed: each kept one is rendered again in the background
   * (the old bytes are served meanwhile); one not kept is rendered on its next request.
   */
  invalidate(keys: Iterable<string>) {
    for (const key of keys) {
      if (this.#rendering.has(key)) this.#again.add(key)
      else if (this.has(key)) this.#enqueue(key)
    }
  }

  /** Renders these pages in the background unless kept already (start-up). */
  warm(keys: Iterable<string>) {
    if (this.#stopped) return
    for (const key of keys) {
      if (this.has(key) || this.#rendering.has(key)) continue
      ;(isSitemapKey(key) ? this.#slowQueue : this.#warmQueue).add(key)
    }
    this.#pump()
  }

  /** Forgets every page (a change too large to follow page by page); `warm` may follow. */
  async clear() {
    for (const key of this.#rendering.keys()) this.#again.add(key)
    this.#memory.clear()
    this.#memoryUsed = 0
    this.#listLinks.clear()
    const files = [...this.#onDisk.values()]
    this.#onDisk.clear()
    await Promise.all(files.map((file) => rm(file, { force: true })))
  }

  /** Waits until no render is queued or under way (tests, start-up). */
  async settled() {
    while (
      this.#queue.size + this.#warmQueue.size + this.#slowQueue.size > 0 ||
      this.#active > 0 ||
      this.#rendering.size > 0
    ) {
      await Promise.allSettled(this.#rendering.values())
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  #enqueue(key: string) {
    if (this.#stopped) return
    ;(isSitemapKey(key) ? this.#slowQueue : this.#queue).add(key)
    this.#pump()
  }

  /**
   * The next key to render: regenerations first, then the warm-up; a sitemap file only while
   * no other one renders.
   */
  #next(): string | undefined {
    const page = this.#queue.values().next().value
    if (page !== undefined) {
      this.#queue.delete(page)
      return page
    }
    for (const ahead of this.#warmActive > 0 ? [] : this.#warmQueue) {
      this.#warmQueue.delete(ahead)
      /* Asked for (and kept) meanwhile: nothing to render ahead. */
      if (!this.has(ahead)) {
        this.#warming.add(ahead)
        return ahead
      }
    }
    if (this.#slowActive > 0) return undefined
    const file = this.#slowQueue.values().next().value
    if (file !== undefined) this.#slowQueue.delete(file)
    return file
  }

  #pump() {
    while (this.#active < this.#options.concurrency) {
      const key = this.#next()
      if (key === undefined) return
      const slow = isSitemapKey(key)
      const ahead = this.#warming.delete(key)
      this.#active++
      if (slow) this.#slowActive++
      if (ahead) this.#warmActive++
      this.#render(key)
        .then(
          () => this.#attempts.delete(key),
          (error: unknown) => this.#retry(key, error)
        )
        .finally(() => {
          this.#active--
          if (slow) this.#slowActive--
          if (ahead) this.#warmActive--
          this.#pump()
        })
    }
  }

  #retry(key: string, error: unknown) {
    if (this.#stopped) return
    const attempt = (this.#attempts.get(key) ?? 0) + 1
    this.#attempts.set(key, attempt)
    const delay = retryDelay(attempt)
    this.#options.log?.(
      'warn',
      `page ${key}: regeneration failed (attempt ${attempt}, again in ${delay} ms): ${String(error)}`
    )
    const timer = setTimeout(() => {
      this.#timers.delete(timer)
      this.#enqueue(key)
    }, delay)
    timer.unref()
    this.#timers.add(timer)
  }

  /** One render of a key at a time; kept if complete, else the previous page stays. */
  #render(key: string): Promise<Page> {
    const running = this.#rendering.get(key)
    if (running) return running
    const done = this.#renderNow(key).finally(() => {
      this.#rendering.delete(key)
      if (this.#again.delete(key)) this.#enqueue(key)
    })
    this.#rendering.set(key, done)
    return done
  }

  async #renderNow(key: string): Promise<Page> {
    const rendered = await this.#options.render(key)
    this.renders++
    const file = this.#onDisk.get(key)
    const previous = this.#memory.get(key) ?? (file ? await readPageFile(file) : null)
    const page = await buildPage(key, rendered, previous)
    /* A failing API (503) is answered, never kept: the previous page stays in place. */
    if (!KEPT.has(page.status)) {
      if (this.has(key)) throw new Error(`render answered ${page.status}`)
      return page
    }
    if (!this.#stopped) await this.#keep(page)
    return page
  }

  async #keep(page: Page) {
    this.#remember(page)
    if (page.status === 404) {
      /* Unknown rooms stay in memory only: probing ids cannot fill the disk. */
      const file = this.#onDisk.get(page.key)
      this.#onDisk.delete(page.key)
      if (file) await rm(file, { force: true })
      return
    }
    const file = join(this.#options.dir, `${sha256(Buffer.from(page.key)).slice(0, 32)}.page`)
    try {
      await writePageFile(file, page)
      this.#onDisk.set(page.key, file)
    } catch (error) {
      this.#options.log?.('error', `page ${page.key}: not written to the disk: ${String(error)}`)
    }
  }

  #remember(page: Page) {
    const old = this.#memory.get(page.key)
    if (old) this.#memoryUsed -= pageBytes(old)
    this.#memory.delete(page.key)
    this.#memory.set(page.key, page)
    this.#memoryUsed += pageBytes(page)
    if (LIST_KEYS.includes(page.key)) this.#listLinks.set(page.key, new Set(page.links))
    for (const [key, kept] of this.#memory) {
      if (this.#memoryUsed <= this.#options.memoryBytes || key === page.key) break
      this.#memory.delete(key)
      this.#memoryUsed -= pageBytes(kept)
    }
  }
}

/*
 * Brotli at quality 10, not the format's highest (11): every catalogue write renders its pages
 * again, on every replica, and a start renders every room's page of a small catalogue, so the
 * encoder's time is paid over and over. Measured on the 2-core machine (CPU time of one
 * encoding): the listings page (127 KB of HTML) takes 37 ms at 10 and 129 ms at 11, for 2 %
 * more bytes (16,966 against 16,595); a room's page (75 KB) 25 ms and 69 ms (15,467 against
 * 15,151 bytes). Below 10 the bytes jump: 9 % more at 8 and 9, 11 % at 5.
 */
const PAGE_BROTLI_QUALITY = 10

/**
 * A render made into a kept page. The same bytes as `previous` keep its date and its encoded
 * forms: a page a change did not alter is not encoded again.
 */
export async function buildPage(
  key: string,
  rendered: Rendered,
  previous: Page | null
): Promise<Page> {
  const body = rendered.body
  const hash = sha256(body)
  const unchanged = previous && previous.hash === hash && previous.status === rendered.status
  const [br, gz] = unchanged
    ? [previous.br, previous.gzip]
    : await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ])
  const links = new Set<number>()
  for (const match of body.toString('utf8').matchAll(/\/property\/([1-9]\d{0,9})\b/g)) {
    links.add(Number(match[1]))
  }
  return {
    key,
    status: rendered.status,
    contentType: rendered.headers['content-type'] ?? 'text/html; charset=utf-8',
    csp: rendered.headers['content-security-policy'] ?? null,
    body,
    br,
    gzip: gz,
    hash,
    lastModified: unchanged ? previous.lastModified : new Date().toUTCString(),
    links: [...links],
  }
}

/*
 * A page's file: a 4-byte length, the JSON head (everything but the bytes, with each part's
 * length), then the body, brotli and gzip bytes.
 */
export async function writePageFile(file: string, page: Page) {
  const { body, br, gzip: gz, ...rest } = page
  const head = Buffer.from(
    JSON.stringify({ ...rest, lengths: [body.length, br.length, gz.length] })
  )
  const size = Buffer.alloc(4)
  size.writeUInt32BE(head.length)
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, Buffer.concat([size, head, body, br, gz]))
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** A page's file read back; null when it is missing, short, or its body fails its hash. */
export async function readPageFile(file: string): Promise<Page | null> {
  const bytes = await readFile(file).catch(() => null)
  if (!bytes || bytes.length < 4) return null
  const headLength = bytes.readUInt32BE(0)
  if (4 + headLength > bytes.length) return null
  let head: Omit<Page, 'body' | 'br' | 'gzip'> & { lengths: [number, number, number] }
  try {
    head = JSON.parse(bytes.subarray(4, 4 + headLength).toString('utf8'))
  } catch {
    return null
  }
  const [bodyLength, brLength, gzLength] = head.lengths ?? []
  let offset = 4 + headLength
  if (offset + bodyLength + brLength + gzLength !== bytes.length) return null
  const body = bytes.subarray(offset, (offset += bodyLength))
  const br = bytes.subarray(offset, (offset += brLength))
  const gz = bytes.subarray(offset, (offset += gzLength))
  if (sha256(body) !== head.hash) return null
  const { lengths: _lengths, ...rest } = head
  return { ...rest, body, br, gzip: gz }
}

/** Whether an If-None-Match names this page's bytes (in any encoding; weak comparison). */
function matchesEtag(header: string, hash: string): boolean {
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    if (value === '*') return true
    return value.replace(/^"|"$/g, '').replace(/-(br|gz)$/, '') === hash
  })
}

/**
 * Writes a kept page as the answer, in the encoding the request names (the front door has
 * already chosen one: `br`, `gzip` or `identity`), with its validators; a matching
 * If-None-Match (or, without one, If-Modified-Since) is a 304 with no body.
 */
export function sendPage(request: IncomingMessage, response: ServerResponse, page: Page) {
  const accepted = request.headers['accept-encoding']
  const encoding = accepted === 'br' ? 'br' : accepted === 'gzip' ? 'gzip' : null
  const bytes = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body
  const cacheable = page.status === 200 || page.status === 410

  response.statusCode = page.status
  if (page.status === 410) response.statusMessage = 'Gone'
  response.setHeader('Content-Type', page.contentType)
  if (page.csp) response.setHeader('Content-Security-Policy', page.csp)
  response.setHeader('Cache-Control', cacheable ? PAGE_CACHE_CONTROL : 'no-store')
  response.setHeader('Vary', 'Accept-Encoding')
  const lang = /^\/(\w+)\//.exec(page.key)?.[1]
  if (lang && (LOCALES as readonly string[]).includes(lang)) {
    response.setHeader('Content-Language', lang)
  }
  if (cacheable) {
    const suffix = encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''
    response.setHeader('ETag', `"${page.hash}${suffix}"`)
    response.setHeader('Last-Modified', page.lastModified)
  }

  if (page.status === 200 && isFresh(request, page)) {
    response.statusCode = 304
    response.removeHeader('Content-Type')
    response.end()
    return
  }
  if (encoding) response.setHeader('Content-Encoding', encoding)
  response.setHeader('Content-Length', bytes.length)
  if (request.method === 'HEAD') response.end()
  else response.end(bytes)
}

function isFresh(request: IncomingMessage, page: Page): boolean {
  const noneMatch = request.headers['if-none-match']
  if (noneMatch) return matchesEtag(noneMatch, page.hash)
  const since = request.headers['if-modified-since']
  if (!since) return false
  const time = Date.parse(since)
  return !Number.isNaN(time) && Date.parse(page.lastModified) <= time
}
