/**
 * The app: Mantine (theme, direction) around the router and the routes. Pages are loaded
 * when first visited; Refine (data, auth hooks, access control) only with the pages that
 * read data (`RefineArea.tsx`), so the first load of the sign-in pages carries only the
 * shell, the sign-in state and the form.
 */
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core'
import { directionOf, isLocale } from '@sakan/common'
import { lazy, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Route, Routes } from 'react-router'
import { Toasts } from './components/feedback/Toasts'
import { AppLayout } from './components/layout/AppLayout'
import { UserMenu } from './components/layout/Header'
import { cssVariablesResolver, theme } from './config/theme'
import { loadDataTexts } from './providers/i18n'
import { preloadable, type Preloadable } from './lib/preloadable'
import { preloadDataProvider } from './providers/lazy-data-provider'

// The data pages' texts and their REST client load beside Refine, before the page renders.
const RefineArea = preloadable<object>(() =>
  Promise.all([import('./RefineArea'), loadDataTexts(), preloadDataProvider()]).then(
    ([module]) => module
  )
)
// The guards use Refine's <Authenticated> and access control: they load with it.
const guards = () => import('./components/auth/guards')
type Guarded = { children: ReactNode }
const RequireAuth = preloadable<Guarded>(() =>
  guards().then((module) => ({ default: module.RequireAuth }))
)
const TenantArea = preloadable<Guarded>(() =>
  guards().then((module) => ({ default: module.TenantArea }))
)
const AdminArea = preloadable<Guarded>(() =>
  guards().then((module) => ({ default: module.AdminArea }))
)

const LoginPage = preloadable(() => import('./pages/login'))
const RegisterPage = preloadable(() => import('./pages/register'))
const DashboardPage = preloadable(() => import('./pages/dashboard'))
const AdminPage = preloadable(() => import('./pages/admin'))
/** The back office's resource pages under `/admin/…` (pages/office-routes.tsx). */
const OfficeRoutes = preloadable(() => import('./pages/office-routes'))
const ApplicationPage = preloadable(() => import('./pages/application'))
const PaymentPage = preloadable(() => import('./pages/payment'))
const PaymentCallbackPage = preloadable(() => import('./pages/payment/callback'))
const MaintenancePage = preloadable(() => import('./pages/maintenance'))
const MyDataPage = preloadable(() => import('./pages/my-data'))
const ReceiptPage = preloadable(() => import('./pages/receipt'))
const NotFoundPage = lazy(() => import('./pages/not-found'))

/*
 * What each route renders through, by path (as in route-chunks.ts), loaded before the app's
 * first render (`preloadPage`): the sign-in pages then replace index.html's first paint of
 * them in place (no layout shift), and a data page renders its data area, guard and page in
 * one go, asking for its data at once instead of after a loading step per part. The signed-in
 * header's menu (the bell) comes with the data pages.
 */
const data = (...parts: Preloadable[]) => [RefineArea, UserMenu, ...parts]
const PRELOADS: [RegExp, Preloadable[]][] = [
  [/^\/login\/?$/, [LoginPage]],
  [/^\/register\/?$/, [RegisterPage]],
  [/^\/dashboard\/?$/, data(TenantArea, DashboardPage)],
  [/^\/application\/[^/]+\/?$/, data(RequireAuth, ApplicationPage)],
  [/^\/payment\/?$/, data(RequireAuth, PaymentPage)],
  [/^\/payment\/callback\/?$/, data(RequireAuth, PaymentCallbackPage)],
  [/^\/maintenance\/?$/, data(RequireAuth, MaintenancePage)],
  [/^\/my-data\/?$/, data(RequireAuth, MyDataPage)],
  [/^\/receipts\/[^/]+\/?$/, data(RequireAuth, ReceiptPage)],
  [/^\/admin\/?$/, data(AdminArea, AdminPage)],
  [/^\/admin\/./, data(AdminArea, OfficeRoutes)],
]

/** Loads what the route at `pathname` renders through (see PRELOADS); resolves at once for others. */
export async function preloadPage(pathname: string): Promise<void> {
  const parts = PRELOADS.find(([pattern]) => pattern.test(pathname))?.[1] ?? []
  await Promise.all(parts.map((part) => part.preload()))
  if (parts.includes(OfficeRoutes)) {
    const { preloadOfficePage } = await import('./pages/office-routes')
    await preloadOfficePage(pathname)
  }
}

/** Keeps Mantine's direction in step with the language. */
function DirectionSync({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const { setDirection } = useDirection()
  const lang = isLocale(i18n.language) ? i18n.language : 'en'
  useEffect(() => setDirection(directionOf(lang)), [lang, setDirection])
  return <>{children}</>
}

export function App() {
  const { i18n } = useTranslation()
  const initialDirection = directionOf(isLocale(i18n.language) ? i18n.language : 'en')
  return (
    <DirectionProvider initialDirection={initialDirection} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
      >
        <DirectionSync>
          <BrowserRouter>
            <Routes>
              <Route element={<AppLayout />}>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route element={<RefineArea />}>
                  <Route
                    path="/dashboard"
                    element={
                      <TenantArea>
                        <DashboardPage />
                      </TenantArea>
                    }
                  />
                  <Route
                    path="/application/:roomId"
                    element={
                      <RequireAuth>
                        <ApplicationPage />
                      </RequireAuth>
                    }
                  />
                  <Route
                    path="/payment"
                    element={
                      <RequireAuth>
                        <PaymentPage />
                      </RequireAuth>
                    }
                  />
                  <Route
                    path="/payment/callback"
                    element={
                      <RequireAuth>
                        <PaymentCallbackPage />
                      </RequireAuth>
                    }
                  />
                  <Route
                    path="/maintenance"
                    element={
                      <RequireAuth>
                        <MaintenancePage />
                      </RequireAuth>
                    }
                  />
                  <Route
                    path="/my-data"
                    element={
                      <RequireAuth>
                        <MyDataPage />
                      </RequireAuth>
                    }
                  />
                  <Route
                    path="/receipts/:paymentId"
                    element={
                      <RequireAuth>
                        <ReceiptPage />
                      </RequireAuth>
                    }
                  />
                  <Route
                    path="/admin"
                    element={
                      <AdminArea>
                        <AdminPage />
                      </AdminArea>
                    }
                  />
                  <Route path="/admin/*" element={<OfficeRoutes />} />
                </Route>
                {/* Any other path, under /admin too, is a 404 for everyone. */}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
            <Toasts />
          </BrowserRouter>
        </DirectionSync>
      </MantineProvider>
    </DirectionProvider>
  )
}
