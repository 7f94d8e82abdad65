import { test } from '@japa/runner'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { frontDoor, isAccountPath, isApiPath, routeOf } from '#services/front_door'
import { hashSource, type SecurityConfig } from '#services/security_headers'

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
  /* Astro's handler renders on demand and writes the page's policy in the response head. */
  write(
    join(site, 'server', 'entry.mjs'),
    `export function handler(request, response) {
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

async function listen(security: SecurityConfig, dists: ReturnType<typeof builtDists>) {
  const api = (_request: unknown, response: ServerResponse) => {
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end('{"message":"Not found"}')
  }
  const server = createServer(frontDoor(api, { ...dists, security }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const url = (server: Server, path: string) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`

const LOCAL: SecurityConfig = { production: false, authEmulatorHost: '127.0.0.1:9099' }
const PRODUCTION: SecurityConfig = { production: true, firebaseAuthDomain: 'x.firebaseapp.com' }

test.group('Front door security headers', (group) => {
  let root: string
  let dists: ReturnType<typeof builtDists>
  const servers: Server[] = []
  group.setup(() => {
    root = mkdtempSync(join(tmpdir(), 'sakan-front-door-'))
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

  test('a built page: the policy allows exactly its inline script and style', async ({
    assert,
  }) => {
    const server = await start(LOCAL)
    const response = await fetch(url(server, '/en/'))
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
    const server = await start(LOCAL)
    const response = await fetch(url(server, '/en/nope'))
    assert.equal(response.status, 404)
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

test.group('Front door while the site is rebuilt', () => {
  test('a site that cannot load answers 503 at once, and loads on a later request once whole', async ({
    assert,
  }) => {
    const root = mkdtempSync(join(tmpdir(), 'sakan-front-door-'))
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
      await new Promise((resolve) => server.close(resolve))
      rmSync(root, { recursive: true, force: true })
    }
  })
})
