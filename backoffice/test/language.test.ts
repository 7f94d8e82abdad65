import { describe, expect, it } from 'vitest'
import { detectLanguage, directionOf, otherLanguage, sitePath } from '../src/lib/language'

describe('detectLanguage (spec §1: stored choice, then browser language, then English)', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('ar', ['en-US'])).toBe('ar')
    expect(detectLanguage('en', ['ar-SA'])).toBe('en')
  })

  it('ignores a stored value that is not a language of the product', () => {
    expect(detectLanguage('fr', ['ar-SA', 'en'])).toBe('ar')
    expect(detectLanguage('', ['en-GB'])).toBe('en')
  })

  it('takes the first supported browser language by its primary subtag', () => {
    expect(detectLanguage(null, ['fr-FR', 'AR-sa', 'en'])).toBe('ar')
    expect(detectLanguage(undefined, ['de', 'en-US', 'ar'])).toBe('en')
  })

  it('falls back to English', () => {
    expect(detectLanguage(null, [])).toBe('en')
    expect(detectLanguage(null, ['fr', 'de'])).toBe('en')
  })
})

describe('language helpers', () => {
  it('gives the direction, the other language and the site URLs', () => {
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('en')).toBe('ltr')
    expect(otherLanguage('ar')).toBe('en')
    expect(sitePath('ar', '/')).toBe('/ar/')
    expect(sitePath('en', '/listings')).toBe('/en/listings')
    expect(sitePath('en', 'terms')).toBe('/en/terms')
  })
})
