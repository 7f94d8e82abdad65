import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { fromHalalas, occupancyRate, riyadhMonthRange, type AdminStats } from '@sakan/common'
import { sqlTimestamp } from '#services/sql_time'
import { overdueSummary } from '#services/tenancies'

export default class AdminStatsController {
  /**
   * GET /api/admin/stats: the administrator's five figures (spec §2, §9), each from one
   * aggregate query, and the overdue stays with what they owe (issue 26); the formulas are
   * the shared rules of common/.
   */
  async show(): Promise<AdminStats> {
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
    const totalRooms = Number(rooms?.total ?? 0)
    const occupiedRooms = Number(rooms?.occupied ?? 0)
    return {
      totalRooms,
      occupiedRooms,
      occupancyRate: occupancyRate(occupiedRooms, totalRooms),
      pendingApplications: Number(applications?.pending ?? 0),
      monthlyRevenue: fromHalalas(Number(revenue?.halalas ?? 0)),
      currency: 'SAR',
      overdueTenancies: overdue.tenancies,
      overdueTotal: fromHalalas(overdue.halalas),
    }
  }
}
