import type { Locale, RentPromise } from '@sakan/common'
import { paymentAnswerText, type RentText } from '../../lib/rent'

/** The home page's questions, in order: the FAQ section and the page's FAQPage structured data. */
export const FAQ_KEYS = [
  'application',
  'security',
  'transportation',
  'payment',
  'amenities',
] as const

export type FaqKey = (typeof FAQ_KEYS)[number]

/**
 * A question's answer, the same in the section and in the structured data; the one on paying
 * rent says only what the configured rent terms make true.
 */
export function faqAnswer(key: FaqKey, rent: RentPromise, lang: Locale, t: RentText): string {
  return key === 'payment' ? paymentAnswerText(rent, lang, t) : t(`home.faq.items.${key}.answer`)
}
