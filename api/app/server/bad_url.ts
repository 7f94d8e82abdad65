import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * A request whose URL does not decode (`/media/%FF`) never becomes a request of the
 * application: the HTTP server hands it here (config/app.ts `onBadUrl`), and it is refused as
 * every other, in the error shape and the caller's language, instead of the framework's
 * plain-text "Bad Request" (found by tests/functional/fuzz_routes.spec.ts).
 */
export function refuseBadUrl(request: IncomingMessage, response: ServerResponse): void {
  answer(request, response).catch(() => {
    if (!response.headersSent) response.writeHead(400)
    response.end()
  })
}

async function answer(request: IncomingMessage, response: ServerResponse) {
  /* Loaded at the first such request: this module is read with the configuration, before i18n exists. */
  const { default: i18nManager } = await import('@adonisjs/i18n/services/main')
  const { localeOf } = await import('#server/request_locale')
  const header = (name: string) => {
    const value = request.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const i18n = i18nManager.locale(localeOf(header('x-locale'), header('accept-language')))
  response.writeHead(400, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  })
  response.end(JSON.stringify({ message: i18n.t('errors.badRequest') }))
}
