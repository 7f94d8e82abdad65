/**
 * Translations for pages rendered on the server (at build or on demand): the shared
 * `common` namespace and the site's own `site` namespace from `@sakan/common`.
 */
import arCommon from '@sakan/common/locales/ar/common.json'
import arSite from '@sakan/common/locales/ar/site.json'
import enCommon from '@sakan/common/locales/en/common.json'
import enSite from '@sakan/common/locales/en/site.json'
import i18next, { type TFunction } from 'i18next'
import { isLocale, type Locale, type Translate } from '@sakan/common'
import { withLocaleNumbers } from './numbers'

export const resources = {
  en: { site: enSite, common: enCommon },
  ar: { site: arSite, common: arCommon },
} as const

export type SiteMessages = typeof enSite
export type CommonMessages = typeof enCommon

const instances = new Map<Locale, TFunction>()

/** `t('home.hero.title')` (site) or `t('common:nav.home')`. */
export function useTranslations(lang: Locale): TFunction {
  let t = instances.get(lang)
  if (!t) {
    const instance = i18next.createInstance()
    void instance.init({
      lng: lang,
      fallbackLng: 'en',
      ns: ['site', 'common'],
      defaultNS: 'site',
      resources: resources as unknown as Record<string, Record<string, object>>,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    withLocaleNumbers(instance)
    t = instance.t.bind(instance) as TFunction
    instances.set(lang, t)
  }
  return t
}

/** What a component that draws texts in its page's language takes. */
export interface LangProps {
  lang: Locale
}

/** A component's props with its texts: `const { lang, t } = withTexts(Astro.props)`. */
export function withTexts<P extends LangProps>(props: P): P & { t: TFunction } {
  return { ...props, t: useTranslations(props.lang) }
}

/**
 * A page's language from its `[lang]` segment, and its texts; `known` is false for any other
 * first segment (the page is then the 404 page, drawn in English).
 */
export function pageLanguage(segment: string | undefined): {
  known: boolean
  lang: Locale
  t: TFunction
} {
  const known = isLocale(segment)
  const lang: Locale = known ? segment : 'en'
  return { known, lang, t: useTranslations(lang) }
}

/** The same texts as a plain `Translate`, for the shared React shell (`@sakan/common/ui`). */
export function useText(lang: Locale): Translate {
  const t = useTranslations(lang)
  return (key, values) => t(key, { ...values })
}

/** A part of the translations, to hand to a page script (keeps the page's payload small). */
export function messagesFor(
  lang: Locale,
  site: (keyof SiteMessages)[],
  common: (keyof CommonMessages)[]
) {
  const pickFrom = (source: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, source[key]]))
  return {
    site: pickFrom(resources[lang].site as Record<string, unknown>, site as string[]),
    common: pickFrom(resources[lang].common as Record<string, unknown>, common as string[]),
  }
}

export type IslandMessages = ReturnType<typeof messagesFor>
