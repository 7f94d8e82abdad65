/**
 * What the public pages say about paying rent: only what the API's configured terms
 * (`/api/config`'s `rent`, read by `fetchRentPromise`) make true. Until which day of the month
 * rent is not late, a late fee only when one is charged (in SAR, or a share of the month's
 * rent), and only the discounts that are configured, with their percentages.
 */
import {
  discountVariant,
  formatSar,
  type Locale,
  type RentPromise,
  type Translate,
} from '@sakan/common'

/** The site's texts in the page's language (`useText(lang)`). */
export type RentText = Translate

/**
 * The sentence about paying late: until which day rent is not late, and the late fee after it
 * only when one is charged. Null when there is nothing true to say (no grace and no fee).
 */
export function lateRentText(rent: RentPromise, lang: Locale, t: RentText): string | null {
  const fee = rent.lateFee
  const amount = !fee
    ? null
    : 'amount' in fee
      ? formatSar(fee.amount, lang)
      : t('rent.lateFeePercent', { percent: fee.percent })
  if (rent.graceDays >= 1) {
    const day = rent.graceDays
    return amount ? t('rent.graceLateFee', { day, fee: amount }) : t('rent.grace', { day })
  }
  return amount ? t('rent.lateFee', { fee: amount }) : null
}

/** The sentence naming the configured discounts for paying ahead; null when there is none. */
export function discountText(rent: RentPromise, t: RentText): string | null {
  const discounts = discountVariant(rent)
  return discounts ? t(`rent.discounts.${discounts.variant}`, discounts.values) : null
}

/** Sentences as one text, leaving out those there is nothing to say for. */
export function sentences(...parts: (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
}

/** The rent's terms as one text: the sentence on paying late, then the one on discounts. */
export function rentTermsText(rent: RentPromise, lang: Locale, t: RentText): string {
  return sentences(lateRentText(rent, lang, t), discountText(rent, t))
}

/** The home page's payment benefit: paying by card, with the configured discounts if any. */
export function paymentBenefitText(rent: RentPromise, t: RentText): string {
  const discounts = discountVariant(rent)
  return discounts
    ? t(`home.benefits.items.payment.discounts.${discounts.variant}`, discounts.values)
    : t('home.benefits.items.payment.text')
}

/** The home page's answer on paying rent: how and when, paying late, the deposit, discounts. */
export function paymentAnswerText(rent: RentPromise, lang: Locale, t: RentText): string {
  return sentences(
    t('home.faq.items.payment.answer'),
    lateRentText(rent, lang, t),
    t('home.faq.items.payment.deposit'),
    discountText(rent, t)
  )
}
