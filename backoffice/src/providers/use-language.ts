import { DEFAULT_LOCALE, isLocale, type Locale } from '@sakan/common'
import { useTranslation } from 'react-i18next'

/** The current UI language; components using it re-render when it changes. */
export function useLanguage(): Locale {
  const { i18n } = useTranslation()
  const lang = i18n.resolvedLanguage ?? i18n.language
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}
