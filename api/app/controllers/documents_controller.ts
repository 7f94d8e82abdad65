import drive from '@adonisjs/drive/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import Application from '#models/application'
import { DOCUMENT_KEY } from '#services/id_document'

export default class DocumentsController {
  /**
   * GET /api/images/{documentPath}: an ID document, to its applicant and the administrator
   * only. Anything else — another tenant's document, a path we did not generate, a
   * traversal attempt — is the same 404.
   */
  async show(ctx: HttpContext) {
    const notFound = () => ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    const key = (ctx.params['*'] as string[]).join('/')
    if (!DOCUMENT_KEY.test(key)) return notFound()

    const application = await Application.findBy('document_key', key)
    if (!application || (await ctx.bouncer.with('ApplicationPolicy').denies('view', application))) {
      return notFound()
    }
    const file = drive.use('documents').file(key)
    if (!(await file.exists())) return notFound()

    const metadata = await file.getMetaData()
    ctx.response.header(
      'Content-Type',
      application.documentContentType ?? 'application/octet-stream'
    )
    ctx.response.header('Content-Length', String(metadata.contentLength))
    ctx.response.header(
      'Content-Disposition',
      `inline; filename="id-document-${application.id}.${key.split('.').pop()}"`
    )
    ctx.response.header('Cache-Control', 'private, no-store')
    ctx.response.header('X-Content-Type-Options', 'nosniff')
    ctx.response.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    )
    return ctx.response.stream(await file.getStream())
  }
}
