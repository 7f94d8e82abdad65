/**
 * Refine's access control over the role the auth provider reports (`getPermissions`, from
 * the identity it already holds: no call per check), cached for the whole session (the
 * cache is cleared when the session changes).
 */
import type { AccessControlProvider } from '@refinedev/core'
import type { Role } from '@sakan/common'
import { can } from '../lib/permissions'
import { authProvider } from './auth-provider'

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    const role = (await authProvider.getPermissions?.()) as Role | null
    return { can: can(role, resource, action) }
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    queryOptions: { staleTime: Number.POSITIVE_INFINITY },
  },
}
