import type { HttpContext } from '@adonisjs/core/http'
import { DEFAULT_LOCALE, LOCALES, type Locale, isOneOf } from '@sakan/common'
import en from '@sakan/common/locales/en/api.json' with { type: 'json' }
import ar from '@sakan/common/locales/ar/api.json' with { type: 'json' }

type Messages = { [key: string]: string | Messages }
const catalogs: Record<Locale, Messages> = { en, ar }

/**
 * The caller's language: an explicit `X-Locale` header (the apps send the visitor's choice),
 * else the first supported language of `Accept-Language`, else English.
 */
export function requestLocale(ctx: HttpContext): Locale {
  const explicit = ctx.request.header('x-locale')
  if (isOneOf(LOCALES, explicit)) return explicit
  const accepted = ctx.request.header('accept-language') ?? ''
  for (const part of accepted.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isOneOf(LOCALES, tag)) return tag
  }
  return DEFAULT_LOCALE
}

/** A message of the API's catalogue (`common/locales/<locale>/api.json`), English as fallback. */
export function translate(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {}
): string {
  const template = lookup(catalogs[locale], key) ?? lookup(catalogs[DEFAULT_LOCALE], key) ?? key
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}
