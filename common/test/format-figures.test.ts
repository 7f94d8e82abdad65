/**
 * Figures written beside someone else's text in the locale's digits: the card form's
 * amount beside its currency symbol, a place's coordinates, a phone number.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { formatCoordinates, formatSar, formatSarFigure } from '../src/format.js'
import { localizeDigits } from '../src/locale.js'

/** Without the direction marks Intl puts around right-to-left text. */
const strip = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '')

describe('formatSarFigure', () => {
  it('writes the amount as formatSar does, without the currency', () => {
    assert.equal(formatSarFigure(4132.5, 'en'), '4,132.50')
    assert.equal(formatSarFigure(4000, 'en'), '4,000')
    assert.equal(formatSarFigure(4132.5, 'ar'), '٤٬١٣٢٫٥٠')
    assert.equal(formatSarFigure(4000, 'ar'), '٤٬٠٠٠')
    for (const amount of [4132.5, 4000, 0.5])
      assert.ok(strip(formatSar(amount, 'ar')).includes(formatSarFigure(amount, 'ar')))
  })
})

describe('formatCoordinates', () => {
  it('writes latitude and longitude to 4 decimals with the English comma', () => {
    assert.equal(formatCoordinates(24.71364, 46.67532, 'en'), '24.7136, 46.6753')
  })
  it('writes them in Arabic-Indic digits with the Arabic comma in Arabic', () => {
    const text = formatCoordinates(24.71364, 46.67532, 'ar')
    assert.equal(text, '٢٤٫٧١٣٦، ٤٦٫٦٧٥٣')
    assert.ok(!/[0-9,]/.test(text), text)
  })
})

describe('a phone number (localizeDigits)', () => {
  it('is written in Arabic-Indic digits in Arabic, its plus sign and spacing kept', () => {
    assert.equal(localizeDigits('+966 11 234 5678', 'ar'), '+٩٦٦ ١١ ٢٣٤ ٥٦٧٨')
    assert.equal(localizeDigits('+966 11 234 5678', 'en'), '+966 11 234 5678')
  })
})
