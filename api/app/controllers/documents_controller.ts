import type { HttpContext } from '@adonisjs/core/http'
import Application from '#models/application'
import { DOCUMENT_KEY } from '#services/id_document'
import { sendPrivateDocument } from '#server/private_files'
import { recordDocumentView } from '#services/id_documents_at_rest'

export default class DocumentsController {
  /**
   * GET /api/images/{documentPath}: an ID document, to its applicant and the administrator
   * only. Anything else — another tenant's document, a path we did not generate, a
   * traversal attempt — is the same 404. Stored encrypted, it is decrypted in memory for them;
   * the administrator's every look is recorded in the application's history.
   */
  async show(ctx: HttpContext) {
    const notFound = () => ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    const key = (ctx.params['*'] as string[]).join('/')
    if (!DOCUMENT_KEY.test(key)) return notFound()

    const application = await Application.findBy('document_key', key)
    if (!application || (await ctx.bouncer.with('ApplicationPolicy').denies('view', application))) {
      return notFound()
    }
    const viewer = ctx.auth.getUserOrFail()
    return sendPrivateDocument(
      ctx,
      key,
      {
        contentType: application.documentContentType ?? 'application/octet-stream',
        filename: `id-document-${application.id}.${key.split('.').pop()}`,
      },
      /* Someone else's look (the administrator's) is audited, and shown to her. */
      async () => {
        if (viewer.id !== application.userId) await recordDocumentView(viewer.id, application.id)
      }
    )
  }
}
