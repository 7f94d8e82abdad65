/**
 * Money and date formatting in the UI language (DESIGN.md §8). Arabic uses the Gregorian
 * calendar explicitly: some engines default `ar-SA` to the Hijri calendar.
 */

import { CURRENCY, RIYADH_TIME_ZONE } from './constants.js'
import type { Locale } from './locale.js'

/** The `Intl` locale tag for a UI language. */
export function intlLocale(locale: Locale | string): string {
  return locale === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB'
}

/** Whole numbers (sizes, counts) in the locale's digits. */
export function formatNumber(value: number, locale: Locale | string): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(value)
}

/** An amount in SAR (not halalas): no decimals for whole riyals, two otherwise. */
export function formatSar(amount: number, locale: Locale | string): string {
  const whole = Number.isInteger(amount)
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount)
}

/** A date in long format (e.g. "1 October 2026", "١ أكتوبر ٢٠٢٦"), as seen in Riyadh. */
export function formatLongDate(date: Date | string | number, locale: Locale | string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'long',
    timeZone: RIYADH_TIME_ZONE,
  }).format(new Date(date))
}

/** A calendar date `yyyy-MM-dd` in long format, whatever the time zone of the machine. */
export function formatCalendarDate(isoDate: string, locale: Locale | string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return isoDate
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  )
}

/** A rent month `yyyy-MM`, e.g. "November 2026" ("نوفمبر ٢٠٢٦"). */
export function formatMonth(monthKey: string, locale: Locale | string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(monthKey)
  if (!match) return monthKey
  return new Intl.DateTimeFormat(intlLocale(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)))
}
