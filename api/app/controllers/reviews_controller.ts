import type { HttpContext } from '@adonisjs/core/http'
import Review from '#models/review'
import { featuredReviewsValidator } from '#validators/room'
import { serializeReview } from '#transformers/room_transformer'

const MAX_REVIEWS = 24

export default class ReviewsController {
  /** GET /api/reviews[?featured=true]: newest first. */
  async index(ctx: HttpContext) {
    const { featured } = await ctx.request.validateUsing(featuredReviewsValidator, {
      data: ctx.request.qs(),
    })
    const query = Review.query()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_REVIEWS)
    if (featured !== undefined) query.where('featured', featured)
    return (await query).map((review) => serializeReview(review, ctx.i18n.locale))
  }
}
