import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'

export default class HealthController {
  /** 200 once the database answers a query, 503 otherwise. */
  async show(ctx: HttpContext) {
    try {
      await db.rawQuery('select 1')
      return { status: 'ok' }
    } catch {
      return ctx.response.status(503).json({
        status: 'unavailable',
        message: ctx.i18n.t('errors.unavailable'),
      })
    }
  }
}
