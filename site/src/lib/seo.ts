/** Absolute URLs, alternates and structured data for the pages' heads. */
import { LOCALES, localePath, type Locale } from '@sakan/common'

export function absoluteUrl(site: URL | undefined, path: string): string {
  return new URL(path, site ?? 'http://127.0.0.1:3000').toString()
}

/** Canonical and hreflang URLs of one page, given its path without language. */
export function alternates(site: URL | undefined, path: string, lang: Locale) {
  return {
    canonical: absoluteUrl(site, localePath(lang, path)),
    languages: LOCALES.map((code) => ({
      hreflang: code,
      href: absoluteUrl(site, localePath(code, path)),
    })),
    // The unprefixed path sends each visitor to her language.
    xDefault: absoluteUrl(site, path),
  }
}

/** JSON for a `<script type="application/ld+json">`, safe to inline in HTML. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
}

export const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ar: 'ar_SA' }
