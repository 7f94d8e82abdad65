/**
 * Translations: i18next over the shared files in `@sakan/common/locales/<lang>/<ns>.json`
 * (`common` for the header and footer shared with the site, `account` for these pages,
 * `admin` for the back office, loaded when first needed). Only the current language is
 * downloaded. The language is detected and remembered by `@sakan/common`'s locale module, as
 * on the site, so both agree. Numbers in the texts: `{{count, number}}` for quantities,
 * `{{number, digits}}` for identifiers (room numbers, status codes), in the locale's digits.
 */
import {
  DEFAULT_LOCALE,
  directionOf,
  formatNumber,
  isLocale,
  LOCALES,
  localizeDigits,
  pickLocale,
  rememberLocale,
  storedLocale,
  type Locale,
} from '@sakan/common'
import type { I18nProvider } from '@refinedev/core'
import i18next, { type BackendModule, type ReadCallback } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { setLanguageState } from './i18n-state'

export const NAMESPACES = ['common', 'account', 'admin'] as const
export type Namespace = (typeof NAMESPACES)[number]
type Messages = { default: Record<string, unknown> }

/** Explicit imports, so the bundler emits one small chunk per language and namespace. */
const LOADERS: Record<Locale, Record<Namespace, () => Promise<Messages>>> = {
  en: {
    common: () => import('@sakan/common/locales/en/common.json'),
    account: () => import('@sakan/common/locales/en/account.json'),
    admin: () => import('@sakan/common/locales/en/admin.json'),
  },
  ar: {
    common: () => import('@sakan/common/locales/ar/common.json'),
    account: () => import('@sakan/common/locales/ar/account.json'),
    admin: () => import('@sakan/common/locales/ar/admin.json'),
  },
}

const sharedFilesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = isLocale(language) ? LOADERS[language][namespace as Namespace] : undefined
    if (!load) {
      callback(null, {})
      return
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false)
    )
  },
}

function applyToDocument(lang: Locale): void {
  document.documentElement.lang = lang
  document.documentElement.dir = directionOf(lang)
}

export const i18n = i18next.createInstance()

export function currentLanguage(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE
}

/** Starts i18next in the detected language with the namespaces every page needs. */
export async function initI18n(): Promise<Locale> {
  const lang = pickLocale(storedLocale(), navigator.languages ?? [navigator.language])
  setLanguageState(lang)
  applyToDocument(lang)
  i18n.on('languageChanged', (next) => {
    if (!isLocale(next)) return
    setLanguageState(next)
    applyToDocument(next)
  })
  await i18n
    .use(sharedFilesBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: [...LOCALES],
      // No fallback language: i18next would download English's files too for an Arabic
      // visitor. Both languages have the same keys (test/translations.test.ts here, the
      // site's for `common`), so nothing is ever missing.
      fallbackLng: false,
      ns: ['common', 'account'],
      defaultNS: 'account',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
  const formatter = i18n.services.formatter
  formatter?.add('number', (value: unknown, lng?: string) =>
    formatNumber(Number(value), pickLocale(lng))
  )
  formatter?.add('digits', (value: unknown, lng?: string) =>
    localizeDigits(String(value), pickLocale(lng))
  )
  return lang
}

export async function changeLanguage(lang: Locale): Promise<void> {
  rememberLocale(lang)
  await i18n.changeLanguage(lang)
}

/** Refine's view of the same instance (its hooks and notifications translate through it). */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(options as object | undefined) }) as string,
  changeLocale: (lang) => (isLocale(lang) ? changeLanguage(lang) : undefined),
  getLocale: () => currentLanguage(),
}
