import { readFile } from 'node:fs/promises'
import { defineConfig } from '@adonisjs/i18n'
import type {
  TranslationsFormatterContract,
  TranslationsLoaderContract,
} from '@adonisjs/i18n/types'
import { DEFAULT_LOCALE, LOCALES, localizeDigits } from '@sakan/common'

type Catalogue = { [key: string]: string | Catalogue }

/*
 * Our catalogue keeps the shape the front ends share (`common/locales/<locale>/api.json`);
 * only its two VineJS sections are renamed to what i18n's messages provider looks up:
 * rule messages `validation.*` → `validator.shared.messages.*`, field labels `fields.*` →
 * `validator.shared.fields.*`.
 */
const SECTIONS: Record<string, string> = {
  validation: 'validator.shared.messages',
  fields: 'validator.shared.fields',
}

function flatten(catalogue: Catalogue, prefix: string, into: Record<string, string>) {
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : (SECTIONS[key] ?? key)
    if (typeof value === 'string') into[name] = value
    else flatten(value, name, into)
  }
  return into
}

/** Reads `@sakan/common/locales/<locale>/api.json` for every supported locale. */
const commonLocalesLoader = (): TranslationsLoaderContract => ({
  async load() {
    const entries = await Promise.all(
      LOCALES.map(async (locale) => {
        const file = new URL(import.meta.resolve(`@sakan/common/locales/${locale}/api.json`))
        const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue
        return [locale, flatten(catalogue, '', {})] as const
      })
    )
    return Object.fromEntries(entries)
  },
})

/**
 * The catalogue's placeholders are VineJS's `{{ name }}` (dotted paths allowed). A number is
 * written in the locale's digits and without grouping (`{{ max }}` is ١٠٠٠٠٠٠٠٠٠ in Arabic),
 * as the account app writes them; anything else is inserted as given.
 */
const mustacheFormatter = (): TranslationsFormatterContract => ({
  name: 'mustache',
  format(message, locale, data = {}) {
    return message.replace(/{{\s*([\w.*]+)\s*}}/g, (_, path: string) => {
      let value: unknown = data
      for (const token of path.split('.')) {
        value =
          value !== null && typeof value === 'object' && Object.hasOwn(value, token)
            ? (value as Record<string, unknown>)[token]
            : undefined
      }
      if (value === undefined) return ''
      return typeof value === 'number' ? localizeDigits(value, locale) : String(value)
    })
  },
})

const i18nConfig = defineConfig({
  defaultLocale: DEFAULT_LOCALE,
  supportedLocales: [...LOCALES],
  formatter: mustacheFormatter,
  loaders: [commonLocalesLoader],
})

export default i18nConfig
