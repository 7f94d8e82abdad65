import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { detectLocale, type LocaleI18n } from '#server/request_locale'

/**
 * Shares the caller's i18n with the request (`ctx.i18n`): the middleware @adonisjs/i18n
 * generates, with our rule for the caller's language (server/request_locale.ts) instead of
 * `Accept-Language`'s weights. A server middleware (start/kernel.ts), so that every answer,
 * an error's or a 404's too, is in the caller's language.
 */
export default class DetectUserLocaleMiddleware {
  /* `request.validateUsing` answers validation errors in the caller's language. */
  static {
    RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()
  }

  protected getRequestLocale(ctx: HttpContext) {
    return detectLocale(ctx)
  }

  async handle(ctx: HttpContext, next: NextFn) {
    ctx.i18n = i18nManager.locale(this.getRequestLocale(ctx)) as LocaleI18n
    /* What the container injects as `I18n` during this request. */
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: LocaleI18n
  }
}
