/**
 * `/register` (spec §2, §5, §8): Google, or full name, e-mail, password, confirmation and the
 * terms. The full name becomes her Firebase display name. Signed in, the administrator goes
 * to `/admin` and everyone else to `/dashboard` (or the `redirect` she came with).
 */
import '../../styles/mantine-forms.css'
import { Checkbox, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { localePath } from '@sakan/common'
import { Trans, useTranslation } from 'react-i18next'
import { Link, Navigate, useSearchParams } from 'react-router'
import { AuthLayout, OrDivider } from '../../components/auth/AuthLayout'
import { EmailField } from '../../components/auth/EmailField'
import { GoogleButton } from '../../components/auth/GoogleButton'
import { PasswordField } from '../../components/auth/PasswordField'
import { PendingButton } from '../../components/auth/PendingButton'
import { PageSkeleton } from '../../components/PageShell'
import { destinationAfterSignIn, isAppPath, sanitizeRedirect } from '../../lib/redirect'
import { registerRules, type RegisterValues } from '../../lib/validation'
import { useSession } from '../../providers/session-store'
import { useLogin, useRegister } from '../../providers/use-auth-action'
import { useLanguage } from '../../providers/use-language'
import { usePreloadFirebase } from '../../providers/use-preload-firebase'

export default function RegisterPage() {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const [params] = useSearchParams()
  const redirect = sanitizeRedirect(params.get('redirect'))
  const { user, isLoading } = useSession()
  const { mutate: register, isPending: registering } = useRegister()
  const { mutate: login, isPending: signingIn } = useLogin()
  const busy = registering || signingIn
  usePreloadFirebase()

  const translated =
    <V,>(rule: (value: V, values: RegisterValues) => string | null) =>
    (value: V, values: RegisterValues) => {
      const key = rule(value, values)
      return key && t(key)
    }
  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: { fullName: '', email: '', password: '', confirmPassword: '', terms: false },
    validate: {
      fullName: translated(registerRules.fullName),
      email: translated(registerRules.email),
      password: translated(registerRules.password),
      confirmPassword: translated(registerRules.confirmPassword),
      terms: translated(registerRules.terms),
    },
  })

  if (isLoading) return <PageSkeleton />
  if (user && !busy) {
    const destination = destinationAfterSignIn(redirect, user.isAdmin)
    if (isAppPath(destination)) return <Navigate to={destination} replace />
  }

  const loginHref = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'
  // The legal pages open in a new tab, so the form keeps what she typed.
  const legalLink = (path: string) => (
    <a href={localePath(lang, path)} target="_blank" rel="noopener" />
  )

  return (
    <AuthLayout
      pageTitle={t('titles.register')}
      heading={t('register.heading')}
      subheading={t('register.subheading')}
      footer={
        <>
          {t('register.haveAccount')} <Link to={loginHref}>{t('register.loginLink')}</Link>
        </>
      }
    >
      <GoogleButton
        pending={signingIn}
        blocked={busy}
        onSignIn={(account) => login({ method: 'google', account, redirect })}
      />
      <OrDivider />
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          register({
            fullName: values.fullName.trim(),
            email: values.email.trim(),
            password: values.password,
            redirect,
          })
        )}
      >
        <Stack gap="md">
          <TextInput
            label={t('register.fields.fullName')}
            placeholder={t('register.placeholders.fullName')}
            autoComplete="name"
            size="md"
            withAsterisk
            key={form.key('fullName')}
            {...form.getInputProps('fullName')}
          />
          <EmailField
            label={t('register.fields.email')}
            placeholder={t('register.placeholders.email')}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('register.fields.password')}
            placeholder={t('register.placeholders.password')}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('register.fields.confirmPassword')}
            placeholder={t('register.placeholders.confirmPassword')}
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            className="terms-checkbox"
            label={
              <Trans
                t={t}
                i18nKey="register.terms"
                components={{ terms: legalLink('/terms'), privacy: legalLink('/privacy') }}
              />
            }
            key={form.key('terms')}
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <PendingButton
            type="submit"
            size="md"
            fullWidth
            pending={registering}
            blocked={busy}
            pendingLabel={t('register.submitting')}
          >
            {t('register.submit')}
          </PendingButton>
        </Stack>
      </form>
    </AuthLayout>
  )
}
