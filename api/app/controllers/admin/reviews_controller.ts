import type { HttpContext } from '@adonisjs/core/http'
import CatalogController from '#controllers/admin/catalog_controller'
import Review from '#models/review'
import { whereContains } from '#services/admin_lists'
import { createReview, removeReview, updateReview } from '#services/catalog_admin'
import { serializeAdminReview } from '#transformers/room_transformer'
import {
  createReviewValidator,
  listReviewsAdminValidator,
  REVIEW_SORTS,
  updateReviewValidator,
  reviewAvatarUpload,
} from '#validators/catalog'
import { formMessages } from '#validators/messages'
import { ROOM_PHOTO_TYPES } from '@sakan/common'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import { readUpload } from '#services/id_document'
import { removeReviewAvatar, setReviewAvatar } from '#services/room_photos'
import { withUpload } from '#server/uploads'
import { reviewAvatarValidator } from '#validators/catalog'

/** The back office's reviews. */
export default class AdminReviewsController extends CatalogController<
  typeof Review,
  typeof createReviewValidator.schema,
  typeof updateReviewValidator.schema
> {
  /** GET /api/admin/reviews */
  async index(ctx: HttpContext) {
    return this.list(ctx, listReviewsAdminValidator, REVIEW_SORTS, (query, input) => {
      if (input.featured !== undefined) query.where('featured', input.featured)
      if (input.rating) query.where('rating', input.rating)
      whereContains(query, input.q, [
        'author_name_en',
        'author_name_ar',
        'comment_en',
        'comment_ar',
      ])
    })
  }

  /* GET /api/admin/reviews/:id, POST /api/reviews, PATCH /api/reviews/:id: CatalogController's. */
  protected model = Review
  protected serialize = serializeAdminReview
  protected createValidator = createReviewValidator
  protected updateValidator = updateReviewValidator
  protected create = createReview
  protected change = updateReview

  protected authorize(ctx: HttpContext, ability: 'create' | 'update') {
    return ctx.bouncer.with('ReviewPolicy').authorize(ability)
  }

  /** DELETE /api/reviews/:id */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('ReviewPolicy').authorize('delete')
    if (!(await removeReview(ctx.auth.getUserOrFail(), Number(ctx.params.id)))) {
      return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    }
    return ctx.response.noContent()
  }

  /**
   * POST /api/reviews/:id/avatar, multipart with one `avatar`: checked by its bytes, cropped
   * to a 160 px square; the previous uploaded avatar goes.
   */
  async setAvatar(ctx: HttpContext) {
    return withUpload(ctx, reviewAvatarUpload, async () => {
      const input = await ctx.request.validateUsing(reviewAvatarValidator, {
        data: { avatar: ctx.request.file('avatar') ?? undefined },
        messagesProvider: formMessages(ctx, 'catalog'),
      })
      await ctx.bouncer.with('ReviewPolicy').authorize('changeAvatar')
      const checked = await readUpload(input.avatar, ROOM_PHOTO_TYPES, 'avatars')
      if (!checked) throw new FieldRefusalException('avatar', 'catalog.photoType')
      const id = await setReviewAvatar(
        ctx.auth.getUserOrFail(),
        Number(ctx.params.id),
        checked.contents
      )
      return this.answer(ctx, id)
    })
  }

  /** DELETE /api/reviews/:id/avatar: the review shows its author's initials again. */
  async removeAvatar(ctx: HttpContext) {
    await ctx.bouncer.with('ReviewPolicy').authorize('changeAvatar')
    const id = await removeReviewAvatar(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    return this.answer(ctx, id)
  }
}
