/**
 * Refine (data, auth hooks, access control, i18n and notifications for its hooks, its router
 * binding) around the pages that read or write data: dashboard, application, payment,
 * maintenance, my data, admin. A layout route, loaded with the first of those pages, so the
 * sign-in pages, the 404 and the shell (header, footer, toasts) load none of it — nor React Query.
 */
import { keys, Refine } from '@refinedev/core'
import routerProvider from '@refinedev/react-router'
import { Outlet } from 'react-router'
import { resources } from './config/resources'
import { sanitizeRedirect } from './lib/redirect'
import { accessControlProvider } from './providers/access-control'
import { attachSessionCache } from './providers/auth-client'
import { authProvider } from './providers/auth-provider'
import { notificationProvider } from './lib/toasts'
import { dataProvider } from './providers/lazy-data-provider'
import { i18nProvider } from './providers/i18n'
import { queryClient } from './providers/query-client'
import { PrivacyNoticePrompt } from './components/layout/PrivacyNoticePrompt'

/** Refine's auth answers (identity, check, permissions), cached until the session changes. */
const AUTH_KEY = keys().auth().get()

attachSessionCache({
  authChanged: () => void queryClient.invalidateQueries({ queryKey: AUTH_KEY }),
  forgetData: () =>
    queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[0] !== AUTH_KEY[0] }),
  cancel: () => queryClient.cancelQueries(),
})

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

export default function RefineArea() {
  return (
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
      <PrivacyNoticePrompt />
      <Outlet />
    </Refine>
  )
}
