import { EncryptionFactory } from '@adonisjs/core/factories/encryption'
import { HttpContextFactory } from '@adonisjs/core/factories/http'
import { defineConfig } from '@adonisjs/shield'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import { test } from '@japa/runner'
import {
  SHIELD_HEADERS,
  contentSecurityPolicy,
  hashSource,
  httpOrigin,
  inlineScriptSources,
  inlineSourcesOf,
  securityConfig,
  securityHeaders,
  shieldOptions,
  tileSource,
  type SecurityConfig,
} from '#server/security_headers'

const LOCAL: SecurityConfig = {
  production: false,
  authEmulatorHost: '127.0.0.1:9099',
  paymentGatewayUrl: 'http://127.0.0.1:4010',
}
const PRODUCTION: SecurityConfig = {
  production: true,
  firebaseAuthDomain: 'sakan-prod.firebaseapp.com',
  mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  paymentGatewayUrl: 'https://api.moyasar.com/v1/',
}

/** `{ 'script-src': ["'self'", …], … }` of a policy. */
function directivesOf(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    })
  )
}

test.group('Security headers policy', () => {
  test('the site: scripts and style elements from our origin or by hash, nothing inline', ({
    assert,
  }) => {
    const script = hashSource("document.documentElement.classList.add('js')")
    const style = hashSource('astro-island{display:contents}')
    const policy = directivesOf(
      contentSecurityPolicy('site', LOCAL, { scripts: [script], styles: [style] })
    )
    assert.deepEqual(policy['default-src'], ["'self'"])
    assert.deepEqual(policy['script-src'], ["'self'", `'${script}'`])
    assert.deepEqual(policy['style-src'], ["'self'", `'${style}'`])
    assert.deepEqual(policy['style-src-attr'], ["'unsafe-inline'"])
    assert.deepEqual(policy['connect-src'], ["'self'"])
    assert.deepEqual(policy['img-src'], ["'self'", 'data:', 'blob:'])
    assert.deepEqual(policy['object-src'], ["'none'"])
    assert.deepEqual(policy['base-uri'], ["'self'"])
    assert.deepEqual(policy['form-action'], ["'self'"])
    assert.deepEqual(policy['frame-ancestors'], ["'none'"])
    assert.notInclude(policy['script-src']!.join(' '), 'unsafe')
  })

  test('the map tile server joins img-src only when MAP_TILE_URL is set', ({ assert }) => {
    assert.deepEqual(directivesOf(contentSecurityPolicy('site', PRODUCTION))['img-src'], [
      "'self'",
      'data:',
      'blob:',
      'https://*.tile.openstreetmap.org',
    ])
    assert.equal(tileSource('http://127.0.0.1:3999/tiles/{z}/{x}/{y}.png'), 'http://127.0.0.1:3999')
    assert.equal(tileSource('https://tiles.example/{z}/{x}/{y}.png'), 'https://tiles.example')
    for (const bad of [
      undefined,
      '',
      'javascript:alert(1)',
      '//tiles.example/{z}',
      "https://a';b/",
    ])
      assert.isNull(tileSource(bad), String(bad))
  })

  test('the account app talks to itself, the Auth emulator and the gateway sandbox locally', ({
    assert,
  }) => {
    const script = hashSource('root.classList.add("js")')
    const policy = directivesOf(
      contentSecurityPolicy('account', LOCAL, { scripts: [script], styles: [] })
    )
    assert.deepEqual(policy['connect-src'], [
      "'self'",
      'http://127.0.0.1:9099',
      'http://127.0.0.1:4010',
    ])
    // Moyasar's form: bundled styles, data: images, no fonts of its own.
    assert.deepEqual(policy['img-src'], ["'self'", 'data:', 'blob:'])
    assert.deepEqual(policy['font-src'], ["'self'"])
    assert.deepEqual(policy['script-src'], ["'self'", `'${script}'`])
    // Mantine writes <style> elements at run time.
    assert.deepEqual(policy['style-src'], ["'self'", "'unsafe-inline'"])
    assert.notProperty(policy, 'frame-src')
    assert.deepEqual(policy['frame-ancestors'], ["'none'"])
  })

  test('with real Firebase: its endpoints, and Google’s sign-in script and frame', ({ assert }) => {
    const policy = directivesOf(contentSecurityPolicy('account', PRODUCTION))
    assert.deepEqual(policy['connect-src'], [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.moyasar.com',
    ])
    assert.deepEqual(policy['script-src'], ["'self'", 'https://apis.google.com'])
    assert.deepEqual(policy['frame-src'], ['https://sakan-prod.firebaseapp.com'])
  })

  test('only the gateway’s origin joins, and only the account app', ({ assert }) => {
    assert.equal(httpOrigin('https://api.moyasar.com/v1/payments?x=1'), 'https://api.moyasar.com')
    assert.equal(httpOrigin(' http://127.0.0.1:4010 '), 'http://127.0.0.1:4010')
    for (const bad of [undefined, '', 'javascript:alert(1)', 'api.moyasar.com', "https://a';b/"])
      assert.isNull(httpOrigin(bad), String(bad))
    const broken = directivesOf(
      contentSecurityPolicy('account', { ...LOCAL, paymentGatewayUrl: 'not a url' })
    )
    assert.deepEqual(broken['connect-src'], ["'self'", 'http://127.0.0.1:9099'])
    assert.deepEqual(directivesOf(contentSecurityPolicy('site', PRODUCTION))['connect-src'], [
      "'self'",
    ])
  })

  test('the API: nothing may run, load or frame', ({ assert }) => {
    assert.equal(
      contentSecurityPolicy('api', PRODUCTION),
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
  })

  test('the other headers; HSTS in production only', ({ assert }) => {
    for (const surface of ['site', 'account', 'api'] as const) {
      const local = securityHeaders(surface, LOCAL)
      assert.equal(local['X-Content-Type-Options'], 'nosniff')
      assert.equal(local['Referrer-Policy'], 'strict-origin-when-cross-origin')
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        assert.include(local['Permissions-Policy'], `${feature}=()`)
      assert.notProperty(local, 'Strict-Transport-Security')
      assert.equal(
        securityHeaders(surface, PRODUCTION)['Strict-Transport-Security'],
        'max-age=15552000; includeSubDomains'
      )
    }
    assert.equal(securityHeaders('site', LOCAL)['Cross-Origin-Opener-Policy'], 'same-origin')
    assert.equal(securityHeaders('api', LOCAL)['Cross-Origin-Opener-Policy'], 'same-origin')
    // Google's sign-in popup must stay reachable from the account app.
    assert.equal(
      securityHeaders('account', LOCAL)['Cross-Origin-Opener-Policy'],
      'same-origin-allow-popups'
    )
  })

  test('the configuration comes from the environment', ({ assert }) => {
    assert.deepEqual(
      securityConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'sakan-prod' }),
      {
        production: true,
        mapTileUrl: undefined,
        authEmulatorHost: undefined,
        firebaseAuthDomain: 'sakan-prod.firebaseapp.com',
        paymentGatewayUrl: 'https://api.moyasar.com',
      }
    )
    const local = securityConfig({
      NODE_ENV: 'development',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      MAP_TILE_URL: 'http://127.0.0.1:3999/tiles/{z}/{x}/{y}.png',
      MOYASAR_BASE_URL: 'http://127.0.0.1:4011',
    })
    assert.isFalse(local.production)
    assert.equal(local.authEmulatorHost, '127.0.0.1:9099')
    assert.equal(local.mapTileUrl, 'http://127.0.0.1:3999/tiles/{z}/{x}/{y}.png')
    assert.equal(local.paymentGatewayUrl, 'http://127.0.0.1:4011')
    assert.equal(securityConfig({}).paymentGatewayUrl, 'http://127.0.0.1:4010')
  })

  test('hashes: of inline scripts in HTML, and out of a policy Astro wrote', ({ assert }) => {
    const html =
      '<script>a()</script><script type="module" src="/_app/x.js"></script><script type="module">b()</script>'
    assert.deepEqual(inlineScriptSources(html), [hashSource('a()'), hashSource('b()')])
    // The well-known value: SHA-256 of the empty string.
    assert.equal(hashSource(''), 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=')

    const astro =
      "script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'sha256-CCC=' 'unsafe-inline'; img-src https://evil.example 'sha256-DDD='"
    assert.deepEqual(inlineSourcesOf(astro), {
      scripts: ['sha256-AAA=', 'sha256-BBB='],
      styles: ['sha256-CCC='],
    })
    assert.deepEqual(inlineSourcesOf(undefined), { scripts: [], styles: [] })
  })
})

test.group('Security headers set by @adonisjs/shield', () => {
  for (const production of [false, true]) {
    test(`shield's guards write the pages' values (production: ${production})`, async ({
      assert,
    }) => {
      const config = securityConfig({ NODE_ENV: production ? 'production' : 'development' })
      const shield = new ShieldMiddleware(
        defineConfig(shieldOptions(config)),
        new EncryptionFactory().create()
      )
      const ctx = new HttpContextFactory().create()
      await shield.handle(ctx, async () => {})
      const pages = securityHeaders('site', config)
      for (const name of SHIELD_HEADERS) {
        assert.equal(ctx.response.getHeader(name), pages[name], name)
      }
      assert.equal(ctx.response.getHeader('X-Frame-Options'), 'DENY')
      assert.equal(ctx.response.getHeader('X-Content-Type-Options'), 'nosniff')
      assert.equal(
        ctx.response.getHeader('Strict-Transport-Security'),
        production ? 'max-age=15552000; includeSubDomains' : undefined
      )
      assert.isUndefined(ctx.response.getHeader('Content-Security-Policy'))
    })
  }
})
