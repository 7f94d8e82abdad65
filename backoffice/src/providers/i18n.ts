/**
 * Translations: i18next over the shared files in `@sakan/common/locales/<lang>/<ns>.json`
 * (`common` for the header and footer shared with the site, `account` for these pages,
 * `admin` for the back office, loaded when first needed). Only the current language is
 * downloaded. The choice is remembered under the site's own key, so both agree.
 */
import { LANGUAGE_STORAGE_KEY, formatNumber, type Locale } from '@sakan/common'
import type { I18nProvider } from '@refinedev/core'
import i18next, { type BackendModule, type ReadCallback } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { detectLanguage, directionOf, isLocale } from '../lib/language'
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

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** Remembers the choice for this app and the public site (localStorage, plus the site's cookie mirror). */
function rememberLanguage(lang: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang)
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}

function applyToDocument(lang: Locale): void {
  document.documentElement.lang = lang
  document.documentElement.dir = directionOf(lang)
}

export const i18n = i18next.createInstance()

export function currentLanguage(): Locale {
  return isLocale(i18n.language) ? i18n.language : 'en'
}

/** Starts i18next in the detected language with the namespaces every page needs. */
export async function initI18n(): Promise<Locale> {
  const lang = detectLanguage(storedLanguage(), navigator.languages ?? [navigator.language])
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
      supportedLngs: ['en', 'ar'],
      fallbackLng: 'en',
      ns: ['common', 'account'],
      defaultNS: 'account',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
  i18n.services.formatter?.add('number', (value: unknown, lng?: string) =>
    formatNumber(Number(value), lng === 'ar' ? 'ar' : 'en')
  )
  return lang
}

export async function changeLanguage(lang: Locale): Promise<void> {
  rememberLanguage(lang)
  await i18n.changeLanguage(lang)
}

/** Refine's view of the same instance (its hooks and notifications translate through it). */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(options as object | undefined) }) as string,
  changeLocale: (lang) => (isLocale(lang) ? changeLanguage(lang) : undefined),
  getLocale: () => currentLanguage(),
}
