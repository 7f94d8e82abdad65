/**
 * The UI language: the visitor's stored choice (shared with the public site under
 * `LANGUAGE_STORAGE_KEY`), then her browser's languages, then English (spec §1).
 */
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '@sakan/common'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function detectLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[]
): Locale {
  if (isLocale(stored)) return stored
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLocale(primary)) return primary
  }
  return DEFAULT_LOCALE
}

export function directionOf(lang: Locale): 'rtl' | 'ltr' {
  return RTL_LOCALES.includes(lang) ? 'rtl' : 'ltr'
}

export function otherLanguage(lang: Locale): Locale {
  return lang === 'ar' ? 'en' : 'ar'
}

/** The public site's URL for a path in a language: `/en/`, `/ar/listings`. */
export function sitePath(lang: Locale, path = '/'): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  return clean === '/' ? `/${lang}/` : `/${lang}${clean}`
}
