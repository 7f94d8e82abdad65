/** What the pages say about paying rent: only what the configured terms make true. */
import { describe, expect, it } from 'vitest'
import arSite from '@sakan/common/locales/ar/site.json'
import enSite from '@sakan/common/locales/en/site.json'
import { DEFAULT_RENT_TERMS, formatSar, rentPromise, type RentPromise } from '@sakan/common'
import { useText, useTranslations } from '../src/i18n'
import { faqAnswer } from '../src/components/home/faq'
import {
  discountText,
  lateRentText,
  paymentAnswerText,
  paymentBenefitText,
  rentTermsText,
} from '../src/lib/rent'

const en = useText('en')
const ar = useText('ar')
/** The API's default terms, as `/api/config` serves them: 5 days, no late fee, 5% and 10%. */
const defaults: RentPromise = rentPromise(DEFAULT_RENT_TERMS)
const terms = (changes: Partial<RentPromise>): RentPromise => ({ ...defaults, ...changes })
const noDiscounts = terms({ discountPercent: { quarterly: 0, annual: 0 } })
/** The rent paragraph of the terms page, as the page renders it. */
const termsParagraph = (lang: 'en' | 'ar', rent: RentPromise) => {
  const sections = useTranslations(lang)('legal.terms.sections', {
    returnObjects: true,
    rentTerms: rentTermsText(rent, lang, useText(lang)),
  }) as unknown as { body: string[] }[]
  return sections.flatMap((section) => section.body).find((text) => /SAR|بالريال/.test(text))!
}

describe('the default terms (5 days, no late fee, 5% and 10%)', () => {
  it('promise the 5 days and no late fee', () => {
    expect(defaults).toEqual({
      graceDays: 5,
      lateFee: null,
      discountPercent: { quarterly: 5, annual: 10 },
    })
    expect(lateRentText(defaults, 'en', en)).toBe(
      "Each month's rent can be paid until day 5 without being late."
    )
    expect(lateRentText(defaults, 'ar', ar)).toBe(
      'يمكن دفع إيجار كل شهر حتى اليوم ٥ منه دون تأخير.'
    )
    for (const text of [
      rentTermsText(defaults, 'en', en),
      paymentAnswerText(defaults, 'en', en),
      termsParagraph('en', defaults),
    ]) {
      expect(text).not.toMatch(/fee|grace/i)
      expect(text).toContain('until day 5')
    }
    for (const text of [
      rentTermsText(defaults, 'ar', ar),
      paymentAnswerText(defaults, 'ar', ar),
      termsParagraph('ar', defaults),
    ]) {
      expect(text).not.toMatch(/رسوم|مهلة/)
      expect(text).toContain('حتى اليوم ٥')
    }
  })

  it('name both discounts with their percentages', () => {
    expect(discountText(defaults, en)).toBe(
      'Paying quarterly takes 5% off the rent, and paying annually 10%.'
    )
    expect(discountText(defaults, ar)).toBe(
      'يمنح الدفع الربعي خصمًا بنسبة ٥٪ من الإيجار، والدفع السنوي خصمًا بنسبة ١٠٪.'
    )
    expect(paymentBenefitText(defaults, en)).toBe(
      'Pay rent by card in a few taps, and save 5% by paying quarterly or 10% by paying annually.'
    )
    expect(paymentAnswerText(defaults, 'en', en)).toBe(
      'Rent is paid online by card and is due on the 1st of each month. ' +
        "Each month's rent can be paid until day 5 without being late. " +
        "A security deposit of one month's rent is paid when you move in. " +
        'Paying quarterly takes 5% off the rent, and paying annually 10%.'
    )
    expect(termsParagraph('en', defaults)).toBe(
      'Prices are per month in Saudi riyals (SAR). Rent is due on the 1st of each month, and a ' +
        "security deposit of one month's rent is paid when you move in. Each month's rent can be " +
        'paid until day 5 without being late. Paying quarterly takes 5% off the rent, and paying ' +
        'annually 10%.'
    )
  })
})

describe('a configured late fee', () => {
  it('is named, in SAR, after the grace days', () => {
    const rent = terms({ graceDays: 3, lateFee: { amount: 50 } })
    const said = lateRentText(rent, 'en', en)!
    expect(said).toBe(
      `Each month's rent can be paid until day 3 without being late; after that, a late fee of ${formatSar(50, 'en')} is added.`
    )
    expect(said.replace(/\s/g, ' ')).toContain('a late fee of SAR 50 is added')
    expect(lateRentText(rent, 'ar', ar)).toBe(
      `يمكن دفع إيجار كل شهر حتى اليوم ٣ منه دون تأخير، وبعد ذلك تُضاف رسوم تأخير (${formatSar(50, 'ar')}).`
    )
    expect(formatSar(50, 'ar')).toContain('٥٠')
    expect(paymentAnswerText(rent, 'en', en)).toContain(said)
    expect(termsParagraph('en', rent)).toContain(said)
  })

  it('is named as a share of the month’s rent when it is a percentage', () => {
    const rent = terms({ lateFee: { percent: 5 } })
    expect(lateRentText(rent, 'en', en)).toBe(
      "Each month's rent can be paid until day 5 without being late; after that, a late fee of 5% of the month's rent is added."
    )
    expect(lateRentText(rent, 'ar', ar)).toBe(
      'يمكن دفع إيجار كل شهر حتى اليوم ٥ منه دون تأخير، وبعد ذلك تُضاف رسوم تأخير (٥٪ من إيجار الشهر).'
    )
  })

  it('is named alone without grace days, and nothing is said with neither', () => {
    expect(lateRentText(terms({ graceDays: 0, lateFee: { amount: 50 } }), 'en', en)).toBe(
      `A late fee of ${formatSar(50, 'en')} is added to rent paid late.`
    )
    expect(lateRentText(terms({ graceDays: 0 }), 'en', en)).toBeNull()
    expect(lateRentText(terms({ graceDays: 0 }), 'ar', ar)).toBeNull()
  })
})

describe('the discounts', () => {
  it('are not promised at all when both are 0', () => {
    expect(discountText(noDiscounts, en)).toBeNull()
    expect(discountText(noDiscounts, ar)).toBeNull()
    expect(paymentBenefitText(noDiscounts, en)).toBe('Pay rent by card in a few taps.')
    expect(paymentBenefitText(noDiscounts, ar)).toBe('ادفعي الإيجار بالبطاقة بخطوات قليلة.')
    for (const text of [
      rentTermsText(noDiscounts, 'en', en),
      paymentAnswerText(noDiscounts, 'en', en),
      faqAnswer('payment', noDiscounts, 'en', en),
      termsParagraph('en', noDiscounts),
    ])
      expect(text).not.toMatch(/discount|%|\boff\b|quarterl|annual/i)
    for (const text of [
      rentTermsText(noDiscounts, 'ar', ar),
      paymentAnswerText(noDiscounts, 'ar', ar),
      termsParagraph('ar', noDiscounts),
    ])
      expect(text).not.toMatch(/خصم|٪|ربع|سنوي/)
    expect(termsParagraph('en', noDiscounts)).toMatch(/without being late\.$/)
  })

  it('name only the one configured when the other is 0', () => {
    const quarterly = terms({ discountPercent: { quarterly: 7.5, annual: 0 } })
    const annual = terms({ discountPercent: { quarterly: 0, annual: 12 } })
    expect(discountText(quarterly, en)).toBe('Paying quarterly takes 7.5% off the rent.')
    expect(discountText(annual, en)).toBe('Paying annually takes 12% off the rent.')
    expect(discountText(quarterly, ar)).toBe('يمنح الدفع الربعي خصمًا بنسبة ٧٫٥٪ من الإيجار.')
    expect(discountText(annual, ar)).toBe('يمنح الدفع السنوي خصمًا بنسبة ١٢٪ من الإيجار.')
    expect(paymentBenefitText(annual, en)).toBe(
      'Pay rent by card in a few taps, and save 12% by paying annually.'
    )
    expect(paymentBenefitText(quarterly, ar)).toBe(
      'ادفعي الإيجار بالبطاقة بخطوات قليلة، ووفّري ٧٫٥٪ بالدفع الربعي.'
    )
  })
})

describe('the site’s fixed texts', () => {
  /** Every text of a locale file with its key, but the rent's own (which the terms choose). */
  const texts = (tree: unknown, prefix = ''): [string, string][] =>
    typeof tree === 'string'
      ? [[prefix, tree]]
      : Object.entries(tree as Record<string, unknown>).flatMap(([key, child]) =>
          texts(child, prefix ? `${prefix}.${key}` : key)
        )
  const chosen = /^(rent\.|home\.benefits\.items\.payment\.discounts\.)/

  it('promise no grace, late fee or discount of their own', () => {
    for (const [key, text] of texts(enSite))
      if (!chosen.test(key)) expect(text, key).not.toMatch(/grace|late fee|discount|% off/i)
    for (const [key, text] of texts(arSite))
      if (!chosen.test(key)) expect(text, key).not.toMatch(/مهلة|رسوم التأخير|رسوم تأخير|خصم/)
  })
})
