/**
 * Where a visitor goes after signing in, and which paths belong to this app.
 * A `redirect` query parameter is user input: only a same-origin relative path is accepted,
 * never an absolute or protocol-relative URL (open-redirect protection).
 */

export const DEFAULT_DESTINATION = '/dashboard'
export const ADMIN_HOME = '/admin'
export const LOGIN_PATH = '/login'
export const REGISTER_PATH = '/register'

const PLACEHOLDER_ORIGIN = 'http://sakan.invalid'
/** Whitespace and control characters: browsers strip some of them, turning `/\t/x` into `//x`. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s\\]/

/**
 * The path, query and hash of `value` when it is a same-origin relative path (`/payment?x=1`),
 * otherwise `null`. Sign-in pages are refused as targets so a redirect never loops.
 */
export function sanitizeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  if (UNSAFE_CHARACTERS.test(value)) return null
  let url: URL
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null
  if (url.pathname === LOGIN_PATH || url.pathname === REGISTER_PATH) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The page after a successful sign-in: the sanitised `redirect` (default `/dashboard`);
 * an administrator whose destination is the default goes to `/admin` instead.
 */
export function destinationAfterSignIn(redirect: unknown, isAdmin: boolean): string {
  const target = sanitizeRedirect(redirect) ?? DEFAULT_DESTINATION
  return isAdmin && target === DEFAULT_DESTINATION ? ADMIN_HOME : target
}

/** `/login?redirect=…` for a page a signed-out visitor tried to open. */
export function loginPathFor(pathWithQuery: string): string {
  const target = sanitizeRedirect(pathWithQuery)
  return target ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH
}

/** Paths this single-page app renders; everything else belongs to the public site. */
const APP_PATH =
  /^\/(?:login|register|dashboard|my-data|maintenance|payment(?:\/.*)?|application\/.+|receipts\/.+|admin(?:\/.*)?|_app\/.*)$/

export function isAppPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  return APP_PATH.test(pathname.replace(/\/+$/, '') || '/')
}
