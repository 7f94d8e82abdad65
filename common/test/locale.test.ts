import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  acceptedLanguages,
  directionOf,
  isEmail,
  isLocale,
  localeCookie,
  localePath,
  localizeDigits,
  negotiateLocale,
  otherLocale,
  pickLocale,
} from '../src/locale.js'

describe('locale', () => {
  it('knows its languages, their direction and the other one', () => {
    assert.equal(isLocale('ar'), true)
    for (const value of ['fr', undefined, '', 'AR']) assert.equal(isLocale(value), false)
    for (const [locale, direction, other] of [
      ['ar', 'rtl', 'en'],
      ['en', 'ltr', 'ar'],
    ] as const) {
      assert.equal(directionOf(locale), direction)
      assert.equal(otherLocale(locale), other)
    }
  })

  it('picks the stored choice, then the browser languages, then English', () => {
    assert.equal(pickLocale('ar', ['en-US']), 'ar')
    assert.equal(pickLocale('xx', ['fr-FR', 'ar-SA']), 'ar')
    assert.equal(pickLocale(null, ['AR']), 'ar')
    assert.equal(pickLocale(undefined, ['fr']), 'en')
    assert.equal(pickLocale(null), 'en')
  })

  it('ignores a stored value that is not a language of the product', () => {
    assert.equal(pickLocale('en', ['ar-SA']), 'en')
    assert.equal(pickLocale('fr', ['ar-SA', 'en']), 'ar')
    assert.equal(pickLocale('', ['en-GB']), 'en')
  })

  it('takes the first supported browser language by its primary subtag', () => {
    assert.equal(pickLocale(null, ['fr-FR', 'AR-sa', 'en']), 'ar')
    assert.equal(pickLocale(undefined, ['de', 'en-US', 'ar']), 'en')
    assert.equal(pickLocale(null, [' ar ']), 'ar')
    assert.equal(pickLocale(null, []), 'en')
    assert.equal(pickLocale(null, ['fr', 'de']), 'en')
  })

  it('reads Accept-Language by quality, then order', () => {
    assert.deepEqual(acceptedLanguages('en;q=0.5, ar-SA, fr;q=0'), ['ar-sa', 'en'])
    assert.deepEqual(acceptedLanguages(''), [])
    assert.equal(negotiateLocale(undefined, 'fr, ar;q=0.8, en;q=0.7'), 'ar')
    assert.equal(negotiateLocale('en', 'ar'), 'en')
    assert.equal(negotiateLocale(null, null), 'en')
  })

  it('negotiates the server language: stored choice, then quality, then English', () => {
    assert.equal(negotiateLocale('ar', 'en-US,en;q=0.9'), 'ar')
    assert.equal(negotiateLocale(undefined, 'fr-FR,ar-SA;q=0.8,en;q=0.5'), 'ar')
    assert.equal(negotiateLocale(undefined, 'en;q=0.4,ar;q=0.9'), 'ar')
    assert.equal(negotiateLocale('xx', 'en-GB'), 'en')
    assert.equal(negotiateLocale(undefined, null), 'en')
    assert.equal(negotiateLocale(undefined, 'fr,de'), 'en')
    assert.equal(negotiateLocale(undefined, 'ar;q=0, en'), 'en')
  })

  it('builds the site URLs of a page', () => {
    assert.equal(localePath('en'), '/en/')
    assert.equal(localePath('ar', '/listings'), '/ar/listings')
    assert.equal(localePath('ar', 'property/3'), '/ar/property/3')
    assert.equal(localePath('ar', '/'), '/ar/')
    assert.equal(localePath('en', '/listings'), '/en/listings')
    assert.equal(localePath('en', 'terms'), '/en/terms')
    assert.equal(localePath('en', '/property/12'), '/en/property/12')
  })

  it('writes identifiers in the locale digits, keeping lettered ones', () => {
    assert.equal(localizeDigits('305', 'ar'), '٣٠٥')
    assert.equal(localizeDigits(2026, 'ar'), '٢٠٢٦')
    assert.equal(localizeDigits('B-305', 'ar'), 'B-305')
    assert.equal(localizeDigits('305', 'en'), '305')
    assert.equal(localizeDigits('105', 'ar'), '١٠٥')
    assert.equal(localizeDigits(2026, 'en'), '2026')
    assert.equal(localizeDigits('B-105', 'ar'), 'B-105')
    assert.equal(localizeDigits('٣٠٥', 'ar'), '٣٠٥')
  })

  it('keeps one e-mail rule', () => {
    assert.equal(isEmail(' sara@example.com '), true)
    assert.equal(isEmail('sara@example'), false)
    assert.equal(isEmail('sara example.com'), false)
    assert.equal(isEmail('a@b.c'), false)
    assert.equal(isEmail(' nora@example.sa '), true)
  })

  it('mirrors the choice in a cookie the server reads', () => {
    assert.equal(
      localeCookie('ar', false),
      'sakan.language=ar; Path=/; Max-Age=31536000; SameSite=Lax'
    )
    assert.match(localeCookie('en', true), /; Secure$/)
  })
})
