/**
 * Translations in a page script, from the part of the files the page handed it. The server
 * renders with i18next; scripts use this small reader of the same files (same keys,
 * `ns:` prefixes, `{{name}}` / `{{name, number}}` / `{{name, digits}}` and CLDR plural suffixes), which keeps
 * i18next's 13 KB out of the pages' budgets. test/translator.test.ts checks both agree.
 */
import { formatNumber, intlLocale, localizeDigits, type Locale } from '@sakan/common'
import type { IslandMessages } from './index'

export type Translate = (key: string, values?: Record<string, unknown>) => string

export function createTranslator(lang: Locale, messages: IslandMessages): Translate {
  const plural = new Intl.PluralRules(intlLocale(lang))
  const lookup = (key: string): unknown => {
    const split = key.indexOf(':')
    const namespace = split >= 0 ? key.slice(0, split) : 'site'
    const path = split >= 0 ? key.slice(split + 1) : key
    return path
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        messages[namespace as keyof IslandMessages]
      )
  }
  return (key, values = {}) => {
    let text: unknown
    const count = values.count
    if (typeof count === 'number') {
      if (count === 0) text = lookup(`${key}_zero`)
      text ??= lookup(`${key}_${plural.select(count)}`) ?? lookup(`${key}_other`)
    }
    text ??= lookup(key)
    if (typeof text !== 'string') return key
    return text.replace(
      /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g,
      (_, name: string, format?: string) => {
        const value = values[name]
        if (value === undefined || value === null) return ''
        if (format === 'number') return formatNumber(Number(value), lang)
        return format === 'digits' ? localizeDigits(String(value), lang) : String(value)
      }
    )
  }
}
