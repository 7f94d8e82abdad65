/*
 * The public pages' cache: kept pages are served without a render, regenerated
 * only when invalidated, never replaced by a failed or partial render, and a crash while a
 * page's file is written leaves the old file or the new one, never a truncated one.
 */
import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import {
  PageCache,
  buildPage,
  pageKey,
  readPageFile,
  sendPage,
  writePageFile,
  type Rendered,
} from '#server/page_cache'
import { stalePages } from '#server/page_changes'
import { rawGet } from '#tests/http'

const html = (text: string, status = 200): Rendered => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'self'",
  },
  body: Buffer.from(`<!doctype html><html><body>${text}</body></html>`),
})

/** A cache over a renderer that counts its calls and answers what `pages` holds now. */
function cacheOf(pages: Map<string, Rendered | Error>, options: { memoryBytes?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sakan-page-cache-'))
  const calls: string[] = []
  const cache = new PageCache({
    dir,
    memoryBytes: options.memoryBytes,
    render: async (key) => {
      calls.push(key)
      const page = pages.get(key)
      if (!page) return html('not found', 404)
      if (page instanceof Error) throw page
      return page
    },
  })
  return { cache, calls, dir }
}

/** Serves the cache over HTTP as the front door does. */
async function serve(cache: PageCache): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const key = pageKey((request.url ?? '/').split('?')[0]!)!
    cache.get(key).then((page) => sendPage(request, response, page))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

test.group('Page cache: keys', () => {
  test('only the catalogue pages are kept, whatever their trailing slash or query', ({
    assert,
  }) => {
    assert.equal(pageKey('/en'), '/en/')
    assert.equal(pageKey('/ar/'), '/ar/')
    assert.equal(pageKey('/en/listings/'), '/en/listings')
    assert.equal(pageKey('/ar/property/12'), '/ar/property/12')
    assert.equal(pageKey('/ar/property/12/'), '/ar/property/12')
    assert.equal(pageKey('/sitemap.xml'), '/sitemap.xml')
    assert.equal(pageKey('/sitemaps/rooms-3.xml'), '/sitemaps/rooms-3.xml')
    for (const path of [
      '/',
      '/fr/',
      '/en/terms',
      '/en/property/0',
      '/en/property/012',
      '/en/property/abc',
      '/en/property/12345678901',
      '/en/listings/2',
      '/sitemaps/rooms-0.xml',
      '/listings',
    ]) {
      assert.isNull(pageKey(path), path)
    }
  })
})

test.group('Page cache: serving', () => {
  test('a kept page is served without another render, with validators and a 304', async ({
    assert,
    cleanup,
  }) => {
    const { cache, calls, dir } = cacheOf(new Map([['/en/property/1', html('room one')]]))
    await cache.open()
    const { url, server } = await serve(cache)
    cleanup(async () => {
      server.close()
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })

    const first = await rawGet(`${url}/en/property/1`, { 'accept-encoding': 'br' })
    assert.equal(first.status, 200)
    assert.equal(first.headers['content-encoding'], 'br')
    assert.include(brotliDecompressSync(first.body).toString(), 'room one')
    assert.match(
      String(first.headers['cache-control']),
      /public.*s-maxage=\d+.*stale-while-revalidate/
    )
    assert.equal(first.headers['vary'], 'Accept-Encoding')
    assert.equal(first.headers['content-language'], 'en')
    assert.isDefined(first.headers['last-modified'])
    const etag = String(first.headers['etag'])
    assert.match(etag, /^"[\w-]+-br"$/)

    for (let n = 0; n < 20; n++) {
      const again = await rawGet(`${url}/en/property/1/?utm=${n}`, { 'accept-encoding': 'gzip' })
      assert.include(gunzipSync(again.body).toString(), 'room one')
    }
    const plain = await rawGet(`${url}/en/property/1`, { 'accept-encoding': 'identity' })
    assert.include(plain.body.toString(), 'room one')
    assert.deepEqual(calls, ['/en/property/1'], 'one render for 22 requests')

    const notModified = await rawGet(`${url}/en/property/1`, {
      'accept-encoding': 'br',
      'if-none-match': etag,
    })
    assert.equal(notModified.status, 304)
    assert.equal(notModified.body.length, 0)
    const otherEncoding = await rawGet(`${url}/en/property/1`, { 'if-none-match': `W/${etag}` })
    assert.equal(otherEncoding.status, 304)
    const since = await rawGet(`${url}/en/property/1`, {
      'if-modified-since': String(first.headers['last-modified']),
    })
    assert.equal(since.status, 304)
  })

  test('concurrent first requests wait for one render', async ({ assert, cleanup }) => {
    const { cache, calls, dir } = cacheOf(new Map([['/ar/', html('home')]]))
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.get('/ar/')))
    assert.lengthOf(calls, 1)
    assert.isTrue(pages.every((page) => page === pages[0]))
  })

  test('the warm-up starts at the first page asked for, once', async ({ assert, cleanup }) => {
    const dir = mkdtempSync(join(tmpdir(), 'sakan-page-cache-'))
    let warmed = 0
    const cache = new PageCache({
      dir,
      render: async () => html('page'),
      onFirstGet: () => void warmed++,
    })
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    assert.equal(warmed, 0, 'not at boot')
    await Promise.all([cache.get('/en/'), cache.get('/ar/')])
    await cache.get('/en/')
    assert.equal(warmed, 1)
  })

  test('a page gone answers 410, an unknown room 404 kept in memory only', async ({
    assert,
    cleanup,
  }) => {
    const { cache, dir } = cacheOf(new Map([['/en/property/7', html('gone', 410)]]))
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    assert.equal((await cache.get('/en/property/7')).status, 410)
    assert.equal((await cache.get('/en/property/8')).status, 404)
    assert.lengthOf(readdirSync(dir), 1, 'only the 410 page is written to the disk')
  })

  test('pages evicted from memory are read back from the disk, not rendered', async ({
    assert,
    cleanup,
  }) => {
    const pages = new Map<string, Rendered>()
    for (let id = 1; id <= 20; id++)
      pages.set(`/en/property/${id}`, html(`room ${id} `.repeat(200)))
    const { cache, calls, dir } = cacheOf(pages, { memoryBytes: 8 * 1024 })
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    for (let id = 1; id <= 20; id++) await cache.get(`/en/property/${id}`)
    for (let id = 1; id <= 20; id++) {
      const page = await cache.get(`/en/property/${id}`)
      assert.include(page.body.toString(), `room ${id} `)
    }
    assert.lengthOf(calls, 20)
  })
})

test.group('Page cache: regeneration', () => {
  test('an invalidated page is rendered again in the background; others are not', async ({
    assert,
    cleanup,
  }) => {
    const pages = new Map([
      ['/en/property/1', html('price 100')],
      ['/en/property/2', html('price 200')],
    ])
    const { cache, calls, dir } = cacheOf(pages)
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    const before = await cache.get('/en/property/1')
    const other = await cache.get('/en/property/2')

    pages.set('/en/property/1', html('price 150'))
    cache.invalidate(['/en/property/1', '/en/property/3'])
    await cache.settled()
    const after = await cache.get('/en/property/1')
    assert.include(after.body.toString(), 'price 150')
    assert.notEqual(after.hash, before.hash)
    assert.strictEqual(await cache.get('/en/property/2'), other)
    assert.deepEqual(calls, ['/en/property/1', '/en/property/2', '/en/property/1'])
    assert.isFalse(cache.has('/en/property/3'), 'a page never asked for is not rendered')
  })

  test('a render with the same bytes keeps the page’s ETag and date', async ({
    assert,
    cleanup,
  }) => {
    const { cache, dir } = cacheOf(new Map([['/en/listings', html('list')]]))
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    const before = await cache.get('/en/listings')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    cache.invalidate(['/en/listings'])
    await cache.settled()
    const after = await cache.get('/en/listings')
    assert.equal(after.hash, before.hash)
    assert.equal(after.lastModified, before.lastModified)
  }).timeout(5000)

  test('a render with the same bytes is not encoded again; a changed one is', async ({
    assert,
  }) => {
    const first = await buildPage('/en/', html('same'), null)
    const again = await buildPage('/en/', html('same'), first)
    assert.strictEqual(again.br, first.br)
    assert.strictEqual(again.gzip, first.gzip)
    const changed = await buildPage('/en/', html('changed'), first)
    assert.notStrictEqual(changed.br, first.br)
    assert.equal(brotliDecompressSync(changed.br).toString(), changed.body.toString())
    assert.equal(gunzipSync(changed.gzip).toString(), changed.body.toString())
    const gone = await buildPage('/en/', { ...html('same'), status: 410 }, first)
    assert.notStrictEqual(gone.br, first.br)
  })

  test('a failed render keeps the old page and is retried', async ({ assert, cleanup }) => {
    const pages = new Map<string, Rendered | Error>([['/ar/property/4', html('old')]])
    const { cache, calls, dir } = cacheOf(pages)
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await cache.get('/ar/property/4')
    pages.set('/ar/property/4', new Error('API down'))
    cache.invalidate(['/ar/property/4'])
    await cache.settled()
    assert.include((await cache.get('/ar/property/4')).body.toString(), 'old')

    pages.set('/ar/property/4', html('unavailable', 503))
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await cache.settled()
    assert.include((await cache.get('/ar/property/4')).body.toString(), 'old', '503 not kept')

    pages.set('/ar/property/4', html('new'))
    await new Promise((resolve) => setTimeout(resolve, 2200))
    await cache.settled()
    assert.include((await cache.get('/ar/property/4')).body.toString(), 'new')
    assert.isAtLeast(calls.length, 4)
  }).timeout(8000)

  test('pages regenerate before the sitemap’s files, which render one at a time', async ({
    assert,
    cleanup,
  }) => {
    const files = ['/sitemap.xml', '/sitemaps/rooms-1.xml', '/sitemaps/rooms-2.xml']
    const dir = mkdtempSync(join(tmpdir(), 'sakan-page-cache-'))
    const started: string[] = []
    let running = 0
    let most = 0
    const cache = new PageCache({
      dir,
      render: async (key) => {
        started.push(key)
        running += key.startsWith('/sitemap') ? 1 : 0
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 30))
        running -= key.startsWith('/sitemap') ? 1 : 0
        return html(key)
      },
    })
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    for (const key of [...files, '/en/property/5']) await cache.get(key)
    started.length = 0
    cache.invalidate([...files, '/en/property/5'])
    await cache.settled()
    assert.deepEqual(started, ['/sitemap.xml', '/en/property/5', ...files.slice(1)])
    assert.equal(most, 1)
  })

  test('a change made during a long warm-up is rendered before the rest of it', async ({
    assert,
    cleanup,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'sakan-page-cache-'))
    const started: string[] = []
    const cache = new PageCache({
      dir,
      render: async (key) => {
        started.push(key)
        await new Promise((resolve) => setTimeout(resolve, 10))
        return html(key)
      },
    })
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await cache.get('/en/property/1')
    started.length = 0
    cache.warm(Array.from({ length: 40 }, (_, n) => `/ar/property/${n + 2}`))
    cache.invalidate(['/en/property/1'])
    await cache.settled()
    assert.isAtMost(started.indexOf('/en/property/1'), 2)
    assert.lengthOf(started, 41)
  })

  test('a change during a render renders the page once more after it', async ({
    assert,
    cleanup,
  }) => {
    let release: () => void = () => {}
    let version = 1
    const dir = mkdtempSync(join(tmpdir(), 'sakan-page-cache-'))
    const cache = new PageCache({
      dir,
      render: async () => {
        const seen = version
        if (seen === 1) await new Promise<void>((resolve) => (release = resolve))
        return html(`version ${seen}`)
      },
    })
    await cache.open()
    cleanup(async () => {
      await cache.close()
      rmSync(dir, { recursive: true, force: true })
    })
    const first = cache.get('/en/')
    await new Promise((resolve) => setTimeout(resolve, 10))
    version = 2
    cache.invalidate(['/en/'])
    release()
    assert.include((await first).body.toString(), 'version 1')
    await cache.settled()
    assert.include((await cache.get('/en/')).body.toString(), 'version 2')
  })
})

test.group('Page cache: files', () => {
  test('a file cut short or altered is not read back', async ({ assert, cleanup }) => {
    const dir = mkdtempSync(join(tmpdir(), 'sakan-page-file-'))
    cleanup(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'a.page')
    const page = await buildPage('/en/', html('complete'), null)
    await writePageFile(file, page)
    assert.include((await readPageFile(file))!.body.toString(), 'complete')
    assert.deepEqual(readdirSync(dir), ['a.page'], 'no temporary file left')

    const { readFileSync, writeFileSync } = await import('node:fs')
    const bytes = readFileSync(file)
    writeFileSync(file, bytes.subarray(0, bytes.length - 10))
    assert.isNull(await readPageFile(file))
    const altered = Buffer.from(bytes)
    altered[altered.length - page.gzip.length - page.br.length - 5] ^= 0xff
    writeFileSync(file, altered)
    assert.isNull(await readPageFile(file))
  })

  test('a process killed while writing leaves the old page or the new one, never a part', async ({
    assert,
    cleanup,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'sakan-page-crash-'))
    cleanup(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'room.page')
    const old = await buildPage('/en/property/1', html('old '.repeat(200_000)), null)
    await writePageFile(file, old)
    const fresh = (await buildPage('/en/property/1', html('new '.repeat(300_000)), null)).hash

    const writer = join(import.meta.dirname, '..', 'fixtures', 'page_writer.ts')
    for (let round = 0; round < 4; round++) {
      /* A child writes the new page again and again; it is killed at some point in a write. */
      const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', writer, file], {
        cwd: join(import.meta.dirname, '..', '..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
      await new Promise((resolve) => setTimeout(resolve, 5 + round * 7))
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))

      const read = await readPageFile(file)
      assert.isNotNull(read, `round ${round}: the file is whole`)
      assert.include([old.hash, fresh], read!.hash, `round ${round}: old or new`)
    }
    assert.isTrue(existsSync(file))
  }).timeout(30000)
})

test.group('Page changes: which pages', () => {
  const cache = {
    links: new Map<string, Set<number>>([
      ['/en/', new Set([1, 2])],
      ['/ar/', new Set([1, 2])],
      ['/en/listings', new Set([2, 3])],
      ['/ar/listings', new Set([2, 3])],
    ]),
    linksOf(key: string) {
      return this.links.get(key) ?? new Set<number>()
    },
    keys: () => ['/sitemap.xml', '/sitemaps/rooms-1.xml', '/en/property/9'],
  }
  const none = {
    rooms: new Set<number>(),
    listed: false,
    catalogue: false,
    reviews: false,
    featured: false,
  }

  test('a room’s change: its pages and the lists that show it', ({ assert }) => {
    assert.sameMembers(
      [...stalePages(cache, { ...none, rooms: new Set([3]) })],
      ['/en/property/3', '/ar/property/3', '/en/listings', '/ar/listings']
    )
    assert.sameMembers(
      [...stalePages(cache, { ...none, rooms: new Set([9]) })],
      ['/en/property/9', '/ar/property/9']
    )
  })

  test('a room that may enter or leave a list: every list, not the sitemap', ({ assert }) => {
    assert.sameMembers(
      [...stalePages(cache, { ...none, rooms: new Set([9]), listed: true })],
      ['/en/property/9', '/ar/property/9', '/en/', '/ar/', '/en/listings', '/ar/listings']
    )
  })

  test('a room entering or leaving the catalogue: every list and the sitemap', ({ assert }) => {
    assert.sameMembers(
      [...stalePages(cache, { ...none, rooms: new Set([9]), catalogue: true })],
      [
        '/en/property/9',
        '/ar/property/9',
        '/en/',
        '/ar/',
        '/en/listings',
        '/ar/listings',
        '/sitemap.xml',
        '/sitemaps/rooms-1.xml',
      ]
    )
  })

  test('reviews and "fully managed": the home page', ({ assert }) => {
    assert.sameMembers([...stalePages(cache, { ...none, reviews: true })], ['/en/', '/ar/'])
    assert.sameMembers([...stalePages(cache, { ...none, featured: true })], ['/en/', '/ar/'])
  })
})
