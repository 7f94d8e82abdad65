/** The administrator's figures (`GET /api/admin/stats`) and their cache key, refreshed after every decision. */
export type { AdminStats } from '@sakan/common'

export const ADMIN_STATS_KEY = ['sakan', 'admin', 'stats'] as const
