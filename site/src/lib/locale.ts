/**
 * What only the public site knows about languages: its URLs carry the language as a prefix
 * (`/en/…`, `/ar/…`), its legal pages, and where an unprefixed URL goes. Detection, direction
 * and the URL of a page in a language live in `@sakan/common` (locale.ts).
 */
import { isLocale, localePath, negotiateLocale, type Locale } from '@sakan/common'

/** The path without its language prefix: `/en/property/3` → `/property/3`, `/ar/` → `/`. */
export function stripLang(pathname: string): string {
  const match = /^\/(en|ar)(\/.*)?$/.exec(pathname)
  if (!match) return pathname
  return match[2] && match[2] !== '' ? match[2] : '/'
}

/** The language a path is in, if it has a prefix. */
export function langOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : null
}

/** The legal pages, each at `/{lang}/{page}`. */
export const LEGAL_PAGES = ['terms', 'privacy', 'cookies'] as const

/** The unprefixed paths whose page exists in each language: `/`, `/listings`, `/property/{id}`, the legal pages. */
const LOCALIZED_PAGE = new RegExp(`^/(?:listings|property/[^/]+|${LEGAL_PAGES.join('|')})?/?$`)

/**
 * Where an unprefixed public URL goes: the same page and query in the visitor's language
 * (`/listings?sort=priceAsc` → `/ar/listings?sort=priceAsc`), or null when the path is not
 * one of those pages (already prefixed, an asset, or unknown: the 404 page answers it).
 */
export function localeRedirect(
  url: URL,
  cookieValue: string | undefined,
  acceptLanguage: string | null
): string | null {
  if (!LOCALIZED_PAGE.test(url.pathname)) return null
  return `${localePath(negotiateLocale(cookieValue, acceptLanguage), url.pathname)}${url.search}`
}
