/**
 * What Refine knows about: the two areas (guarded through access control) and the API
 * resources the pages read and write (spec §7), named after their `/api/<name>` paths. The
 * back office's resources (`meta.office`) have their list, show, create and edit routes under
 * `/admin/<resource>`; Refine's `useMenu` and `useBreadcrumb` build the navigation from them.
 */
import type { ResourceProps } from '@refinedev/core'

const office = { office: true }

export const resources: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard' },
  { name: 'admin', list: '/admin' },
  {
    name: 'applications',
    list: '/admin/applications',
    show: '/admin/applications/:id',
    meta: office,
  },
  {
    name: 'rooms',
    list: '/admin/rooms',
    show: '/admin/rooms/:id',
    create: '/admin/rooms/create',
    edit: '/admin/rooms/:id/edit',
    meta: office,
  },
  {
    name: 'buildings',
    list: '/admin/buildings',
    create: '/admin/buildings/create',
    edit: '/admin/buildings/:id/edit',
    meta: office,
  },
  {
    name: 'reviews',
    list: '/admin/reviews',
    create: '/admin/reviews/create',
    edit: '/admin/reviews/:id/edit',
    meta: office,
  },
  { name: 'payments', list: '/admin/payments', show: '/admin/payments/:id', meta: office },
  {
    name: 'maintenance-requests',
    list: '/admin/maintenance-requests',
    show: '/admin/maintenance-requests/:id',
    meta: office,
  },
  { name: 'audit-events', list: '/admin/audit-events', meta: office },
]

/** Where the back office reads each resource (archived records included). */
export const READ_PATHS = {
  rooms: 'admin/rooms',
  buildings: 'admin/buildings',
  reviews: 'admin/reviews',
  'audit-events': 'admin/audit-events',
} as const
