/**
 * `/login`: Google, or e-mail and password; `redirect` sets where she goes
 * next (default `/dashboard`; the administrator's default is `/admin`). Already signed in,
 * she is sent on at once — unless the target is the administrator's and she is not one.
 */
import '../../styles/mantine-forms.css'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { AuthForm, useFieldTexts } from '../../components/auth/AuthForm'
import { EmailField } from '../../components/auth/EmailField'
import { PasswordField } from '../../components/auth/PasswordField'
import { useSignInForm } from '../../components/auth/use-sign-in-form'
import { PageSkeleton } from '../../components/PageShell'
import { ADMIN_HOME, destinationAfterSignIn, isAppPath, sanitizeRedirect } from '../../lib/redirect'
import { useSession } from '../../providers/session-store'
import { useLogin } from '../../providers/use-auth-action'
import { usePreloadFirebase } from '../../providers/use-preload-firebase'

// Shown only to someone signed in without the administrator's role who asked for her pages.
const SignedInAsNotice = lazy(() => import('../../components/auth/SignedInAsNotice'))

function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => window.location.replace(to), [to])
  return <PageSkeleton />
}

export default function LoginPage() {
  const { t } = useTranslation('account')
  const [params] = useSearchParams()
  const redirect = sanitizeRedirect(params.get('redirect'))
  const { user: identity, isLoading } = useSession()
  const { mutate: login, isPending, variables } = useLogin()
  usePreloadFirebase()

  const form = useSignInForm(t)
  const texts = useFieldTexts('login')

  if (isLoading) return <PageSkeleton />

  const user = identity ?? null
  const destination = user ? destinationAfterSignIn(redirect, user.isAdmin) : null
  const blocked = user !== null && destination?.startsWith(ADMIN_HOME) === true && !user.isAdmin
  if (user && destination && !blocked && !isPending) {
    return isAppPath(destination) ? (
      <Navigate to={destination} replace />
    ) : (
      <FullPageRedirect to={destination} />
    )
  }

  return (
    <AuthForm
      page="login"
      redirect={redirect}
      notice={
        blocked &&
        user && (
          <Suspense fallback={null}>
            <SignedInAsNotice user={user} />
          </Suspense>
        )
      }
      onGoogle={(account) => login({ method: 'google', account, redirect })}
      googlePending={isPending && variables?.method === 'google'}
      pending={isPending && variables?.method === 'password'}
      busy={isPending}
      onSubmit={form.onSubmit((values) =>
        login({
          method: 'password',
          email: values.email.trim(),
          password: values.password,
          redirect,
        })
      )}
    >
      <EmailField {...texts('email')} {...form.field('email')} />
      <PasswordField
        {...texts('password')}
        autoComplete="current-password"
        {...form.field('password')}
      />
    </AuthForm>
  )
}
