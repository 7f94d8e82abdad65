import { DEFAULT_LOCALE, isLocale, type Locale } from '@sakan/common'
import type { Namespace } from 'i18next'
import { useTranslation } from 'react-i18next'

/** The current UI language; components using it re-render when it changes. */
export function useLanguage(): Locale {
  const { i18n } = useTranslation()
  const lang = i18n.resolvedLanguage ?? i18n.language
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}

/** The words of `ns` and the language they are in: what most components start with. */
export function useTexts<const N extends Namespace>(ns: N) {
  const { t } = useTranslation(ns)
  return { t, lang: useLanguage() }
}
