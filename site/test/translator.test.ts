import { describe, expect, it } from 'vitest'
import { createTranslator } from '../src/i18n/client'
import { messagesFor, useTranslations } from '../src/i18n'

const cases: [string, Record<string, unknown>?][] = [
  ['listings.title'],
  ['common:locations.north'],
  ['common:room.size', { size: 14 }],
  ['listings.resultCount', { count: 0 }],
  ['listings.resultCount', { count: 1 }],
  ['listings.resultCount', { count: 2 }],
  ['listings.resultCount', { count: 5 }],
  ['listings.resultCount', { count: 11 }],
  ['listings.resultCount', { count: 100 }],
  ['listings.resultCount', { count: 1234 }],
  ['listings.showing', { shown: 12, total: 30 }],
  ['card.remaining', { count: 1 }],
  ['card.photoAlt', { type: 'Studio', building: 'Hittin Heights' }],
  ['filters.priceOrMore', { price: 'SAR 3,500' }],
  ['property.gallery.counter', { index: 2, total: 4 }],
  ['property.roomNumber', { number: '305' }],
  ['common:room.number', { number: 'B-305' }],
  ['common:room.availableFrom', { date: '1 January 2027' }],
]

describe('island translator', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`says exactly what i18next says (${lang})`, () => {
      const server = useTranslations(lang)
      const island = createTranslator(
        lang,
        messagesFor(
          lang,
          ['listings', 'filters', 'card', 'property'],
          ['locations', 'amenities', 'features', 'room']
        )
      )
      for (const [key, values] of cases)
        expect(island(key, values), key).toBe(server(key, values ?? {}))
    })
  }

  it('writes numbers in Arabic digits and picks Arabic plural forms', () => {
    const t = createTranslator('ar', messagesFor('ar', ['listings'], []))
    expect(t('listings.resultCount', { count: 2 })).toBe('غرفتان')
    expect(t('listings.resultCount', { count: 5 })).toBe('٥ غرف')
    expect(t('listings.resultCount', { count: 11 })).toBe('١١ غرفة')
  })

  it('writes identifiers in Arabic digits, keeping lettered ones as printed', () => {
    const t = createTranslator('ar', messagesFor('ar', ['property'], ['room']))
    expect(t('property.roomNumber', { number: '305' })).toBe('غرفة ٣٠٥')
    expect(t('common:room.number', { number: 'B-305' })).toBe('غرفة B-305')
  })

  it('returns the key for a missing text', () => {
    expect(createTranslator('en', messagesFor('en', [], []))('nope.missing')).toBe('nope.missing')
  })
})
