import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { pickLocale, type Locale } from '@sakan/common'

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
  return i18nManager.locale(detectLocale(ctx)) as LocaleI18n
}

/** Shares the caller's i18n with the request (`ctx.i18n`) before anything can fail. */
export default class DetectUserLocaleMiddleware {
  /* `request.validateUsing` answers validation errors in the caller's language. */
  static {
    RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()
  }

  async handle(ctx: HttpContext, next: NextFn) {
    ctx.i18n = i18nFor(ctx)
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    return next()
  }
}

/** An i18n whose locale is one of ours (detectLocale only picks supported ones). */
export type LocaleI18n = I18n & { readonly locale: Locale }

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: LocaleI18n
  }
}
