import type * as Api from '@sakan/common'
import { fromHalalas, occupancyRate } from '@sakan/common'

/** The administrator's figures as counted: rooms, pending applications, money in halalas. */
export interface AdminFigures {
  totalRooms: number
  occupiedRooms: number
  pendingApplications: number
  /** Completed payments dated in this Riyadh month. */
  revenueHalalas: number
  /** Running stays with a month past its grace, and what those months owe. */
  overdue: { tenancies: number; halalas: number }
}

/** The administrator's figures, the rates by the shared rules of common/ and money in SAR. */
export function serializeAdminStats(figures: AdminFigures): Api.AdminStats {
  return {
    totalRooms: figures.totalRooms,
    occupiedRooms: figures.occupiedRooms,
    occupancyRate: occupancyRate(figures.occupiedRooms, figures.totalRooms),
    pendingApplications: figures.pendingApplications,
    monthlyRevenue: fromHalalas(figures.revenueHalalas),
    currency: 'SAR',
    overdueTenancies: figures.overdue.tenancies,
    overdueTotal: fromHalalas(figures.overdue.halalas),
  }
}

/** The filtered payments' count and sum (halalas). */
export function serializePaymentsSummary(summary: {
  count: number
  totalHalalas: number
}): Api.PaymentsSummary {
  return { count: summary.count, total: fromHalalas(summary.totalHalalas), currency: 'SAR' }
}

/**
 * An audit event's row as the log reads it, with its actor's name and address (null when the
 * event has no actor, or the actor is gone). PostgreSQL answers timestamps as Dates, JSON as
 * values and big integers as strings; SQLite answers timestamps and JSON as text.
 */
export interface AuditEventRecord {
  id: number | string
  action: string
  actor_id: number | string | null
  subject_type: string | null
  subject_id: number | string | null
  details: string | Record<string, unknown> | null
  created_at: Date | string
  actor_name: string | null
  actor_username: string | null
  actor_email: string | null
}

/** A stored timestamp (Date from PostgreSQL, text from SQLite) in ISO 8601, UTC. */
function instantOf(value: Date | string): string {
  if (value instanceof Date) return value.toISOString()
  return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`).toISOString()
}

/** One event of the audit log, as `GET /api/admin/audit-events` lists it. */
export function serializeAuditEventRow(row: AuditEventRecord): Api.AuditEventRow {
  return {
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
  }
}
