/**
 * Route guards. The server refuses the same things on every call; these only
 * decide what is shown:
 * - signed-out visitors of an account page go to `/login?redirect=<path and query>`;
 * - the administrator is sent from `/dashboard` to `/admin` before any dashboard data is asked for;
 * - anyone but the administrator is sent from `/admin…` to `/login?redirect=<the page>` (the
 *   dashboard with its open tab and filter, or the back-office page with its filters) once
 *   loading ends, with a skeleton meanwhile.
 */
import { Authenticated, useCan } from '@refinedev/core'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { ADMIN_HOME, loginPathFor } from '../../lib/redirect'
import type { Area } from '../../lib/permissions'
import { PageSkeleton } from '../PageShell'

function LoginRedirect() {
  const location = useLocation()
  return <Navigate to={loginPathFor(location.pathname + location.search)} replace />
}

/** Signed-in users only. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return (
    <Authenticated key="account" loading={<PageSkeleton />} fallback={<LoginRedirect />}>
      {children}
    </Authenticated>
  )
}

/** Renders `children` only when the session's role may `action` the `area`; otherwise `fallback`. */
function RequireAccess({
  area,
  action = 'list',
  fallback,
  children,
}: {
  area: Area
  action?: string
  fallback: ReactNode
  children: ReactNode
}) {
  const { data, isLoading } = useCan({ resource: area, action })
  if (isLoading || !data) return <PageSkeleton />
  return <>{data.can ? children : fallback}</>
}

/** The resident dashboard: signed in, and not the administrator (she has her own page). */
export function TenantArea({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <RequireAccess area="dashboard" fallback={<Navigate to={ADMIN_HOME} replace />}>
        {children}
      </RequireAccess>
    </RequireAuth>
  )
}

/** The administrator's pages. Everyone else signs in (again) with a way back here. */
export function AdminArea({ children }: { children: ReactNode }) {
  const location = useLocation()
  // Back to the page she asked for (/admin with its open tab and filter; the
  // back office's pages with theirs).
  const back = location.pathname.startsWith(ADMIN_HOME)
    ? location.pathname + location.search
    : ADMIN_HOME
  const adminLogin = <Navigate to={loginPathFor(back)} replace />
  return (
    <Authenticated key="admin" loading={<PageSkeleton />} fallback={adminLogin}>
      <RequireAccess area="admin" fallback={adminLogin}>
        {children}
      </RequireAccess>
    </Authenticated>
  )
}
