import { formatNumber } from '@sakan/common'
import type { i18n } from 'i18next'

/** `{{count, number}}` in the translations writes the number in the locale's digits (DESIGN.md §8). */
export function withLocaleNumbers(instance: i18n): void {
  instance.services.formatter?.add('number', (value: unknown, lng?: string) =>
    formatNumber(Number(value), lng === 'ar' ? 'ar' : 'en')
  )
}
