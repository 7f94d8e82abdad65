/**
 * `/register`: Google, or full name, e-mail, password, confirmation and the
 * terms. The full name becomes her Firebase display name. Signed in, the administrator goes
 * to `/admin` and everyone else to `/dashboard` (or the `redirect` she came with).
 */
import '../../styles/mantine-forms.css'
import { Checkbox, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { localePath, PRIVACY_NOTICE_VERSION } from '@sakan/common'
import { Trans } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { AuthForm, useFieldTexts } from '../../components/auth/AuthForm'
import { EmailField } from '../../components/auth/EmailField'
import { PasswordField } from '../../components/auth/PasswordField'
import { PageSkeleton } from '../../components/PageShell'
import { destinationAfterSignIn, isAppPath, sanitizeRedirect } from '../../lib/redirect'
import { registerRules, type RegisterValues } from '../../lib/validation'
import { useSession } from '../../providers/session-store'
import { useLogin, useRegister } from '../../providers/use-auth-action'
import { useTexts } from '../../providers/use-language'
import { usePreloadFirebase } from '../../providers/use-preload-firebase'

export default function RegisterPage() {
  const { t, lang } = useTexts('account')
  const [params] = useSearchParams()
  const redirect = sanitizeRedirect(params.get('redirect'))
  const { user, isLoading } = useSession()
  const { mutate: register, isPending: registering } = useRegister()
  const { mutate: login, isPending: signingIn } = useLogin()
  const busy = registering || signingIn
  const texts = useFieldTexts('register')
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

  // The legal pages open in a new tab, so the form keeps what she typed.
  const legalLink = (path: string) => (
    <a href={localePath(lang, path)} target="_blank" rel="noopener" />
  )
  /** A field's texts and its binding to the form. */
  const field = (name: keyof RegisterValues) => ({ ...texts(name), ...form.getInputProps(name) })

  return (
    <AuthForm
      page="register"
      redirect={redirect}
      onGoogle={(account) => login({ method: 'google', account, redirect })}
      googlePending={signingIn}
      pending={registering}
      busy={busy}
      onSubmit={form.onSubmit((values) =>
        register({
          fullName: values.fullName.trim(),
          email: values.email.trim(),
          password: values.password,
          // The box she ticked accepts the Privacy Policy in force: recorded with her account.
          privacyVersion: PRIVACY_NOTICE_VERSION,
          redirect,
        })
      )}
    >
      <TextInput
        key={form.key('fullName')}
        autoComplete="name"
        size="md"
        withAsterisk
        {...field('fullName')}
      />
      <EmailField key={form.key('email')} {...field('email')} />
      <PasswordField
        key={form.key('password')}
        autoComplete="new-password"
        {...field('password')}
      />
      <PasswordField
        key={form.key('confirmPassword')}
        autoComplete="new-password"
        {...field('confirmPassword')}
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
    </AuthForm>
  )
}
