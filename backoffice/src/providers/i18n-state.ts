/** The current UI language, readable without React or i18next (the HTTP layer needs it). */
import { DEFAULT_LOCALE, type Locale } from '@sakan/common'

let current: Locale = DEFAULT_LOCALE

export function getLanguage(): Locale {
  return current
}

export function setLanguageState(lang: Locale): void {
  current = lang
}
