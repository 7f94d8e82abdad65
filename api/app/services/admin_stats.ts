import db from '@adonisjs/lucid/services/db'
import { collectedIn, currentMonth } from '#services/rent_roll'
import { overdueSummary } from '#services/tenancies'
import type { AdminFigures } from '#transformers/admin_transformer'

/**
 * The administrator's figures, each from one aggregate query, and the overdue stays with what
 * they owe.
 */
export async function adminFigures(): Promise<AdminFigures> {
  const month = currentMonth()
  const [rooms, applications, revenue, overdue] = await Promise.all([
    db
      .from('rooms')
      .select(
        db.raw('count(*) as total'),
        db.raw('count(*) filter (where availability = false) as occupied')
      )
      .first(),
    db.from('applications').where('status', 'pending').count('* as pending').first(),
    /* The rent roll's "collected" for this month: received, less refunds, every method. */
    collectedIn([month]),
    overdueSummary(),
  ])
  /* PostgreSQL answers aggregates as strings. */
  return {
    totalRooms: Number(rooms?.total ?? 0),
    occupiedRooms: Number(rooms?.occupied ?? 0),
    pendingApplications: Number(applications?.pending ?? 0),
    revenueHalalas: Object.values(revenue.get(month) ?? {}).reduce((sum, value) => sum + value, 0),
    overdue,
  }
}
