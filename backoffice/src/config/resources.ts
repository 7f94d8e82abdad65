/**
 * What Refine knows about: the two areas (guarded through access control) and the API
 * resources the pages read and write (spec §7), named after their `/api/<name>` paths.
 */
import type { ResourceProps } from '@refinedev/core'

export const resources: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard' },
  { name: 'admin', list: '/admin' },
  { name: 'applications' },
  { name: 'payments' },
  { name: 'maintenance-requests' },
  { name: 'rooms' },
]
