import type { HttpContext } from '@adonisjs/core/http'
import Review from '#models/review'
import { requestLocale } from '#services/i18n'
import { validationMessages } from '#validators/messages'
import { featuredReviewsValidator } from '#validators/room'
import { serializeReview } from '#transformers/room_transformer'

const MAX_REVIEWS = 24

export default class ReviewsController {
  /** GET /api/reviews[?featured=true]: newest first. */
  async index(ctx: HttpContext) {
    const locale = requestLocale(ctx)
    const { featured } = await featuredReviewsValidator.validate(ctx.request.qs(), {
      messagesProvider: validationMessages(locale),
    })
    const query = Review.query()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_REVIEWS)
    if (featured !== undefined) query.where('featured', featured)
    return (await query).map((review) => serializeReview(review, locale))
  }
}
