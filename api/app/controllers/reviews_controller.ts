import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { Locale } from '@sakan/common'
import { featuredReviewsValidator } from '#validators/room'
import { sendJson } from '#server/list_response'
import { bilingualFields, cachedJson, jsonArrayOf, type JsonSql } from '#services/sql_json'

const MAX_REVIEWS = 24

/** A review's JSON as `serializeReview` shapes it (transformers/room_transformer.ts). */
function reviewJson(json: JsonSql, locale: Locale): string {
  return json.object([
    ['id', json.integer('id')],
    ['rating', json.integer('rating')],
    ...bilingualFields(json, 'comment', 'comment_en', 'comment_ar', locale),
    [
      'user',
      json.object([
        ['avatar', json.text(`'/media/' || avatar_key || '-160.jpg'`)],
        ...bilingualFields(json, 'fullName', 'author_name_en', 'author_name_ar', locale),
        ...bilingualFields(json, 'title', 'author_title_en', 'author_title_ar', locale),
      ]),
    ],
  ])
}

export default class ReviewsController {
  /** GET /api/reviews[?featured=true]: newest first, built by the database (a hot read). */
  async index(ctx: HttpContext) {
    const { featured } = await ctx.request.validateUsing(featuredReviewsValidator, {
      data: ctx.request.qs(),
    })
    const query = db
      .from('reviews')
      .select(db.raw(`${cachedJson('review', ctx.i18n.locale, reviewJson)} AS json`))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_REVIEWS)
    if (featured !== undefined) query.where('featured', featured)
    sendJson(ctx.response, jsonArrayOf(await query))
  }
}
