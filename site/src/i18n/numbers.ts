import { formatNumber, localizeDigits, pickLocale } from '@sakan/common'
import type { i18n } from 'i18next'

/**
 * The locale's digits in the translations, one number format per locale: `{{count, number}}`
 * writes a quantity (grouped), `{{number, digits}}` an identifier as printed (room number,
 * year) — both in Arabic-Indic digits in Arabic.
 */
export function withLocaleNumbers(instance: i18n): void {
  instance.services.formatter?.add('number', (value: unknown, lng?: string) =>
    formatNumber(Number(value), pickLocale(lng))
  )
  instance.services.formatter?.add('digits', (value: unknown, lng?: string) =>
    localizeDigits(String(value), pickLocale(lng))
  )
}
