import { test } from '@japa/runner'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { BUILT_FILES_LIMITS } from '#server/built_files'
import { frontDoor, isAccountPath, isApiPath, routeOf } from '#server/front_door'
import { MIN_BYTES, preferredEncoding } from '#server/compression'
import { hashSource, type SecurityConfig } from '#server/security_headers'
import { rawGet } from '#tests/http'

test.group('Front door routing', () => {
  test('the API answers /api and /media', ({ assert }) => {
    for (const path of ['/api', '/api/health', '/api/rooms/3', '/media/rooms/room-01-640.jpg']) {
      assert.isTrue(isApiPath(path), path)
    }
    for (const path of ['/', '/apix', '/en/', '/mediax', '/login'])
      assert.isFalse(isApiPath(path), path)
  })

  test('the account app answers the routes of spec §2 and its assets', ({ assert }) => {
    for (const path of [
      '/login',
      '/register',
      '/dashboard',
      '/application/12',
      '/receipts/12',
      '/payment',
      '/payment/callback',
      '/maintenance',
      '/admin',
      '/admin/applications/4',
      '/_app/index-abc.js',
      '/login/',
    ]) {
      assert.isTrue(isAccountPath(path), path)
    }
    for (const path of [
      '/',
      '/en/',
      '/ar/listings',
      '/en/property/3',
      '/application',
      '/application/1/2',
      '/receipts',
      '/receipts/1/2',
      '/loginx',
      '/_astro/x.js',
    ]) {
      assert.isFalse(isAccountPath(path), path)
    }
  })
})

test.group('Front door built routes', () => {
  test('a built page’s route, from its file or its URL', ({ assert }) => {
    assert.equal(routeOf('/en/listings/index.html'), '/en/listings')
    assert.equal(routeOf('/en/listings/'), '/en/listings')
    assert.equal(routeOf('/en/listings'), '/en/listings')
    assert.equal(routeOf('/en/'), '/en')
    assert.equal(routeOf('/index.html'), '/')
    assert.equal(routeOf('/'), '/')
    assert.equal(routeOf('/ar/property/%D9%A3'), '/ar/property/٣')
  })
})

/*
 * The front door over dists shaped as the builds write them (site/dist: client/, server/
 * entry.mjs, _headers.json from @astrojs/node's staticHeaders; backoffice/dist: index.html,
 * _app/), with a stand-in for Astro's handler and for the API.
 */
const PAGE_SCRIPT = "document.documentElement.classList.add('js')"
const PAGE_STYLE = 'astro-island{display:contents}'
const RENDERED_SCRIPT = 'console.log("rendered on demand")'
const ACCOUNT_SCRIPT = ";(function () { document.documentElement.lang = 'en' })()"

function write(file: string, content: string) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, content)
}

function builtDists(root: string) {
  const site = join(root, 'site')
  write(
    join(site, 'client', 'en', 'index.html'),
    `<!doctype html><html lang="en"><head><script>${PAGE_SCRIPT}</script><style>${PAGE_STYLE}</style></head><body>Home</body></html>`
  )
  write(join(site, 'client', '_astro', 'page.js'), 'export {}')
  write(join(site, 'client', '_astro', 'page.js.map'), '{"version":3}')
  write(
    join(site, '_headers.json'),
    JSON.stringify([
      {
        pathname: '/en',
        headers: [
          {
            key: 'Content-Security-Policy',
            value: `script-src 'self' '${hashSource(PAGE_SCRIPT)}'; style-src 'self' '${hashSource(PAGE_STYLE)}';`,
          },
        ],
      },
    ])
  )
  /* Astro's handler renders on demand and writes the page's policy in the response head; like
     Astro, it keeps the reason phrase of the response it started from. */
  write(
    join(site, 'server', 'entry.mjs'),
    `export function handler(request, response) {
      response.statusMessage = 'OK'
      response.writeHead(404, {
        'content-type': 'text/html',
        'content-security-policy': "script-src 'self' '${hashSource(RENDERED_SCRIPT)}'; style-src 'self';",
      })
      response.end('<script>${RENDERED_SCRIPT}</script>Page Not Found')
    }`
  )

  const account = join(root, 'backoffice')
  write(
    join(account, 'index.html'),
    `<!doctype html><html><head><script>${ACCOUNT_SCRIPT}</script><script type="module" src="/_app/index.js"></script></head><body><div id="root"></div></body></html>`
  )
  write(join(account, '_app', 'index.js'), 'export {}')
  write(join(account, '_app', 'index.js.map'), '{"version":3}')
  return { siteDist: site, backofficeDist: account }
}

/** The API behind the front door: a JSON 404 for everything. */
function apiNotFound(_request: unknown, response: ServerResponse) {
  response.writeHead(404, { 'content-type': 'application/json' })
  response.end('{"message":"Not found"}')
}

async function listen(security: SecurityConfig, dists: ReturnType<typeof builtDists>) {
  const server = createServer(frontDoor(apiNotFound, { ...dists, security }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const url = (server: Server, path: string) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`

/** A new temporary folder for the builds a test makes. */
const buildsRoot = () => mkdtempSync(join(tmpdir(), 'sakan-front-door-'))

/** Closes the server, then removes the folder of its builds. */
async function shutDown(server: Server, root: string) {
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
}

const LOCAL: SecurityConfig = { production: false, authEmulatorHost: '127.0.0.1:9099' }
const PRODUCTION: SecurityConfig = { production: true, firebaseAuthDomain: 'x.firebaseapp.com' }

test.group('Front door security headers', (group) => {
  let root: string
  let dists: ReturnType<typeof builtDists>
  const servers: Server[] = []
  group.setup(() => {
    root = buildsRoot()
    dists = builtDists(root)
    return () => rmSync(root, { recursive: true, force: true })
  })
  group.each.teardown(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
  })
  const start = async (security: SecurityConfig) => {
    const server = await listen(security, dists)
    servers.push(server)
    return server
  }
  /** A new front door's answer to a GET of the path, and the server, for more requests. */
  const startAndFetch = async (security: SecurityConfig, path: string) => {
    const server = await start(security)
    return { server, response: await fetch(url(server, path)) }
  }

  test('a built page: the policy allows exactly its inline script and style', async ({
    assert,
  }) => {
    const { server, response } = await startAndFetch(LOCAL, '/en/')
    assert.equal(response.status, 200)
    const policy = response.headers.get('content-security-policy')!
    assert.include(policy, `script-src 'self' '${hashSource(PAGE_SCRIPT)}';`)
    assert.include(policy, `style-src 'self' '${hashSource(PAGE_STYLE)}';`)
    assert.include(policy, "default-src 'self'")
    assert.include(policy, "frame-ancestors 'none'")
    assert.notInclude(policy, "script-src 'self' 'unsafe-inline'")
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin')
    assert.include(response.headers.get('permissions-policy')!, 'camera=()')
    assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin')
    assert.isNull(response.headers.get('strict-transport-security'))

    /* A revalidation (304) updates the cached headers: it must carry the same policy. */
    const again = await fetch(url(server, '/en/'), {
      headers: { 'if-none-match': response.headers.get('etag')! },
    })
    assert.equal(again.status, 304)
    assert.equal(again.headers.get('content-security-policy'), policy)
  })

  test('a page rendered on demand (a 404): the hashes Astro computed for it', async ({
    assert,
  }) => {
    const { response } = await startAndFetch(LOCAL, '/en/nope')
    assert.equal(response.status, 404)
    assert.equal(response.statusText, 'Not Found', 'the status line carries its own phrase')
    const policy = response.headers.get('content-security-policy')!
    assert.include(policy, `script-src 'self' '${hashSource(RENDERED_SCRIPT)}';`)
    assert.include(policy, "default-src 'self'")
    assert.include(policy, "object-src 'none'")
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
  })

  test('an account page: its start-up script by hash, the Auth emulator to talk to', async ({
    assert,
  }) => {
    const server = await start(LOCAL)
    for (const path of ['/login', '/admin/applications/4']) {
      const response = await fetch(url(server, path))
      assert.equal(response.status, 200, path)
      const policy = response.headers.get('content-security-policy')!
      assert.include(policy, `script-src 'self' '${hashSource(ACCOUNT_SCRIPT)}';`)
      assert.include(policy, "connect-src 'self' http://127.0.0.1:9099;")
      assert.include(policy, "frame-ancestors 'none'")
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin-allow-popups')
    }
  })

  test('static assets of both apps carry the headers', async ({ assert }) => {
    const server = await start(LOCAL)
    for (const path of ['/_astro/page.js', '/_app/index.js']) {
      const response = await fetch(url(server, path))
      assert.equal(response.status, 200, path)
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path)
      assert.include(response.headers.get('content-security-policy')!, "default-src 'self'", path)
    }
  })

  test('production: HSTS everywhere, and no source map is served', async ({ assert }) => {
    const local = await start(LOCAL)
    assert.equal((await fetch(url(local, '/_app/index.js.map'))).status, 200)

    const server = await start(PRODUCTION)
    for (const path of ['/_astro/page.js.map', '/_app/index.js.map']) {
      const response = await fetch(url(server, path))
      assert.equal(response.status, 404, path)
      assert.equal(await response.text(), '{"message":"Not found"}', path)
    }
    for (const path of ['/en/', '/en/nope', '/login', '/_astro/page.js']) {
      const response = await fetch(url(server, path))
      assert.equal(
        response.headers.get('strict-transport-security'),
        'max-age=15552000; includeSubDomains',
        path
      )
    }
    // Real Firebase instead of the emulator.
    const login = await fetch(url(server, '/login'))
    assert.include(
      login.headers.get('content-security-policy')!,
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com;"
    )
  })
})

test.group('Front door while a build is replaced', () => {
  test('a site that cannot load answers 503 at once, and loads on a later request once whole', async ({
    assert,
  }) => {
    const root = buildsRoot()
    const dists = builtDists(root)
    /* Mid-build: the entry imports a chunk that is already gone. */
    const entry = join(dists.siteDist, 'server', 'entry.mjs')
    const whole = readFileSync(entry, 'utf8')
    write(entry, `import './chunks/gone.mjs'\n${whole}`)
    const server = await listen(LOCAL, dists)
    try {
      const broken = await fetch(url(server, '/en/nope'), { signal: AbortSignal.timeout(5000) })
      assert.equal(broken.status, 503)
      assert.equal(broken.headers.get('retry-after'), '5')

      /* The build finishes: the same entry now finds its chunk (a failed import is not cached). */
      write(join(dists.siteDist, 'server', 'chunks', 'gone.mjs'), 'export {}')
      const rebuilt = await fetch(url(server, '/en/nope'))
      assert.equal(rebuilt.status, 404)
      assert.include(await rebuilt.text(), 'Page Not Found')
    } finally {
      await shutDown(server, root)
    }
  })

  test('a file removed from the build since it was read is still answered; one left on disk fails its own request, not the API', async ({
    assert,
  }) => {
    const root = buildsRoot()
    const dists = builtDists(root)
    /* Larger than what is kept in memory (server/built_files.ts): streamed from disk. */
    const large = 'x'.repeat(BUILT_FILES_LIMITS.maxFileBytes + 1)
    write(join(dists.backofficeDist, '_app', 'large.js'), large)
    const server = await listen(LOCAL, dists)
    try {
      /* The account app's files are read at its first request… */
      assert.equal((await fetch(url(server, '/login'))).status, 200)
      /* …then a build replaces them under the running API. */
      rmSync(join(dists.backofficeDist, '_app', 'index.js'))
      rmSync(join(dists.backofficeDist, '_app', 'large.js'))
      const kept = await fetch(url(server, '/_app/index.js'), { signal: AbortSignal.timeout(5000) })
      assert.equal(kept.status, 200)
      assert.equal(await kept.text(), 'export {}')
      const gone = await fetch(url(server, '/_app/large.js'), { signal: AbortSignal.timeout(5000) })
        .then((response) => response.text())
        .then(
          () => 'answered',
          () => 'cut'
        )
      assert.equal(gone, 'cut')
      /* The API is still here, and answers the next request. */
      const next = await fetch(url(server, '/login'), { signal: AbortSignal.timeout(5000) })
      assert.equal(next.status, 200)
    } finally {
      await shutDown(server, root)
    }
  })
})

test.group('Front door rendering for the page cache', () => {
  test('before the site is built, a page is a 503 the cache does not keep; then the page', async ({
    assert,
  }) => {
    const root = buildsRoot()
    const siteDist = join(root, 'site')
    const server = createServer(
      frontDoor(apiNotFound, {
        siteDist,
        backofficeDist: join(root, 'backoffice'),
        security: LOCAL,
        rendersForCache: true,
      })
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const early = await fetch(url(server, '/en/nope'))
      assert.equal(early.status, 503, 'not the API’s JSON 404')
      assert.equal((await fetch(url(server, '/api/rooms'))).status, 404, 'the API still answers')

      builtDists(root)
      const built = await fetch(url(server, '/en/nope'))
      assert.equal(built.status, 404)
      assert.include(await built.text(), 'Page Not Found')
    } finally {
      await shutDown(server, root)
    }
  })
})

/*
 * Compression: dists as above, with pages and assets big enough to be worth it,
 * pre-compressed by the builds' own script; an API stand-in answering JSON of both sizes.
 */
const PRECOMPRESS = fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url))
const filler = (words: number) =>
  Array.from({ length: words }, (_, index) => `room ${index} غرفة`).join(' ')
const BIG_PAGE = `<!doctype html><html lang="en"><head><script>${PAGE_SCRIPT}</script></head><body><main>${filler(400)}</main></body></html>`
const BIG_ASSET = `export const rooms = ${JSON.stringify(filler(300).split(' '))}\n`
const BIG_JSON = JSON.stringify(Array.from({ length: 40 }, (_, id) => ({ id, name: `Room ${id}` })))

function compressibleDists(root: string) {
  const dists = builtDists(root)
  write(join(dists.siteDist, 'client', 'en', 'index.html'), BIG_PAGE)
  write(join(dists.siteDist, 'client', '_astro', 'page.js'), BIG_ASSET)
  write(join(dists.backofficeDist, '_app', 'index.js'), BIG_ASSET)
  /* Astro's handler: a room added after the build, rendered on demand in pieces. */
  write(
    join(dists.siteDist, 'server', 'entry.mjs'),
    `export function handler(request, response) {
      response.writeHead(request.url.includes('nope') ? 404 : 200, {
        'content-type': 'text/html',
        'content-security-policy': "script-src 'self' '${hashSource(RENDERED_SCRIPT)}';",
      })
      response.write('<!doctype html><html><body><script>${RENDERED_SCRIPT}</script>')
      response.write(${JSON.stringify(filler(400))})
      response.end('</body></html>')
    }`
  )
  execFileSync(process.execPath, [PRECOMPRESS, join(dists.siteDist, 'client')])
  execFileSync(process.execPath, [PRECOMPRESS, dists.backofficeDist])
  return dists
}

/** The API stand-in: a big JSON answer with a strong ETag, a small one, an image. */
function jsonApi(_request: unknown, response: ServerResponse) {
  const url = (_request as { url: string }).url
  if (url === '/api/rooms') {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(BIG_JSON),
      etag: '"rooms-v1"',
    })
    return response.end(BIG_JSON)
  }
  if (url.startsWith('/media/')) {
    response.writeHead(200, { 'content-type': 'image/jpeg' })
    return response.end(Buffer.alloc(4096, 1))
  }
  /* AdonisJS states the length of every body it writes. */
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': 15,
  })
  response.end('{"status":"ok"}')
}

/** A GET read byte for byte (fetch would decompress behind our back). */
const raw = (server: Server, path: string, headers: Record<string, string> = {}) =>
  rawGet(url(server, path), headers)

const decoded = (answer: { headers: IncomingHttpHeaders; body: Buffer }) =>
  (answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body
  ).toString('utf8')

test.group('Front door compression', (group) => {
  let root: string
  let dists: ReturnType<typeof builtDists>
  let server: Server
  group.setup(async () => {
    root = buildsRoot()
    dists = compressibleDists(root)
    server = createServer(frontDoor(jsonApi, { ...dists, security: LOCAL }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return () => shutDown(server, root)
  })

  test('the build script writes .br and .gz next to each text file worth it', ({ assert }) => {
    const client = join(dists.siteDist, 'client')
    for (const file of ['en/index.html', '_astro/page.js']) {
      assert.isTrue(existsSync(join(client, `${file}.br`)), file)
      assert.isTrue(existsSync(join(client, `${file}.gz`)), file)
    }
    assert.isTrue(existsSync(join(dists.backofficeDist, 'index.html.br')))
    /* `export {}` is 9 bytes: no variant is smaller, so none is written. */
    assert.isFalse(existsSync(join(dists.backofficeDist, '_app', 'index.js.map.br')))
  })

  test('a pre-rendered page: brotli, gzip or identity as accepted, the same HTML', async ({
    assert,
  }) => {
    const file = readFileSync(join(dists.siteDist, 'client', 'en', 'index.html'), 'utf8')
    const cases = [
      ['br, gzip, deflate', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['', undefined],
    ] as const
    for (const [accept, encoding] of cases) {
      const answer = await raw(server, '/en/', accept ? { 'accept-encoding': accept } : {})
      assert.equal(answer.status, 200, accept)
      assert.equal(answer.headers['content-encoding'], encoding, accept)
      assert.equal(decoded(answer), file, accept)
      assert.include(answer.headers.vary!, 'Accept-Encoding', accept)
      assert.include(answer.headers['content-type']!, 'text/html', accept)
      /* The page's own policy still comes with it, whatever the encoding. */
      assert.include(
        answer.headers['content-security-policy']!,
        `script-src 'self' '${hashSource(PAGE_SCRIPT)}';`,
        accept
      )
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', accept)
    }
    const identity = await raw(server, '/en/')
    assert.equal(Number(identity.headers['content-length']), Buffer.byteLength(file))
  })

  test('a pre-compressed file keeps its ETag and answers 304 to it', async ({ assert }) => {
    const first = await raw(server, '/en/', { 'accept-encoding': 'br' })
    const etag = first.headers.etag!
    const again = await raw(server, '/en/', { 'accept-encoding': 'br', 'if-none-match': etag })
    assert.equal(again.status, 304)
    assert.equal(again.body.length, 0)
    const identity = await raw(server, '/en/')
    assert.notEqual(identity.headers.etag, etag, 'each encoding is its own representation')
  })

  test('hashed assets of both apps: compressed, immutable', async ({ assert }) => {
    for (const path of ['/_astro/page.js', '/_app/index.js']) {
      const answer = await raw(server, path, { 'accept-encoding': 'br, gzip' })
      assert.equal(answer.headers['content-encoding'], 'br', path)
      assert.equal(decoded(answer), BIG_ASSET, path)
      assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable', path)
      assert.include(answer.headers['content-type']!, 'javascript', path)
      assert.include(answer.headers['content-security-policy']!, "default-src 'self'", path)
    }
  })

  test('the account app’s page, for any of its routes', async ({ assert }) => {
    const index = readFileSync(join(dists.backofficeDist, 'index.html'), 'utf8')
    const answer = await raw(server, '/admin/applications/4', { 'accept-encoding': 'gzip' })
    assert.equal(answer.status, 200)
    assert.equal(answer.headers['content-encoding'], 'gzip')
    assert.equal(decoded(answer), index)
    assert.include(answer.headers['content-security-policy']!, hashSource(ACCOUNT_SCRIPT))
  })

  test('a page rendered on demand is compressed as it is written', async ({ assert }) => {
    for (const [path, encoding, status] of [
      ['/en/property/999', 'br', 200],
      ['/en/property/999', 'gzip', 200],
      ['/en/nope', 'br', 404],
    ] as const) {
      const answer = await raw(server, path, { 'accept-encoding': encoding })
      assert.equal(answer.status, status, path)
      assert.equal(answer.headers['content-encoding'], encoding)
      assert.isUndefined(answer.headers['content-length'])
      assert.include(decoded(answer), filler(400))
      assert.include(decoded(answer), RENDERED_SCRIPT)
      assert.include(answer.headers['content-security-policy']!, hashSource(RENDERED_SCRIPT))
    }
    const identity = await raw(server, '/en/property/999')
    assert.isUndefined(identity.headers['content-encoding'])
    assert.include(identity.body.toString('utf8'), filler(400))
  })

  test('API JSON: compressed above the threshold, its ETag then weak; small and binary answers as they are', async ({
    assert,
  }) => {
    const big = await raw(server, '/api/rooms', { 'accept-encoding': 'br' })
    assert.equal(big.headers['content-encoding'], 'br')
    assert.equal(decoded(big), BIG_JSON)
    assert.equal(big.headers.etag, 'W/"rooms-v1"')
    assert.include(big.headers.vary!, 'Accept-Encoding')

    const plain = await raw(server, '/api/rooms')
    assert.isUndefined(plain.headers['content-encoding'])
    assert.equal(plain.body.toString('utf8'), BIG_JSON)
    assert.equal(plain.headers.etag, '"rooms-v1"')
    assert.include(plain.headers.vary!, 'Accept-Encoding')

    assert.isBelow(Buffer.byteLength('{"status":"ok"}'), MIN_BYTES)
    const small = await raw(server, '/api/health', { 'accept-encoding': 'br' })
    assert.isUndefined(small.headers['content-encoding'])
    assert.equal(small.body.toString('utf8'), '{"status":"ok"}')

    const image = await raw(server, '/media/rooms/room-01-640.jpg', { 'accept-encoding': 'br' })
    assert.isUndefined(image.headers['content-encoding'])
    assert.equal(image.body.length, 4096)
  })

  test('Accept-Encoding is read with its weights', ({ assert }) => {
    assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br')
    assert.equal(preferredEncoding('gzip;q=1.0, br;q=0.5'), 'gzip')
    assert.equal(preferredEncoding('br;q=0, gzip'), 'gzip')
    assert.equal(preferredEncoding('*'), 'br')
    assert.equal(preferredEncoding('*;q=0, identity'), null)
    assert.equal(preferredEncoding('identity'), null)
    assert.isNull(preferredEncoding(undefined))
  })
})
