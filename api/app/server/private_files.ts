import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import { metadataOrNull } from '#services/stored_files'
import { UnreadableDocument } from '#services/document_crypto'
import { readStoredIdDocument } from '#services/id_documents_at_rest'

interface PrivateHeaders {
  contentType: string
  filename: string
}

/**
 * A private file's headers: never cached, never sniffed into another type, and sandboxed
 * should a browser open it as a page.
 */
function privateAnswer(ctx: HttpContext, headers: PrivateHeaders, length: number) {
  ctx.response.header('Content-Type', headers.contentType)
  ctx.response.header('Content-Length', String(length))
  ctx.response.header('Content-Disposition', `inline; filename="${headers.filename}"`)
  ctx.response.header('Cache-Control', 'private, no-store')
  ctx.response.header('X-Content-Type-Options', 'nosniff')
  ctx.response.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  )
}

const notFound = (ctx: HttpContext) =>
  ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })

/**
 * Streams a file of the private documents disk to a caller already authorised for it, or
 * answers 404 when it is gone.
 */
export async function sendPrivateFile(ctx: HttpContext, key: string, headers: PrivateHeaders) {
  const file = drive.use('documents').file(key)
  const metadata = await metadataOrNull(file)
  if (!metadata) return notFound(ctx)
  privateAnswer(ctx, headers, metadata.contentLength)
  return ctx.response.stream(await file.getStream())
}

/**
 * An ID document, decrypted in memory, to a caller already authorised for it (404 when it is
 * gone). One whose key is not configured (a rotation that dropped it) cannot be read now: 503.
 * `whenRead` runs once it is read, before it is answered (the administrator's look recorded).
 */
export async function sendPrivateDocument(
  ctx: HttpContext,
  key: string,
  headers: PrivateHeaders,
  whenRead: () => Promise<void> = async () => {}
) {
  let contents: Buffer | null
  try {
    contents = await readStoredIdDocument(key)
  } catch (error) {
    if (!(error instanceof UnreadableDocument)) throw error
    logger.error({ err: error }, 'an ID document could not be decrypted')
    return ctx.response.serviceUnavailable({ message: ctx.i18n.t('errors.unavailable') })
  }
  if (!contents) return notFound(ctx)
  await whenRead()
  privateAnswer(ctx, headers, contents.length)
  return ctx.response.send(contents)
}
