import type { AdminStats } from '@sakan/common'
import { adminFigures } from '#services/admin_stats'
import { serializeAdminStats } from '#transformers/admin_transformer'

export default class AdminStatsController {
  /**
   * GET /api/admin/stats: the administrator's five figures and the overdue stays with what
   * they owe.
   */
  async show(): Promise<AdminStats> {
    return serializeAdminStats(await adminFigures())
  }
}
