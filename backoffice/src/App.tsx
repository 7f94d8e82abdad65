/**
 * The app: Mantine (theme, direction) around the router and the routes. Pages are loaded
 * when first visited; Refine (data, auth hooks, access control) only with the pages that
 * read data (`RefineArea.tsx`), so the first load of the sign-in pages carries only the
 * shell, the sign-in state and the form.
 */
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core'
import { directionOf, isLocale } from '@sakan/common'
import { lazy, useEffect, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Route, Routes } from 'react-router'
import { Toasts } from './components/feedback/Toasts'
import { AppLayout } from './components/layout/AppLayout'
import { cssVariablesResolver, theme } from './config/theme'
import { loadDataTexts } from './providers/i18n'
import { preloadDataProvider } from './providers/lazy-data-provider'

// The data pages' texts and their REST client load beside Refine, before the page renders.
const RefineArea = lazy(() =>
  Promise.all([import('./RefineArea'), loadDataTexts(), preloadDataProvider()]).then(
    ([module]) => module
  )
)
// The guards use Refine's <Authenticated> and access control: they load with it.
const guards = () => import('./components/auth/guards')
const RequireAuth = lazy(() => guards().then((module) => ({ default: module.RequireAuth })))
const TenantArea = lazy(() => guards().then((module) => ({ default: module.TenantArea })))
const AdminArea = lazy(() => guards().then((module) => ({ default: module.AdminArea })))

/**
 * A page loaded on its first visit that can also be loaded before the app's first render
 * (`preloadPage`): once its code is here it renders at once, with no loading skeleton first —
 * the sign-in pages then replace index.html's first paint of them in place (no layout shift).
 */
function preloadablePage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null
  const preload = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const Lazy = lazy(preload)
  function Page() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return Object.assign(Page, { preload })
}

const LoginPage = preloadablePage(() => import('./pages/login'))
const RegisterPage = preloadablePage(() => import('./pages/register'))

/** The pages `preloadPage` knows, by path (as in route-chunks.ts). */
const PRELOADABLE: [RegExp, { preload(): Promise<unknown> }][] = [
  [/^\/login\/?$/, LoginPage],
  [/^\/register\/?$/, RegisterPage],
]

/** Loads the page at `pathname` if it is a sign-in page; resolves at once otherwise. */
export async function preloadPage(pathname: string): Promise<void> {
  const page = PRELOADABLE.find(([pattern]) => pattern.test(pathname))?.[1]
  await page?.preload()
}
const DashboardPage = lazy(() => import('./pages/dashboard'))
const AdminPage = lazy(() => import('./pages/admin'))
/** The back office's resource pages under `/admin/…` (pages/office-routes.tsx). */
const OfficeRoutes = lazy(() => import('./pages/office-routes'))
const ApplicationPage = lazy(() => import('./pages/application'))
const PaymentPage = lazy(() => import('./pages/payment'))
const PaymentCallbackPage = lazy(() => import('./pages/payment/callback'))
const MaintenancePage = lazy(() => import('./pages/maintenance'))
const ReceiptPage = lazy(() => import('./pages/receipt'))
const NotFoundPage = lazy(() => import('./pages/not-found'))

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
                {/* Any other path, under /admin too, is a 404 for everyone (spec §2). */}
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
