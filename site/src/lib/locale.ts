/** The site's two languages and the URLs that carry them. */
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '@sakan/common'

export type Lang = Locale
export const LANGS = LOCALES
export const DEFAULT_LANG = DEFAULT_LOCALE

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return RTL_LOCALES.includes(lang) ? 'rtl' : 'ltr'
}

export function otherLang(lang: Lang): Lang {
  return lang === 'ar' ? 'en' : 'ar'
}

/** `/en/listings` for `('en', '/listings')`; the home page is `/en/`. */
export function localePath(lang: Lang, path = '/'): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  return clean === '/' ? `/${lang}/` : `/${lang}${clean}`
}

/** The path without its language prefix: `/en/property/3` → `/property/3`, `/ar/` → `/`. */
export function stripLang(pathname: string): string {
  const match = /^\/(en|ar)(\/.*)?$/.exec(pathname)
  if (!match) return pathname
  return match[2] && match[2] !== '' ? match[2] : '/'
}

/** The language a path is in, if it has a prefix. */
export function langOfPath(pathname: string): Lang | null {
  const first = pathname.split('/')[1]
  return isLang(first) ? first : null
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
  return `${localePath(negotiateLang(cookieValue, acceptLanguage), url.pathname)}${url.search}`
}

/**
 * The visitor's language from the stored choice (cookie mirror of localStorage), then the
 * browser's languages (`Accept-Language`), then English. Used where only the server decides
 * (unprefixed URLs and their 404 page).
 */
export function negotiateLang(
  cookieValue: string | undefined,
  acceptLanguage: string | null
): Lang {
  if (isLang(cookieValue)) return cookieValue
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';')
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
        return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index }
      })
      .filter((entry) => entry.tag && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index)
    for (const { tag } of ranked) {
      const primary = tag.split('-')[0]
      if (isLang(primary)) return primary
    }
  }
  return DEFAULT_LANG
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩'

/**
 * A numeric identifier (room number) written the way the page writes numbers; one with Latin
 * letters ("B-305") stays as printed on the door.
 */
export function localizeDigits(text: string, lang: Lang): string {
  if (lang !== 'ar' || /[A-Za-z]/.test(text)) return text
  return text.replace(/[0-9]/g, (digit) => ARABIC_INDIC[Number(digit)] ?? digit)
}
