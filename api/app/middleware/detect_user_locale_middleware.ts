import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { DEFAULT_LOCALE, LOCALES, type Locale, isOneOf } from '@sakan/common'

/**
 * The caller's language: an explicit `X-Locale` header (the apps send the visitor's choice),
 * else the first supported language named by `Accept-Language` (in the order written), else
 * English.
 */
export function detectLocale(ctx: HttpContext): Locale {
  const explicit = ctx.request.header('x-locale')
  if (isOneOf(LOCALES, explicit)) return explicit
  const accepted = ctx.request.header('accept-language') ?? ''
  for (const part of accepted.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isOneOf(LOCALES, tag)) return tag
  }
  return DEFAULT_LOCALE
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
