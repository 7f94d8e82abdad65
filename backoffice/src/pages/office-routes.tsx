/**
 * The back office's resource pages (config/resources.ts, OFFICE_PAGES), each loaded on its
 * first visit and shown to the administrator only (AdminArea); any other path under `/admin/`
 * is the 404 page for everyone. One module, so the app's entry holds a single import
 * for all of them.
 */
import { type ComponentType } from 'react'
import { matchPath, Outlet, Route, Routes } from 'react-router'
import { AdminArea } from '../components/auth/guards'
import { OFFICE_PAGES } from '../config/resources'
import { preloadable } from '../lib/preloadable'
import NotFoundPage from './not-found'

const modules = import.meta.glob<{ default: ComponentType }>([
  './*/list.tsx',
  './*/create.tsx',
  './*/show.tsx',
  './*/edit.tsx',
])

const PAGES = OFFICE_PAGES.map(({ path, module }) => {
  const load = modules[`./${module}`]
  if (!load) throw new Error(`No page module src/pages/${module}`)
  return [path.replace(/^\/admin\//, ''), preloadable(load)] as const
})

/** Loads the page at `pathname` ahead of its first render (App.tsx, `preloadPage`). */
export async function preloadOfficePage(pathname: string): Promise<void> {
  const page = PAGES.find(([path]) => matchPath(`/admin/${path}`, pathname))?.[1]
  await page?.preload()
}

export default function OfficeRoutes() {
  return (
    <Routes>
      {/* The guard once, around every page: a layout route. */}
      <Route
        element={
          <AdminArea>
            <Outlet />
          </AdminArea>
        }
      >
        {PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
