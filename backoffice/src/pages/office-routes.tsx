/**
 * The back office's resource pages (config/resources.ts), each loaded on its first visit and
 * shown to the administrator only (AdminArea); any other path under `/admin/` is the 404 page
 * for everyone (spec §2). One module, so the app's entry holds a single import for all of them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router'
import { AdminArea } from '../components/auth/guards'
import NotFoundPage from './not-found'

/** Paths under `/admin/` (the same list as route-chunks.ts's OFFICE_PAGES). */
const PAGES: [string, LazyExoticComponent<ComponentType>][] = [
  ['applications', lazy(() => import('./applications/list'))],
  ['applications/:id', lazy(() => import('./applications/show'))],
  ['rooms', lazy(() => import('./rooms/list'))],
  ['rooms/create', lazy(() => import('./rooms/create'))],
  ['rooms/:id', lazy(() => import('./rooms/show'))],
  ['rooms/:id/edit', lazy(() => import('./rooms/edit'))],
  ['buildings', lazy(() => import('./buildings/list'))],
  ['buildings/create', lazy(() => import('./buildings/create'))],
  ['buildings/:id/edit', lazy(() => import('./buildings/edit'))],
  ['reviews', lazy(() => import('./reviews/list'))],
  ['reviews/create', lazy(() => import('./reviews/create'))],
  ['reviews/:id/edit', lazy(() => import('./reviews/edit'))],
  ['payments', lazy(() => import('./payments/list'))],
  ['payments/:id', lazy(() => import('./payments/show'))],
  ['maintenance-requests', lazy(() => import('./maintenance-requests/list'))],
  ['maintenance-requests/:id', lazy(() => import('./maintenance-requests/show'))],
  ['audit-events', lazy(() => import('./audit-events/list'))],
]

export default function OfficeRoutes() {
  return (
    <Routes>
      {PAGES.map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <AdminArea>
              <Page />
            </AdminArea>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
