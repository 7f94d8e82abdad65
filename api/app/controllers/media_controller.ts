import drive from '@adonisjs/drive/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { metadataOrNull } from '#services/stored_files'

/** Catalogue images only: a folder we own, then a plain file name. Nothing else is a key. */
const MEDIA_KEY = /^(rooms|avatars)\/[a-z0-9][a-z0-9-]{0,80}\.jpg$/

export default class MediaController {
  /** GET /media/* — public catalogue images; unknown or malformed keys are 404s. */
  async show({ params, request, response, i18n }: HttpContext) {
    const notFound = () => response.notFound({ message: i18n.t('errors.notFound') })
    const key = (params['*'] as string[]).join('/')
    if (!MEDIA_KEY.test(key)) return notFound()

    const file = drive.use('media').file(key)
    const metadata = await metadataOrNull(file)
    if (!metadata) return notFound()

    response.header('ETag', metadata.etag)
    response.header('Last-Modified', metadata.lastModified.toUTCString())
    response.header('Cache-Control', 'public, max-age=86400')
    response.header('X-Content-Type-Options', 'nosniff')
    response.type('image/jpeg')
    if (response.fresh()) return response.status(304).send('')
    response.header('Content-Length', String(metadata.contentLength))
    if (request.method() === 'HEAD') return response.status(200).send('')
    return response.stream(await file.getStream())
  }
}
