import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { riyadhMonthRange } from '@sakan/common'
import { sqlTimestamp } from '#services/sql_time'
import { overdueSummary } from '#services/tenancies'
import type { AdminFigures } from '#transformers/admin_transformer'

/**
 * The administrator's figures, each from one aggregate query, and the overdue stays with what
 * they owe.
 */
export async function adminFigures(): Promise<AdminFigures> {
  const { start, end } = riyadhMonthRange()
  const [rooms, applications, revenue, overdue] = await Promise.all([
    db
      .from('rooms')
      .select(
        db.raw('count(*) as total'),
        db.raw('count(*) filter (where availability = false) as occupied')
      )
      .first(),
    db.from('applications').where('status', 'pending').count('* as pending').first(),
    db
      .from('payments')
      .where('status', 'completed')
      .where('payment_date', '>=', sqlTimestamp(DateTime.fromJSDate(start)))
      .where('payment_date', '<', sqlTimestamp(DateTime.fromJSDate(end)))
      .sum('amount_halalas as halalas')
      .first(),
    overdueSummary(),
  ])
  /* PostgreSQL answers aggregates as strings. */
  return {
    totalRooms: Number(rooms?.total ?? 0),
    occupiedRooms: Number(rooms?.occupied ?? 0),
    pendingApplications: Number(applications?.pending ?? 0),
    revenueHalalas: Number(revenue?.halalas ?? 0),
    overdue,
  }
}
