/**
 * The app: Mantine (theme, direction) around Refine (data, auth, access control, i18n,
 * notifications, router) around the routes. Pages are loaded when first visited, so the
 * first load carries only the shell and the sign-in state.
 */
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core'
import { Refine } from '@refinedev/core'
import routerProvider from '@refinedev/react-router'
import { directionOf, isLocale } from '@sakan/common'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Route, Routes } from 'react-router'
import { AdminArea, RequireAuth, TenantArea } from './components/auth/guards'
import { notificationProvider, Toasts } from './components/feedback/Toasts'
import { AppLayout } from './components/layout/AppLayout'
import { resources } from './config/resources'
import { theme } from './config/theme'
import { sanitizeRedirect } from './lib/redirect'
import { accessControlProvider } from './providers/access-control'
import { authProvider } from './providers/auth-provider'
import { dataProvider } from './providers/lazy-data-provider'
import { i18nProvider } from './providers/i18n'
import { queryClient } from './providers/query-client'

const LoginPage = lazy(() => import('./pages/login'))
const RegisterPage = lazy(() => import('./pages/register'))
const DashboardPage = lazy(() => import('./pages/dashboard'))
const AdminPage = lazy(() => import('./pages/admin'))
const AdminRoomPage = lazy(() => import('./pages/admin/room'))
const ApplicationPage = lazy(() => import('./pages/application'))
const PaymentPage = lazy(() => import('./pages/payment'))
const PaymentCallbackPage = lazy(() => import('./pages/payment/callback'))
const MaintenancePage = lazy(() => import('./pages/maintenance'))
const NotFoundPage = lazy(() => import('./pages/not-found'))

/**
 * Refine's own `to` parameter (used by its login hook) is accepted only as a same-origin
 * path, like our `redirect`.
 */
const router: typeof routerProvider = {
  ...routerProvider,
  parse: () => {
    const parse = routerProvider.parse!()
    return () => {
      const parsed = parse()
      if (parsed.params && 'to' in parsed.params) {
        const to = sanitizeRedirect(parsed.params.to)
        if (to) parsed.params.to = to
        else delete parsed.params.to
      }
      return parsed
    }
  },
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
      <MantineProvider theme={theme} forceColorScheme="light">
        <DirectionSync>
          <BrowserRouter>
            <Refine
              routerProvider={router}
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18nProvider}
              notificationProvider={notificationProvider}
              resources={resources}
              options={{
                reactQuery: { clientConfig: queryClient },
                disableTelemetry: true,
                syncWithLocation: false,
                warnWhenUnsavedChanges: false,
                disableRouteChangeHandler: true,
              }}
            >
              <Routes>
                <Route element={<AppLayout />}>
                  <Route path="/login" element={<LoginPage />} />
                  <Route path="/register" element={<RegisterPage />} />
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
                    path="/admin"
                    element={
                      <AdminArea>
                        <AdminPage />
                      </AdminArea>
                    }
                  />
                  <Route
                    path="/admin/rooms/:id"
                    element={
                      <AdminArea>
                        <AdminRoomPage />
                      </AdminArea>
                    }
                  />
                  {/* Any other path, under /admin too, is a 404 for everyone (spec §2). */}
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
              <Suspense fallback={null}>
                <Toasts />
              </Suspense>
            </Refine>
          </BrowserRouter>
        </DirectionSync>
      </MantineProvider>
    </DirectionProvider>
  )
}
