/**
 * The visitor's language, once for every part: which languages exist, how a choice is read
 * (stored choice, then the browser's or the request's languages, then English), its text
 * direction, its URLs on the public site, the way it writes identifiers, and where the choice
 * is remembered (localStorage shared by the site and the account app, plus a cookie mirror the
 * server reads). Pure functions, except `storedLocale` and `rememberLocale`, which touch the
 * browser's storage when there is one.
 */
import { LANGUAGE_STORAGE_KEY } from './storage-keys.js'

// The languages live here rather than with the catalogue's lists in `domain.ts`, so that a
// public page that only needs the language (header, footer) does not ship those lists.
export const LOCALES = ['en', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
export const RTL_LOCALES: readonly Locale[] = ['ar']

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr'
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'ar' ? 'en' : 'ar'
}

/**
 * The language to show: the stored choice when it is one of ours, else the first of the
 * browser's languages (best first, as `navigator.languages` lists them) that we have, else English.
 */
export function pickLocale(
  stored: string | null | undefined,
  preferred: readonly string[] = []
): Locale {
  if (isLocale(stored)) return stored
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (isLocale(primary)) return primary
  }
  return DEFAULT_LOCALE
}

/** An `Accept-Language` header's tags, best first (by `q`, then by order); `q=0` dropped. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/** The server's choice: the cookie mirror of the stored choice, then `Accept-Language`. */
export function negotiateLocale(
  cookieValue: string | null | undefined,
  acceptLanguage: string | null | undefined
): Locale {
  return pickLocale(cookieValue, acceptedLanguages(acceptLanguage))
}

/** The public site's URL of a page in a language: `/en/` for the home page, `/ar/listings`. */
export function localePath(locale: Locale, path = '/'): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩'

/**
 * A numeric identifier (room number, application id, year) in the locale's digits, as
 * `formatNumber` writes quantities: Arabic-Indic in Arabic. One with Latin letters ("B-305")
 * stays as printed on the door.
 */
export function localizeDigits(text: string | number, locale: Locale | string): string {
  const value = String(text)
  if (locale !== 'ar' || /[A-Za-z]/.test(value)) return value
  return value.replace(/[0-9]/g, (digit) => ARABIC_INDIC[Number(digit)] ?? digit)
}

/** The e-mail rule of every form (its message: "Please enter a valid email address"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

/** The cookie mirror of the stored choice, for one year, on the whole origin. */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LANGUAGE_STORAGE_KEY}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** What this module needs of a browser; absent on the server. */
const browser = globalThis as {
  localStorage?: Pick<Storage, 'getItem' | 'setItem'>
  document?: { cookie: string }
  location?: { protocol: string }
}

/** The choice stored in this browser, if storage is readable. */
export function storedLocale(): string | null {
  try {
    return browser.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null
  } catch {
    return null
  }
}

/** Remembers the choice for the site and the account app, and mirrors it in a cookie for the server. */
export function rememberLocale(locale: Locale): void {
  try {
    browser.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale)
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
  if (browser.document)
    browser.document.cookie = localeCookie(locale, browser.location?.protocol === 'https:')
}
