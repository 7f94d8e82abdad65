/**
 * Unprefixed public URLs (`/`, `/listings`, `/property/{id}`, the legal pages) answer a 302 to
 * the same page and query in the visitor's language: the stored choice (the cookie mirror of
 * localStorage, see `rememberLocale` in `@sakan/common`), then `Accept-Language`, then English.
 *
 * Here rather than in the API's front door: the site owns its URLs (lib/locale.ts, over
 * `negotiateLocale` shared with the 404 page), and the redirect then works wherever the site
 * runs (`astro dev`, the product). Those paths have no file in dist/client,
 * so every request for them reaches this on-demand handler.
 */
import { LANGUAGE_STORAGE_KEY } from '@sakan/common'
import { defineMiddleware } from 'astro:middleware'
import { localeRedirect } from './lib/locale'

export const onRequest = defineMiddleware((context, next) => {
  // Pre-rendered pages all carry their language (and have no request headers to read).
  if (context.isPrerendered) return next()
  const target = localeRedirect(
    context.url,
    context.cookies.get(LANGUAGE_STORAGE_KEY)?.value,
    context.request.headers.get('accept-language')
  )
  if (!target) return next()
  return new Response(null, {
    status: 302,
    headers: {
      Location: target,
      // The answer depends on both; no shared cache may hand one visitor's language to another.
      Vary: 'Cookie, Accept-Language',
      'Cache-Control': 'private, no-store',
    },
  })
})
