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
    assert.equal(isLocale('fr'), false)
    assert.equal(isLocale(undefined), false)
    assert.equal(directionOf('ar'), 'rtl')
    assert.equal(directionOf('en'), 'ltr')
    assert.equal(otherLocale('ar'), 'en')
    assert.equal(otherLocale('en'), 'ar')
  })

  it('picks the stored choice, then the browser languages, then English', () => {
    assert.equal(pickLocale('ar', ['en-US']), 'ar')
    assert.equal(pickLocale('xx', ['fr-FR', 'ar-SA']), 'ar')
    assert.equal(pickLocale(null, ['AR']), 'ar')
    assert.equal(pickLocale(undefined, ['fr']), 'en')
    assert.equal(pickLocale(null), 'en')
  })

  it('reads Accept-Language by quality, then order', () => {
    assert.deepEqual(acceptedLanguages('en;q=0.5, ar-SA, fr;q=0'), ['ar-sa', 'en'])
    assert.deepEqual(acceptedLanguages(''), [])
    assert.equal(negotiateLocale(undefined, 'fr, ar;q=0.8, en;q=0.7'), 'ar')
    assert.equal(negotiateLocale('en', 'ar'), 'en')
    assert.equal(negotiateLocale(null, null), 'en')
  })

  it('builds the site URLs of a page', () => {
    assert.equal(localePath('en'), '/en/')
    assert.equal(localePath('ar', '/listings'), '/ar/listings')
    assert.equal(localePath('ar', 'property/3'), '/ar/property/3')
  })

  it('writes identifiers in the locale digits, keeping lettered ones', () => {
    assert.equal(localizeDigits('305', 'ar'), '٣٠٥')
    assert.equal(localizeDigits(2026, 'ar'), '٢٠٢٦')
    assert.equal(localizeDigits('B-305', 'ar'), 'B-305')
    assert.equal(localizeDigits('305', 'en'), '305')
  })

  it('keeps one e-mail rule', () => {
    assert.equal(isEmail(' sara@example.com '), true)
    assert.equal(isEmail('sara@example'), false)
    assert.equal(isEmail('sara example.com'), false)
    assert.equal(isEmail('a@b.c'), false)
  })

  it('mirrors the choice in a cookie the server reads', () => {
    assert.equal(
      localeCookie('ar', false),
      'sakan.language=ar; Path=/; Max-Age=31536000; SameSite=Lax'
    )
    assert.match(localeCookie('en', true), /; Secure$/)
  })
})
