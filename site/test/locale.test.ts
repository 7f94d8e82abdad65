import { describe, expect, it } from 'vitest'
import { langOfPath, localeRedirect, stripLang } from '../src/lib/locale'

describe('locale prefixes', () => {
  it('strips and reads the prefix', () => {
    expect(stripLang('/en/property/3')).toBe('/property/3')
    expect(stripLang('/ar/')).toBe('/')
    expect(stripLang('/ar')).toBe('/')
    expect(stripLang('/nope')).toBe('/nope')
    expect(langOfPath('/ar/listings')).toBe('ar')
    expect(langOfPath('/fr/listings')).toBeNull()
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
