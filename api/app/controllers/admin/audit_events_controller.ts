import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { TOTAL_COUNT_HEADER, type AuditEventRow } from '@sakan/common'
import { whereContains } from '#services/admin_lists'
import { pageOf } from '#services/paging'
import { orderOf } from '#validators/list_query'
import { AUDIT_SORTS, listAuditEventsValidator } from '#validators/listing'

/** A stored timestamp (Date from PostgreSQL, text from SQLite) in ISO 8601, UTC. */
function instantOf(value: Date | string): string {
  if (value instanceof Date) return value.toISOString()
  return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`).toISOString()
}

/** The audit log (issue 13): every administrator decision and sign-in event, read only. */
export default class AuditEventsController {
  /** GET /api/admin/audit-events */
  async index(ctx: HttpContext): Promise<AuditEventRow[]> {
    const input = await ctx.request.validateUsing(listAuditEventsValidator, {
      data: ctx.request.qs(),
    })
    const filtered = () => {
      const query = db.from('audit_events')
      if (input.actorId) query.where('actor_id', input.actorId)
      if (input.action) query.where('action', input.action)
      if (input.subjectType) query.where('subject_type', input.subjectType)
      if (input.subjectId) query.where('subject_id', input.subjectId)
      whereContains(query, input.q, ['action'])
      return query
    }
    const [counted] = await filtered().count('* as total')
    const { start, limit } = pageOf(input)
    const order = orderOf(input, AUDIT_SORTS)
    const page = filtered().select('*').offset(start).limit(limit)
    for (const { column, order: direction } of order) page.orderBy(column, direction)
    const rows = db
      .from(page.as('x'))
      .leftJoin('users as u', 'u.id', 'x.actor_id')
      .select(
        'x.*',
        'u.full_name as actor_name',
        'u.username as actor_username',
        'u.email as actor_email'
      )
    for (const { column, order: direction } of order) rows.orderBy(`x.${column}`, direction)

    ctx.response.header(TOTAL_COUNT_HEADER, String(Number(counted?.total ?? 0)))
    return (await rows).map((row) => ({
      id: Number(row.id),
      action: row.action,
      actorId: row.actor_id === null ? null : Number(row.actor_id),
      actor:
        row.actor_email === null
          ? null
          : {
              id: Number(row.actor_id),
              fullName: row.actor_name ?? row.actor_username ?? null,
              email: row.actor_email,
            },
      subjectType: row.subject_type,
      subjectId: row.subject_id === null ? null : Number(row.subject_id),
      details: typeof row.details === 'string' ? JSON.parse(row.details) : (row.details ?? null),
      createdAt: instantOf(row.created_at),
    }))
  }
}
