/** The product's own texts, read from the translation files, and form fields found by them. */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Lang } from './fixtures'

export type Messages = Record<string, unknown>
export type Namespace = 'account' | 'admin' | 'api' | 'common' | 'site'

export const messages = (lang: Lang, ns: Namespace): Messages =>
  JSON.parse(
    readFileSync(new URL(`../../common/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')
  ) as Messages

/** `text(m, 'a.b')` with `{{name}}` and `{{name, number}}` placeholders filled. */
export function text(
  source: Messages,
  key: string,
  values: Record<string, string | number> = {}
): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], source)
  if (typeof value !== 'string') throw new Error(`missing translation ${key}`)
  return value.replace(/\{\{\s*(\w+)(?:,\s*number)?\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? '')
  )
}

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A form field by its visible label (Mantine appends a hidden " *" to required ones). */
export const field = (page: Page, label: string) =>
  page.locator('main').getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`))
