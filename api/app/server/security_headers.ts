/**
 * The security headers of every response, in one place: the front door (public site, account
 * app) takes all of them from here; on the API's own responses @adonisjs/shield sets those it
 * has guards for (`shieldOptions`, read by config/shield.ts) and the API's middleware the rest.
 *
 * Three surfaces share one base policy and differ where they must:
 * - `site`: the Astro pages. Scripts and style elements only from our origin or by the hash
 *   Astro computed for each inline one (`'unsafe-inline'` only for style *attributes*: React
 *   islands render some server-side, e.g. the price slider's range).
 * - `account`: the Refine + Mantine app. Its inline start-up script by hash; styles allow
 *   `'unsafe-inline'` because Mantine writes `<style>` elements at run time (CSS variables,
 *   responsive props) and accepts only a nonce otherwise; it talks to the identity provider
 *   and to the card gateway (Moyasar's form, bundled: its styles are ours, its images
 *   `data:` URLs, and its error reporter stays blocked).
 * - `api`: JSON, media and ID documents: nothing may run, load or frame.
 */
import { createHash } from 'node:crypto'
import { GATEWAY_URLS } from '#services/gateway_urls'

export type Surface = 'site' | 'account' | 'api'

export interface SecurityConfig {
  /** `NODE_ENV=production`: HTTPS is assumed, so Strict-Transport-Security is sent. */
  production: boolean
  /** `MAP_TILE_URL`: the tile server whose images the site's map shows. */
  mapTileUrl?: string
  /** `FIREBASE_AUTH_EMULATOR_HOST` (`127.0.0.1:9099`): the emulator stands in for Firebase. */
  authEmulatorHost?: string
  /** `FIREBASE_AUTH_DOMAIN`: serves the frame Google's sign-in popup talks through. */
  firebaseAuthDomain?: string
  /** `MOYASAR_BASE_URL`: the card gateway the payment form posts to. */
  paymentGatewayUrl?: string
}

/** Hash sources (`sha256-…`) of the inline scripts and style elements a page carries. */
export interface InlineSources {
  scripts: string[]
  styles: string[]
}

const NO_INLINE: InlineSources = { scripts: [], styles: [] }

/** Firebase Authentication's endpoints (sign-in, token refresh) when the real service is used. */
const IDENTITY_PROVIDER = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
]

/** Google's sign-in popup (firebase/auth's popup resolver) loads Google's API script. */
const GOOGLE_SIGN_IN_SCRIPTS = ['https://apis.google.com']

/**
 * Origins of the card-payment gateway the account app's payment form talks to: the origin of
 * `MOYASAR_BASE_URL` (Moyasar's API, or the local sandbox), nothing else of it. This is the
 * one place to add it.
 */
function paymentGatewayOrigins(config: SecurityConfig): string[] {
  const origin = httpOrigin(config.paymentGatewayUrl)
  return origin ? [origin] : []
}

/** The origin of an http(s) URL (`https://api.moyasar.com/v1` → `https://api.moyasar.com`). */
export function httpOrigin(url: string | undefined): string | null {
  if (!url) return null
  try {
    const { origin } = new URL(url.trim())
    // The URL parser lets `'` and `;` through in a host; a CSP source must not carry them.
    return /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d+)?$/i.test(origin) ? origin : null
  } catch {
    return null
  }
}

/** Browser features no page of ours uses (a camera for ID photos may come later: denied now). */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** HSTS as @adonisjs/shield writes it for `maxAge: '180 days', includeSubDomains: true`. */
const HSTS_MAX_AGE = '180 days'
const HSTS = 'max-age=15552000; includeSubDomains'

/** The configuration from the environment (read when first needed, after start/env.ts ran). */
export function securityConfig(env: NodeJS.ProcessEnv = process.env): SecurityConfig {
  return {
    production: env.NODE_ENV === 'production',
    mapTileUrl: env.MAP_TILE_URL || undefined,
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    firebaseAuthDomain:
      env.FIREBASE_AUTH_DOMAIN ||
      (env.FIREBASE_PROJECT_ID ? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com` : undefined),
    paymentGatewayUrl:
      env.MOYASAR_BASE_URL ||
      GATEWAY_URLS[env.NODE_ENV === 'production' ? 'production' : 'sandbox'],
  }
}

/**
 * The origin a tile URL template loads from, as a CSP source: `https://{s}.tile.example/{z}/…`
 * → `https://*.tile.example`. Null for anything that is not an http(s) URL.
 */
export function tileSource(template: string | undefined): string | null {
  const match = /^(https?:)\/\/([^/?#]+)/i.exec(template?.trim() ?? '')
  if (!match) return null
  const host = match[2]!.replace(/^\{[a-z]\}\./i, '*.')
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return null
  return `${match[1]!.toLowerCase()}//${host.toLowerCase()}`
}

/** The SHA-256 hash source of an inline script or style, as CSP (and Astro) spell it. */
export function hashSource(code: string): string {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`
}

/** The hash sources of an HTML document's inline scripts (the account app's index.html). */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', code = ''] = match
    if (/\bsrc\s*=/i.test(attributes) || !code) continue
    sources.push(hashSource(code))
  }
  return sources
}

/**
 * The hashes inside a Content-Security-Policy Astro wrote for a page (script-src, style-src
 * and their -elem forms). Anything else in it is ignored: the policy is ours.
 */
export function inlineSourcesOf(policy: string | undefined): InlineSources {
  const found: InlineSources = { scripts: [], styles: [] }
  for (const directive of (policy ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/)
    const list = /^script-src(-elem)?$/.test(name ?? '')
      ? found.scripts
      : /^style-src(-elem)?$/.test(name ?? '')
        ? found.styles
        : null
    if (!list) continue
    for (const value of values) {
      const hash = /^'(sha(256|384|512)-[A-Za-z0-9+/]+=*)'$/.exec(value)?.[1]
      if (hash && !list.includes(hash)) list.push(hash)
    }
  }
  return found
}

const quoted = (hashes: string[]) => hashes.map((hash) => `'${hash}'`)

function directives(
  surface: Surface,
  config: SecurityConfig,
  inline: InlineSources
): [string, string[]][] {
  if (surface === 'api') {
    return [
      ['default-src', ["'none'"]],
      ['base-uri', ["'none'"]],
      ['form-action', ["'none'"]],
      ['frame-ancestors', ["'none'"]],
    ]
  }

  const google = !config.authEmulatorHost
  const tiles = surface === 'site' ? tileSource(config.mapTileUrl) : null
  const list: [string, string[]][] = [['default-src', ["'self'"]]]
  if (surface === 'site') {
    list.push(
      ['script-src', ["'self'", ...quoted(inline.scripts)]],
      ['style-src', ["'self'", ...quoted(inline.styles)]],
      ['style-src-attr', ["'unsafe-inline'"]],
      ['connect-src', ["'self'"]]
    )
  } else {
    list.push(
      [
        'script-src',
        ["'self'", ...quoted(inline.scripts), ...(google ? GOOGLE_SIGN_IN_SCRIPTS : [])],
      ],
      ['style-src', ["'self'", "'unsafe-inline'"]],
      [
        'connect-src',
        [
          "'self'",
          ...(google ? IDENTITY_PROVIDER : [`http://${config.authEmulatorHost}`]),
          ...paymentGatewayOrigins(config),
        ],
      ]
    )
    if (google && config.firebaseAuthDomain) {
      list.push(['frame-src', [`https://${config.firebaseAuthDomain}`]])
    }
  }
  list.push(
    ['img-src', ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]]
  )
  return list
}

/** The Content-Security-Policy of a response of this surface. */
export function contentSecurityPolicy(
  surface: Surface,
  config: SecurityConfig,
  inline: InlineSources = NO_INLINE
): string {
  return directives(surface, config, inline)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** Every security header of a response of this surface. */
export function securityHeaders(
  surface: Surface,
  config: SecurityConfig,
  inline: InlineSources = NO_INLINE
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(surface, config, inline),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // The account app opens Google's sign-in popup and must still see it close (same-origin
    // would cut the popup off: firebase/firebase-js-sdk#8213); nothing else opens windows.
    'Cross-Origin-Opener-Policy':
      surface === 'account' ? 'same-origin-allow-popups' : 'same-origin',
    // For browsers without CSP's frame-ancestors.
    'X-Frame-Options': 'DENY',
    ...(surface === 'api' ? { 'Cross-Origin-Resource-Policy': 'same-origin' } : {}),
    ...(config.production ? { 'Strict-Transport-Security': HSTS } : {}),
  }
}

/**
 * What @adonisjs/shield sets on the API's responses: frame denial, nosniff and (in production)
 * HSTS — the same values `securityHeaders` gives the pages. Shield's CSP guard stays off: it
 * mints a nonce per response and the API's policy is a fixed one (below, by our middleware).
 * Shield's CSRF tokens stay off too: state-changing calls are refused unless their Origin is
 * ours (server/same_origin.ts) and the session cookie is SameSite=Lax, so a token read into
 * every call of two front ends would add nothing.
 */
export function shieldOptions(config: SecurityConfig) {
  return {
    xFrame: { enabled: true, action: 'DENY' as const },
    contentTypeSniffing: { enabled: true },
    hsts: { enabled: config.production, maxAge: HSTS_MAX_AGE, includeSubDomains: true },
    csp: { enabled: false },
    csrf: { enabled: false },
  }
}

/** The headers shield sets on the API's responses, which its middleware therefore leaves alone. */
export const SHIELD_HEADERS: readonly string[] = [
  'X-Frame-Options',
  'X-Content-Type-Options',
  'Strict-Transport-Security',
]
