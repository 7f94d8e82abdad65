/**
 * Refine's access control over the session's role: decided from the user record we already
 * hold (no call per check), and cached for the whole session (the cache is cleared when the
 * session changes).
 */
import type { AccessControlProvider } from '@refinedev/core'
import { can } from '../lib/permissions'
import { whenSessionKnown } from './session'

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    const { user } = await whenSessionKnown()
    return { can: can(user?.role, resource, action) }
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    queryOptions: { staleTime: Number.POSITIVE_INFINITY },
  },
}
