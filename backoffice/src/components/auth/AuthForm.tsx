/**
 * The sign-in and sign-up pages' one layout (`page`: `login` or `register`, which names their
 * texts): the frame, a notice if any, Google, the divider, the e-mail form with its submit
 * button, and the way to the other page (keeping the `redirect` she came with).
 */
import { Stack } from '@mantine/core'
import type { FormEventHandler, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { EmulatorGoogleAccount } from '../../lib/emulator-accounts'
import { AuthLayout, OrDivider } from './AuthLayout'
import { GoogleButton } from './GoogleButton'
import { SubmitButton } from './PendingButton'

type AuthPage = 'login' | 'register'

/** The other page, and the keys of the line that leads there. */
const OTHER: Record<AuthPage, { path: string; question: string; link: string }> = {
  login: { path: '/register', question: 'login.noAccount', link: 'login.registerLink' },
  register: { path: '/login', question: 'register.haveAccount', link: 'register.loginLink' },
}

interface AuthFormProps {
  page: AuthPage
  redirect: string | null
  /** Shown above the ways to sign in. */
  notice?: ReactNode
  onGoogle: (account?: EmulatorGoogleAccount) => void
  /** Google's sign-in is running. */
  googlePending: boolean
  /** The form's own action is running. */
  pending: boolean
  /** Any action is running: both buttons wait. */
  busy: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The form's fields. */
  children: ReactNode
}

export function AuthForm({
  page,
  redirect,
  notice,
  onGoogle,
  googlePending,
  pending,
  busy,
  onSubmit,
  children,
}: AuthFormProps) {
  const { t } = useTranslation('account')
  const other = OTHER[page]
  const otherHref = redirect ? `${other.path}?redirect=${encodeURIComponent(redirect)}` : other.path
  return (
    <AuthLayout
      pageTitle={t(`titles.${page}`)}
      heading={t(`${page}.heading`)}
      subheading={t(`${page}.subheading`)}
      footer={
        <>
          {t(other.question)} <Link to={otherHref}>{t(other.link)}</Link>
        </>
      }
    >
      {notice}
      <GoogleButton pending={googlePending} blocked={busy} onSignIn={onGoogle} />
      <OrDivider />
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <SubmitButton pending={pending} blocked={busy} pendingLabel={t(`${page}.submitting`)}>
            {t(`${page}.submit`)}
          </SubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  )
}

/** A field's label and placeholder on `page` (`<page>.fields.<name>`, `<page>.placeholders.<name>`). */
export function useFieldTexts(page: AuthPage) {
  const { t } = useTranslation('account')
  return (name: string) => ({
    label: t(`${page}.fields.${name}`),
    placeholder: t(`${page}.placeholders.${name}`),
  })
}
