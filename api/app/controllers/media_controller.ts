import drive from '@adonisjs/drive/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { metadataOrNull } from '#services/stored_files'
import { photoType } from '#config/photo_formats'

/**
 * Catalogue images only: a folder we own, then a plain file name in one of the photos'
 * formats (config/photo_formats.ts). Nothing else is a key.
 */
const MEDIA_KEY = /^(rooms|avatars)\/[a-z0-9][a-z0-9-]{0,80}\.(jpg|avif|webp)$/

export default class MediaController {
  /**
   * GET /media/* — public catalogue images, each served with its format's type and the same
   * cache headers; unknown or malformed keys are 404s.
   */
  async show({ params, request, response, i18n }: HttpContext) {
    const notFound = () => response.notFound({ message: i18n.t('errors.notFound') })
    const key = (params['*'] as string[]).join('/')
    const type = photoType(MEDIA_KEY.exec(key)?.[2] ?? '')
    if (!type) return notFound()

    const file = drive.use('media').file(key)
    const metadata = await metadataOrNull(file)
    if (!metadata) return notFound()

    response.header('ETag', metadata.etag)
    response.header('Last-Modified', metadata.lastModified.toUTCString())
    response.header('Cache-Control', 'public, max-age=86400')
    response.header('X-Content-Type-Options', 'nosniff')
    response.type(type)
    if (response.fresh()) return response.status(304).send('')
    response.header('Content-Length', String(metadata.contentLength))
    if (request.method() === 'HEAD') return response.status(200).send('')
    return response.stream(await file.getStream())
  }
}
