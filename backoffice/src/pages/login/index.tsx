/**
 * `/login` (spec §2, §5, §8): Google, or e-mail and password; `redirect` sets where she goes
 * next (default `/dashboard`; the administrator's default is `/admin`). Already signed in,
 * she is sent on at once — unless the target is the administrator's and she is not one.
 */
import '../../styles/mantine-forms.css'
import { Alert, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useGetIdentity, useLogin } from '@refinedev/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useSearchParams } from 'react-router'
import { AuthLayout, OrDivider } from '../../components/auth/AuthLayout'
import { EmailField } from '../../components/auth/EmailField'
import { GoogleButton } from '../../components/auth/GoogleButton'
import { PasswordField } from '../../components/auth/PasswordField'
import { PendingButton } from '../../components/auth/PendingButton'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { PageSkeleton } from '../../components/PageShell'
import { ADMIN_HOME, destinationAfterSignIn, isAppPath, sanitizeRedirect } from '../../lib/redirect'
import { displayNameOf, type SessionUser } from '../../lib/user'
import { loginRules } from '../../lib/validation'
import type { LoginParams } from '../../providers/auth-provider'
import { usePreloadFirebase } from '../../providers/use-preload-firebase'

function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => window.location.replace(to), [to])
  return <PageSkeleton />
}

export default function LoginPage() {
  const { t } = useTranslation('account')
  const [params] = useSearchParams()
  const redirect = sanitizeRedirect(params.get('redirect'))
  const { data: identity, isLoading } = useGetIdentity<SessionUser | null>()
  const { mutate: login, isPending, variables } = useLogin<LoginParams>()
  usePreloadFirebase()

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => {
        const key = loginRules.email(value)
        return key && t(key)
      },
      password: (value) => {
        const key = loginRules.password(value)
        return key && t(key)
      },
    },
  })

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

  const registerHref = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'

  return (
    <AuthLayout
      pageTitle={t('titles.login')}
      heading={t('login.heading')}
      subheading={t('login.subheading')}
      footer={
        <>
          {t('login.noAccount')} <Link to={registerHref}>{t('login.registerLink')}</Link>
        </>
      }
    >
      {blocked && user && (
        <Alert
          variant="light"
          color="brand"
          radius="md"
          icon={<Icon icon={icons.lock} />}
          className="auth-alert"
        >
          {t('login.signedInAs', { name: displayNameOf(user) })} {t('login.needsAdmin')}
        </Alert>
      )}
      <GoogleButton
        pending={isPending && variables?.method === 'google'}
        blocked={isPending}
        onSignIn={(account) => login({ method: 'google', account, redirect })}
      />
      <OrDivider />
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          login({
            method: 'password',
            email: values.email.trim(),
            password: values.password,
            redirect,
          })
        )}
      >
        <Stack gap="md">
          <EmailField
            label={t('login.fields.email')}
            placeholder={t('login.placeholders.email')}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('login.fields.password')}
            placeholder={t('login.placeholders.password')}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PendingButton
            type="submit"
            size="md"
            fullWidth
            pending={isPending && variables?.method === 'password'}
            blocked={isPending}
            pendingLabel={t('login.submitting')}
          >
            {t('login.submit')}
          </PendingButton>
        </Stack>
      </form>
    </AuthLayout>
  )
}
