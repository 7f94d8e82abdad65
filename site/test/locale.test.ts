import { describe, expect, it } from 'vitest'
import {
  dirOf,
  langOfPath,
  localePath,
  localeRedirect,
  localizeDigits,
  negotiateLang,
  otherLang,
  stripLang,
} from '../src/lib/locale'

describe('locale paths', () => {
  it('prefixes paths with the language', () => {
    expect(localePath('en')).toBe('/en/')
    expect(localePath('ar', '/listings')).toBe('/ar/listings')
    expect(localePath('ar', 'property/3')).toBe('/ar/property/3')
  })

  it('strips and reads the prefix', () => {
    expect(stripLang('/en/property/3')).toBe('/property/3')
    expect(stripLang('/ar/')).toBe('/')
    expect(stripLang('/ar')).toBe('/')
    expect(stripLang('/nope')).toBe('/nope')
    expect(langOfPath('/ar/listings')).toBe('ar')
    expect(langOfPath('/fr/listings')).toBeNull()
  })

  it('knows the direction and the other language', () => {
    expect(dirOf('ar')).toBe('rtl')
    expect(dirOf('en')).toBe('ltr')
    expect(otherLang('en')).toBe('ar')
  })
})

describe('negotiateLang', () => {
  it('prefers the stored choice', () => {
    expect(negotiateLang('ar', 'en-US,en;q=0.9')).toBe('ar')
  })

  it('then the browser languages by quality', () => {
    expect(negotiateLang(undefined, 'fr-FR,ar-SA;q=0.8,en;q=0.5')).toBe('ar')
    expect(negotiateLang(undefined, 'en;q=0.4,ar;q=0.9')).toBe('ar')
    expect(negotiateLang('xx', 'en-GB')).toBe('en')
  })

  it('then English', () => {
    expect(negotiateLang(undefined, null)).toBe('en')
    expect(negotiateLang(undefined, 'fr,de')).toBe('en')
  })
})

describe('localeRedirect (unprefixed public URLs)', () => {
  const at = (path: string) => new URL(path, 'http://127.0.0.1:3000')

  it('sends each page with a twin in each language there, keeping the path and query', () => {
    expect(localeRedirect(at('/'), 'ar', null)).toBe('/ar/')
    expect(localeRedirect(at('/listings?sort=priceAsc&location=north'), 'ar', null)).toBe(
      '/ar/listings?sort=priceAsc&location=north'
    )
    expect(localeRedirect(at('/property/12?from=share'), undefined, 'ar-SA,ar;q=0.9')).toBe(
      '/ar/property/12?from=share'
    )
    expect(localeRedirect(at('/listings/'), undefined, null)).toBe('/en/listings/')
    for (const page of ['terms', 'privacy', 'cookies'])
      expect(localeRedirect(at(`/${page}`), 'en', 'ar')).toBe(`/en/${page}`)
  })

  it('decides by the stored choice, then Accept-Language, then English', () => {
    expect(localeRedirect(at('/listings'), 'en', 'ar-SA')).toBe('/en/listings')
    expect(localeRedirect(at('/listings'), 'fr', 'ar-SA')).toBe('/ar/listings')
    expect(localeRedirect(at('/listings'), undefined, 'de-DE,fr')).toBe('/en/listings')
    expect(localeRedirect(at('/listings'), undefined, null)).toBe('/en/listings')
  })

  it('leaves everything else alone', () => {
    for (const path of [
      '/en/',
      '/ar/listings',
      '/en/property/3',
      '/nope',
      '/listingsx',
      '/property',
      '/property/3/photos',
      '/_astro/page.js',
      '/favicon.svg',
      '/sitemap.xml',
      '/login',
    ])
      expect(localeRedirect(at(path), 'ar', null), path).toBeNull()
  })

  it('only ever points at a path on this origin', () => {
    expect(localeRedirect(at('//evil.example/listings'), 'ar', null)).toBe('/ar/listings')
  })
})

describe('localizeDigits', () => {
  it('writes numeric identifiers with Arabic-Indic digits on Arabic pages only', () => {
    expect(localizeDigits('105', 'ar')).toBe('١٠٥')
    expect(localizeDigits('105', 'en')).toBe('105')
  })

  it('keeps identifiers with Latin letters as printed', () => {
    expect(localizeDigits('B-105', 'ar')).toBe('B-105')
  })
})
