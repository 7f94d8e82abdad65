import type { HttpContext } from '@adonisjs/core/http'
import type { AuditEventRow } from '@sakan/common'
import { auditEventsPage } from '#services/admin_lists'
import { withTotal } from '#server/list_response'
import { listAuditEventsValidator } from '#validators/listing'
import { serializeAuditEventRow } from '#transformers/admin_transformer'

/** The audit log: every administrator decision and sign-in event, read only. */
export default class AuditEventsController {
  /** GET /api/admin/audit-events */
  async index(ctx: HttpContext): Promise<AuditEventRow[]> {
    const input = await ctx.request.validateUsing(listAuditEventsValidator, {
      data: ctx.request.qs(),
    })
    const page = await auditEventsPage(input)
    return withTotal(ctx.response, page).map(serializeAuditEventRow)
  }
}
