import type { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { pickLocale, type Locale } from '@sakan/common'
import { lazyContextProperty } from '#server/request_context'

/**
 * The caller's language by `@sakan/common`'s rule (a choice, then the first supported language,
 * then English): an explicit `X-Locale` header (the apps send the visitor's choice), else the
 * languages of `Accept-Language` in the order written, whatever their weight
 * (tests/functional/locale.spec.ts).
 */
export function detectLocale(ctx: HttpContext): Locale {
  return localeOf(ctx.request.header('x-locale'), ctx.request.header('accept-language'))
}

/** The language named by these `X-Locale` and `Accept-Language` headers, by the rule above. */
export function localeOf(choice: string | undefined, acceptLanguage: string | undefined): Locale {
  const written = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? '')
  return pickLocale(choice, written)
}

/** The request's i18n: messages of `common/locales/<locale>/api.json` in the caller's language. */
export function i18nFor(ctx: HttpContext): LocaleI18n {
  const locale = detectLocale(ctx)
  let i18n = perLocale.get(locale)
  if (!i18n) {
    i18n = i18nManager.locale(locale) as LocaleI18n
    perLocale.set(locale, i18n)
  }
  return i18n
}

/*
 * One i18n per language for the whole process, not one per request (issue 28): nothing of a
 * request is kept in it (nothing here switches its locale).
 */
const perLocale = new Map<Locale, LocaleI18n>()

/* `request.validateUsing` answers validation errors in the caller's language. */
RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()

/*
 * `ctx.i18n`, the caller's i18n, is made when first read (a message, a localized body, an
 * error): a request that needs no text never detects its language (issue 28).
 */
lazyContextProperty('i18n', i18nFor)

/** An i18n whose locale is one of ours (detectLocale only picks supported ones). */
export type LocaleI18n = I18n & { readonly locale: Locale }

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: LocaleI18n
  }
}
