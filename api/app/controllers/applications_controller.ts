import type { HttpContext } from '@adonisjs/core/http'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Application from '#models/application'
import AuditEvent from '#models/audit_event'
import { readIdDocument } from '#services/id_document'
import { withUpload } from '#server/uploads'
import { documentViewsIn, documentViewsOf } from '#services/id_documents_at_rest'
import { accountList, byApplicant } from '#services/account_lists'
import { sendJson, withTotal } from '#server/list_response'
import { listApplicationsValidator } from '#validators/listing'
import { deleteApplication, reviewApplication, submitApplication } from '#services/applications'
import {
  createApplicationValidator,
  reviewApplicationValidator,
  idDocumentUpload,
} from '#validators/application'
import {
  serializeApplication,
  serializeApplicationDetail,
} from '#transformers/application_transformer'

function withDetails(query: ModelQueryBuilderContract<typeof Application>) {
  return query.preload('user').preload('room', (room) => room.preload('building'))
}

export default class ApplicationsController {
  /** GET /api/applications: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(listApplicationsValidator, {
      data: ctx.request.qs(),
    })
    const filters = { status: input.status, room_id: input.roomId, user_id: input.userId }
    const page = await accountList('applications', {
      user,
      locale: ctx.i18n.locale,
      filters,
      range: input,
      narrow: (query) => byApplicant(query, input.q),
    })
    sendJson(ctx.response, withTotal(ctx.response, page))
  }

  /** GET /api/applications/:id: one application with its decision history. */
  async show(ctx: HttpContext) {
    const application = await withDetails(Application.query().where('id', ctx.params.id)).first()
    if (!application || (await ctx.bouncer.with('ApplicationPolicy').denies('view', application))) {
      return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    }
    const history = await AuditEvent.query()
      .where('subject_type', 'application')
      .where('subject_id', application.id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
    return serializeApplicationDetail(
      application,
      history,
      ctx.i18n.locale,
      documentViewsIn(history)
    )
  }

  /**
   * POST /api/applications (multipart): a tenant applies with her ID document. The body is
   * read here, after the sign-in check and the rate limit, and its temporary file removed
   * however the request ends (withUpload).
   */
  async store(ctx: HttpContext) {
    return withUpload(ctx, idDocumentUpload, async () => {
      const { roomId, moveInDate, additionalInfo, idDocument } = await ctx.request.validateUsing(
        createApplicationValidator
      )
      await ctx.bouncer.with('ApplicationPolicy').authorize('create')
      const document = await readIdDocument(idDocument)
      if (!document) {
        const message = ctx.i18n.t('applications.documentType')
        return ctx.response.unprocessableEntity({
          message,
          errors: [{ field: 'idDocument', rule: 'file.type', message }],
        })
      }
      const application = await submitApplication(ctx.auth.getUserOrFail(), {
        roomId,
        moveInDate,
        additionalInfo,
        document,
      })
      await application.load('user')
      await application.load('room', (room) => room.preload('building'))
      return ctx.response.created(serializeApplication(application, ctx.i18n.locale))
    })
  }

  /** PATCH /api/applications/:id/review {status}: the administrator decides a pending application. */
  async review(ctx: HttpContext) {
    const { status } = await ctx.request.validateUsing(reviewApplicationValidator)
    await ctx.bouncer.with('ApplicationPolicy').authorize('review')
    const application = await reviewApplication(
      ctx.auth.getUserOrFail(),
      Number(ctx.params.id),
      status
    )
    await application.load('user')
    await application.load('room', (room) => room.preload('building'))
    return serializeApplication(application, ctx.i18n.locale, await documentViewsOf(application.id))
  }

  /** DELETE /api/applications/:id: a rejected application and its document go. */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('ApplicationPolicy').authorize('delete')
    await deleteApplication(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    return ctx.response.noContent()
  }
}
