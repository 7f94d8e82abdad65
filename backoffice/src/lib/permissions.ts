/**
 * What each role may open in this app. The server enforces the same rules on every
 * call; this only decides what the interface shows and where it sends her.
 */
import type { Role } from '@sakan/common'

/** Areas of the app, as Refine resources. */
export type Area =
  | 'dashboard'
  | 'admin'
  | 'applications'
  | 'payments'
  | 'maintenance-requests'
  | 'rooms'
  | 'buildings'
  | 'reviews'
  | 'audit-events'
  | 'notifications'
  | 'tenancies'
  | 'rent-roll'

const CATALOGUE = ['list', 'show', 'create', 'edit', 'delete'] as const

const RULES: Record<Role, Partial<Record<Area, readonly string[]>>> = {
  admin: {
    admin: ['list'],
    applications: ['list', 'show', 'review', 'delete'],
    payments: ['list', 'show'],
    'maintenance-requests': ['list', 'show', 'edit'],
    rooms: CATALOGUE,
    buildings: CATALOGUE,
    reviews: CATALOGUE,
    'audit-events': ['list'],
    notifications: ['list'],
    tenancies: ['list', 'show', 'edit'],
    'rent-roll': ['list'],
  },
  tenant: {
    dashboard: ['list'],
    applications: ['list', 'create'],
    payments: ['list', 'create'],
    'maintenance-requests': ['list', 'create'],
    rooms: ['show'],
  },
}

export function can(
  role: Role | null | undefined,
  resource: string | undefined,
  action: string
): boolean {
  if (!role || !resource) return false
  return RULES[role]?.[resource as Area]?.includes(action) ?? false
}
