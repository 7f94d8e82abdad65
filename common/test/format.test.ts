import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { formatLongDate, formatMonth, formatNumber, formatSar, intlLocale } from '../src/format.js'
import { monthRange } from '../src/ledger.js'
import { formatMonthSpan } from '../src/month-span.js'

/** Arabic-Indic digits and the marks Intl puts around RTL currency text. */
const ARABIC_DIGITS = /[٠-٩]/
const strip = (text: string) => text.replace(/[\u200e\u200f\u061c\u00a0]/g, ' ').trim()

describe('intlLocale', () => {
  it('asks for the Gregorian calendar in Arabic', () => {
    assert.equal(intlLocale('ar'), 'ar-SA-u-ca-gregory')
    assert.equal(intlLocale('en'), 'en-GB')
  })
})

describe('formatSar', () => {
  it('formats whole riyals without decimals in English', () => {
    assert.equal(strip(formatSar(1850, 'en')), 'SAR 1,850')
  })
  it('keeps halalas when there are some', () => {
    assert.equal(strip(formatSar(19.5, 'en')), 'SAR 19.50')
  })
  it('uses Arabic digits and the riyal sign in Arabic', () => {
    const text = formatSar(1850, 'ar')
    assert.match(text, ARABIC_DIGITS)
    assert.match(text, /ر\.س/)
    assert.ok(!/1850|1,850/.test(text))
  })
})

describe('formatNumber', () => {
  it('groups digits per locale', () => {
    assert.equal(formatNumber(3500, 'en'), '3,500')
    assert.match(formatNumber(14, 'ar'), /^[٠-٩]+$/)
  })
})

describe('formatLongDate', () => {
  const october = '2026-10-01T08:00:00.000Z'
  it('writes the long English date', () => {
    assert.equal(formatLongDate(october, 'en'), '1 October 2026')
  })
  it('writes the Gregorian month in Arabic, never the Hijri one', () => {
    const text = formatLongDate(october, 'ar')
    assert.match(text, /أكتوبر/)
    assert.match(text, /٢٠٢٦/)
    assert.ok(!/هـ/.test(text), `Hijri era marker in ${text}`)
  })
  it('takes the calendar day in Riyadh (UTC+3)', () => {
    assert.equal(formatLongDate('2026-11-30T21:30:00Z', 'en'), '1 December 2026')
  })
})

describe('formatMonthSpan', () => {
  it('writes one month as that month', () => {
    assert.equal(formatMonthSpan(['2026-12'], 'en'), 'December 2026')
    assert.equal(formatMonthSpan(['2026-12'], 'ar'), formatMonth('2026-12', 'ar'))
  })
  it('writes twelve months in a row as a range, the year turning in between', () => {
    const year = monthRange('2026-12', '2027-11')
    assert.equal(year.length, 12)
    assert.equal(formatMonthSpan(year, 'en'), 'December 2026 – November 2027')
  })
  it('writes the Arabic range with Arabic month names and digits, Gregorian', () => {
    const span = formatMonthSpan(monthRange('2026-12', '2027-11'), 'ar')
    assert.equal(span, `${formatMonth('2026-12', 'ar')} – ${formatMonth('2027-11', 'ar')}`)
    assert.match(span, /^ديسمبر ٢٠٢٦ – نوفمبر ٢٠٢٧$/)
    assert.ok(!/[0-9]/.test(span), span)
  })
  it('sorts first: months in a row given out of order are still a range', () => {
    assert.equal(
      formatMonthSpan(['2027-02', '2026-12', '2027-01'], 'en'),
      'December 2026 – February 2027'
    )
  })
  it('lists months with a gap, in order, with the locale’s comma', () => {
    assert.equal(formatMonthSpan(['2027-02', '2026-12'], 'en'), 'December 2026, February 2027')
    assert.equal(
      formatMonthSpan(['2026-12', '2027-02'], 'ar'),
      `${formatMonth('2026-12', 'ar')}، ${formatMonth('2027-02', 'ar')}`
    )
  })
  it('writes nothing for no months', () => {
    assert.equal(formatMonthSpan([], 'en'), '')
  })
})
