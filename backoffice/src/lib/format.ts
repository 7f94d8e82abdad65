/**
 * Dates, months and sizes in the UI language: Gregorian calendar, Riyadh time.
 * Long dates alone come from `formatLongDate` in @sakan/common.
 */
import { RIYADH_TIME_ZONE, intlLocale, type Locale } from '@sakan/common'

/* Calendar dates and rent months are written the same way in e-mails: once, in common. */
export { formatCalendarDate, formatMonth } from '@sakan/common'

/** A date and time, e.g. "22 November 2026 at 13:25". */
export function formatDateTime(value: Date | string | number, lang: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: RIYADH_TIME_ZONE,
  }).format(new Date(value))
}

/**
 * A file size with the locale's digits and unit symbols, e.g. "2.4 MB", "830 kB", "146 B"
 * ("٢٫٤ م.ب", "١٤٦ ب"). Intl's short style spells some units out ("146 byte", "٨٣٠ كيلوبايت"),
 * so the symbols come from the narrow style, set in the short style's spacing.
 */
export function formatFileSize(bytes: number, lang: Locale): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1_000
        ? [bytes / 1_000, 'kilobyte']
        : [bytes, 'byte']
  const options: Intl.NumberFormatOptions = {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }
  const parts = new Intl.NumberFormat(intlLocale(lang), options).formatToParts(value)
  const symbol = new Intl.NumberFormat(intlLocale(lang), { ...options, unitDisplay: 'narrow' })
    .formatToParts(value)
    .find((part) => part.type === 'unit')?.value
  return parts.map((part) => (part.type === 'unit' && symbol ? symbol : part.value)).join('')
}

/** A calendar date's parts, read from `yyyy-MM-dd` (Mantine's date strings) without a time zone. */
function utcDate(isoDate: string): Date {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number)
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1))
}

function utcFormat(lang: Locale, options: Intl.DateTimeFormatOptions) {
  const format = new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' })
  return (isoDate: string) => format.format(utcDate(isoDate))
}

/**
 * The date picker's headings and numbers in the UI language (Gregorian, the locale's digits),
 * so the calendar reads like every other date on the page.
 */
export function calendarFormats(lang: Locale) {
  const day = utcFormat(lang, { day: 'numeric' })
  const monthYear = utcFormat(lang, { month: 'long', year: 'numeric' })
  const year = utcFormat(lang, { year: 'numeric' })
  const shortMonth = utcFormat(lang, { month: 'short' })
  return {
    renderDay: (date: string) => day(date),
    monthLabelFormat: (date: string) => monthYear(date),
    yearLabelFormat: (date: string) => year(date),
    decadeLabelFormat: (start: string, end: string) => `${year(start)} – ${year(end)}`,
    monthsListFormat: (date: string) => shortMonth(date),
    yearsListFormat: (date: string) => year(date),
  }
}

/**
 * A name or address set apart from the sentence around it (Unicode first-strong isolate),
 * so "Noura Al-Harbi (noura@x.sa)" keeps its order inside an Arabic sentence and vice versa.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`
}
