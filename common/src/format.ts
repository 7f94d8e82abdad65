/**
 * Money and date formatting in the UI language. Arabic uses the Gregorian
 * calendar explicitly: some engines default `ar-SA` to the Hijri calendar.
 */

import { CURRENCY, RIYADH_TIME_ZONE } from './constants.js'
import type { Locale } from './locale.js'

/** The `Intl` locale tag for a UI language. */
export function intlLocale(locale: Locale | string): string {
  return locale === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB'
}

/*
 * Building an `Intl` formatter costs 40 to 130 µs, using one about 1 µs: each is built once per
 * language and options and kept (a handful in all: two languages, the options below).
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat, O>(
  kind: string,
  locale: Locale | string,
  options: O,
  make: (tag: string, options: O) => F
): F {
  const tag = intlLocale(locale)
  const key = `${kind}|${tag}|${JSON.stringify(options)}`
  let format = formats.get(key) as F | undefined
  if (!format) formats.set(key, (format = make(tag, options)))
  return format
}

const numberFormat = (locale: Locale | string, options: Intl.NumberFormatOptions) =>
  kept('number', locale, options, (tag, o) => new Intl.NumberFormat(tag, o))

const dateFormat = (locale: Locale | string, options: Intl.DateTimeFormatOptions) =>
  kept('date', locale, options, (tag, o) => new Intl.DateTimeFormat(tag, o))

/** Whole numbers (sizes, counts) in the locale's digits. */
export function formatNumber(value: number, locale: Locale | string): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(value)
}

/** SAR's decimals: none for whole riyals, two otherwise. */
const sarDecimals = (amount: number) => {
  const digits = Number.isInteger(amount) ? 0 : 2
  return { minimumFractionDigits: digits, maximumFractionDigits: digits }
}

/** An amount in SAR (not halalas): no decimals for whole riyals, two otherwise. */
export function formatSar(amount: number, locale: Locale | string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    ...sarDecimals(amount),
  }).format(amount)
}

/**
 * An amount in SAR as `formatSar` writes it, without the currency: the figure beside a
 * currency symbol drawn by someone else (the card form's pay button), e.g. "4,132.50",
 * "٤٬١٣٢٫٥٠".
 */
export function formatSarFigure(amount: number, locale: Locale | string): string {
  return numberFormat(locale, sarDecimals(amount)).format(amount)
}

/**
 * A place's latitude and longitude, to 4 decimals (about 11 m), in the locale's digits and
 * with its comma, like every other figure on the page: "24.7136, 46.6753", "٢٤٫٧١٣٦، ٤٦٫٦٧٥٣".
 */
export function formatCoordinates(
  latitude: number,
  longitude: number,
  locale: Locale | string
): string {
  const degrees = numberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 4 })
  return `${degrees.format(latitude)}${locale === 'ar' ? '، ' : ', '}${degrees.format(longitude)}`
}

/** A date in long format (e.g. "1 October 2026", "١ أكتوبر ٢٠٢٦"), as seen in Riyadh. */
export function formatLongDate(date: Date | string | number, locale: Locale | string): string {
  return dateFormat(locale, { dateStyle: 'long', timeZone: RIYADH_TIME_ZONE }).format(
    new Date(date)
  )
}

/** A calendar date `yyyy-MM-dd` in long format, whatever the time zone of the machine. */
export function formatCalendarDate(isoDate: string, locale: Locale | string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return isoDate
  return dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  )
}

/** A rent month `yyyy-MM`, e.g. "November 2026" ("نوفمبر ٢٠٢٦"). */
export function formatMonth(monthKey: string, locale: Locale | string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(monthKey)
  if (!match) return monthKey
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))
  )
}
