import drive from '@adonisjs/drive/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { metadataOrNull } from '#services/stored_files'

/**
 * Streams a file of the private documents disk to a caller already authorised for it, or
 * answers 404 when it is gone. Never cached, never sniffed into another type, and sandboxed
 * should a browser open it as a page.
 */
export async function sendPrivateFile(
  ctx: HttpContext,
  key: string,
  headers: { contentType: string; filename: string }
) {
  const file = drive.use('documents').file(key)
  const metadata = await metadataOrNull(file)
  if (!metadata) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
  ctx.response.header('Content-Type', headers.contentType)
  ctx.response.header('Content-Length', String(metadata.contentLength))
  ctx.response.header('Content-Disposition', `inline; filename="${headers.filename}"`)
  ctx.response.header('Cache-Control', 'private, no-store')
  ctx.response.header('X-Content-Type-Options', 'nosniff')
  ctx.response.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  )
  return ctx.response.stream(await file.getStream())
}
