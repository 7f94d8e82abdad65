/**
 * Translations: i18next over the shared files in `@sakan/common/locales/<lang>/<ns>.json`
 * (`common` for the header and footer shared with the site, `account` for these pages, in
 * two parts (see LOADERS), `admin` for the back office, `notifications` for the signed-in
 * user's bell, loaded when first needed). Only the
 * current language is downloaded. The language is detected and remembered by `@sakan/common`'s locale module, as
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

export const NAMESPACES = ['common', 'account', 'admin', 'notifications'] as const
export type Namespace = (typeof NAMESPACES)[number]
type Messages = { default: Record<string, unknown> }
type Loader = () => Promise<Messages>

/**
 * Explicit imports, so the bundler emits one small chunk per language and namespace. The
 * `account` file comes in two parts (route-chunks.ts, ACCOUNT_DATA_SECTIONS; the build splits
 * it): the sections every page's first load needs, and those of the pages that read data.
 */
const LOADERS: Record<Locale, Record<Namespace, Loader> & { accountData: Loader }> = {
  en: {
    common: () => import('@sakan/common/locales/en/common.json'),
    account: () => import('@sakan/common/locales/en/account.json?part=start'),
    accountData: () => import('@sakan/common/locales/en/account.json?part=data'),
    admin: () => import('@sakan/common/locales/en/admin.json'),
    notifications: () => import('@sakan/common/locales/en/notifications.json'),
  },
  ar: {
    common: () => import('@sakan/common/locales/ar/common.json'),
    account: () => import('@sakan/common/locales/ar/account.json?part=start'),
    accountData: () => import('@sakan/common/locales/ar/account.json?part=data'),
    admin: () => import('@sakan/common/locales/ar/admin.json'),
    notifications: () => import('@sakan/common/locales/ar/notifications.json'),
  },
}

/** The namespaces the pages that read data load with `account`'s data sections. */
const DATA_NAMESPACES: Namespace[] = ['notifications', 'admin']

/** Whether a page that reads data has asked for its texts: `account` is then loaded whole. */
let withDataTexts = false

async function readNamespace(lang: Locale, namespace: Namespace): Promise<Messages['default']> {
  const texts = (await LOADERS[lang][namespace]()).default
  if (namespace !== 'account' || !withDataTexts) return texts
  return { ...texts, ...(await LOADERS[lang].accountData()).default }
}

const sharedFilesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLocale(language) || !(NAMESPACES as readonly string[]).includes(namespace)) {
      callback(null, {})
      return
    }
    readNamespace(language, namespace as Namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error as Error, false)
    )
  },
}

/**
 * The `account` texts of the pages that read data, for every language loaded so far (and,
 * from now on, with `account` in any language switched to). Refine's layout route waits for
 * them, so none of its pages renders a missing text.
 */
export async function loadDataTexts(): Promise<void> {
  withDataTexts = true
  const languages = LOCALES.filter((lang) => i18n.hasResourceBundle(lang, 'account'))
  await Promise.all([
    ...languages.map(async (lang) => {
      const texts = (await LOADERS[lang].accountData()).default
      i18n.addResourceBundle(lang, 'account', texts, true, true)
    }),
    /* The bell's and the lists' texts, beside them: asked for by the components as they render,
       each would suspend the page once more, one after another (route-chunks.ts, DATA_TEXTS). */
    i18n.loadNamespaces(DATA_NAMESPACES),
  ])
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
