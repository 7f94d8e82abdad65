import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { MAINTENANCE_PHOTO_TYPES, type MaintenancePhotoType } from '@sakan/common'
import MaintenanceRequest from '#models/maintenance_request'
import { listMaintenanceValidator } from '#validators/listing'
import {
  createMaintenanceValidator,
  updateMaintenanceStatusValidator,
  maintenancePhotosUpload,
} from '#validators/maintenance'
import { formMessages } from '#validators/messages'
import { accountList } from '#services/account_lists'
import { whereContains } from '#services/admin_lists'
import { withUpload } from '#server/uploads'
import { readUpload, type CheckedUpload } from '#services/id_document'
import { sendPrivateFile } from '#server/private_files'
import { sendJson, withTotal } from '#server/list_response'
import {
  PHOTO_FOLDER,
  assertFilingAllowed,
  changeMaintenanceStatus,
  fileMaintenanceRequest,
  visiblePhoto,
  withMaintenanceDetails,
} from '#services/maintenance'
import { serializeMaintenanceRequest } from '#transformers/account_transformer'

/** A 422 about one field, shaped like VineJS's own (the exception handler answers it). */
function fieldError(field: string, rule: string, message: string) {
  return new vineErrors.E_VALIDATION_ERROR([{ field, rule, message }])
}

export default class MaintenanceRequestsController {
  /** GET /api/maintenance-requests: the tenant's own, or all for the administrator; newest first. */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(listMaintenanceValidator, {
      data: ctx.request.qs(),
    })
    const filters = {
      status: input.status,
      priority: input.priority,
      category: input.category,
      building_id: input.buildingId,
      room_id: input.roomId,
    }
    const page = await accountList('maintenance', {
      user,
      locale: ctx.i18n.locale,
      filters,
      range: input,
      narrow: (query) => whereContains(query, input.q, ['title', 'description']),
    })
    sendJson(ctx.response, withTotal(ctx.response, page))
  }

  /**
   * POST /api/maintenance-requests, JSON or multipart with up to 3 `photos`: a tenant reports
   * a problem in a room of her approved application. The body is read here, after the sign-in
   * check and the rate limit; temporary files go however the request ends (withUpload), and a
   * refused request stores nothing.
   */
  async store(ctx: HttpContext) {
    return withUpload(ctx, maintenancePhotosUpload, async () => {
      const body = ctx.request.all()
      const input = await ctx.request.validateUsing(createMaintenanceValidator, {
        data: {
          ...body,
          /* Omitted, the priority is medium, as on the form; sent empty, it is refused. */
          priority: body.priority === undefined ? 'medium' : body.priority,
          /* Only files this request uploaded: a JSON `photos` value is ignored. */
          photos: ctx.request.files('photos'),
        },
        messagesProvider: formMessages(ctx, 'maintenance'),
      })
      const tenant = ctx.auth.getUserOrFail()
      if (!(await assertFilingAllowed(tenant, input.roomId, input.buildingId))) {
        throw fieldError('buildingId', 'building', ctx.i18n.t('maintenance.buildingMismatch'))
      }
      const photos: CheckedUpload<MaintenancePhotoType>[] = []
      for (const file of input.photos ?? []) {
        const photo = await readUpload(file, MAINTENANCE_PHOTO_TYPES, PHOTO_FOLDER)
        if (!photo) throw fieldError('photos', 'file.type', ctx.i18n.t('maintenance.photoType'))
        photos.push(photo)
      }
      const { id } = await fileMaintenanceRequest(tenant, { ...input, photos })
      return ctx.response.created(await this.#answer(ctx, id))
    })
  }

  /** GET /api/maintenance-requests/:id: one request, to the resident who filed it or the administrator; else 404. */
  async show(ctx: HttpContext) {
    const visible = await MaintenanceRequest.query()
      .withScopes((scopes) => scopes.visibleTo(ctx.auth.getUserOrFail()))
      .where('id', Number(ctx.params.id))
      .first()
    if (!visible) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return this.#answer(ctx, visible.id)
  }

  /** PATCH /api/maintenance-requests/:id {status}: the administrator moves a request along. */
  async update(ctx: HttpContext) {
    const { status } = await ctx.request.validateUsing(updateMaintenanceStatusValidator, {
      messagesProvider: formMessages(ctx, 'maintenance'),
    })
    await ctx.bouncer.with('MaintenanceRequestPolicy').authorize('updateStatus')
    await changeMaintenanceStatus(ctx.auth.getUserOrFail(), Number(ctx.params.id), status)
    return this.#answer(ctx, Number(ctx.params.id))
  }

  /**
   * GET /api/maintenance-requests/:id/photos/:n: the n-th photo, to the resident who filed the
   * request and the administrator only; to anyone else, like a missing photo, 404.
   */
  async photo(ctx: HttpContext) {
    const photo = await visiblePhoto(
      ctx.auth.getUserOrFail(),
      Number(ctx.params.id),
      Number(ctx.params.n)
    )
    if (!photo) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return sendPrivateFile(ctx, photo.key, {
      contentType: photo.contentType,
      filename: `maintenance-${photo.maintenanceRequestId}-${photo.position}.${photo.key.split('.').pop()}`,
    })
  }

  /** One request as the contract shapes it. */
  async #answer(ctx: HttpContext, id: number) {
    const request = await withMaintenanceDetails(
      MaintenanceRequest.query().where('id', id)
    ).firstOrFail()
    return serializeMaintenanceRequest(request, ctx.i18n.locale)
  }
}
