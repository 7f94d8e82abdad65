/** The administrator's figures (`GET /api/admin/stats`) and their cache key, refreshed after every decision. */
export interface AdminStats {
  totalRooms: number
  occupiedRooms: number
  occupancyRate: number
  pendingApplications: number
  monthlyRevenue: number
}

export const ADMIN_STATS_KEY = ['sakan', 'admin', 'stats'] as const
