import type { I18n } from '@adonisjs/i18n'
import type { HttpContext } from '@adonisjs/core/http'
import { pickLocale, type Locale } from '@sakan/common'

/**
 * The caller's language by `@sakan/common`'s rule (a choice, then the first supported language,
 * then English): an explicit `X-Locale` header (the apps send the visitor's choice), else a
 * `locale` query parameter (a link the browser follows itself, such as a CSV download, cannot
 * send a header: the back office names its language there), else the languages of
 * `Accept-Language` in the order written, whatever their weight (tests/functional/locale.spec.ts).
 */
export function detectLocale(ctx: HttpContext): Locale {
  const named = ctx.request.header('x-locale') ?? ctx.request.qs().locale
  return localeOf(
    typeof named === 'string' ? named : undefined,
    ctx.request.header('accept-language')
  )
}

/** The language named by these `X-Locale` and `Accept-Language` headers, by the rule above. */
export function localeOf(choice: string | undefined, acceptLanguage: string | undefined): Locale {
  const written = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? '')
  return pickLocale(choice, written)
}

/**
 * An i18n whose locale is one of ours (detectLocale only picks supported ones): the request's
 * `ctx.i18n` (middleware/detect_user_locale_middleware.ts), the messages of
 * `common/locales/<locale>/api.json` in the caller's language.
 */
export type LocaleI18n = I18n & { readonly locale: Locale }
