/**
 * "Verify your e-mail": shown once in the layout of the signed-in account area
 * until the API knows her address is verified. "Resend e-mail" sends Firebase's message
 * again; "I've verified it" reads her Firebase user again and lets the API record it.
 * With the Auth emulator (development only), which sends no e-mail, the link it recorded
 * is shown, labelled as a development aid. Loaded only for someone who needs it.
 */
import './verify-email.css'
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { verificationErrorKey } from '../../lib/auth-errors'
import { newestVerifyLink, oobCodesUrl } from '../../lib/emulator-verify-link'
import { isolate } from '../../lib/format'
import { confirmEmailVerified, resendVerificationEmail } from '../../providers/auth-client'
import { isApiError } from '../../providers/http'
import { queryClient } from '../../providers/query-client'
import { notificationProvider } from '../../lib/toasts'
import { useRuntimeConfig } from '../../providers/use-runtime-config'
import { AccountNotice } from '../feedback/AccountNotice'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { PendingButton } from './PendingButton'

interface DevAidProps {
  email: string
  emulatorUrl: string
  projectId: string
  refreshKey: number
}

/** The verification link the Auth emulator recorded for her (development aid). */
function EmulatorLink({ email, emulatorUrl, projectId, refreshKey }: DevAidProps) {
  const { t } = useTranslation('account')
  const link = useQuery({
    queryKey: ['emulator-verify-link', emulatorUrl, projectId, email, refreshKey],
    queryFn: async () => {
      const response = await fetch(oobCodesUrl(emulatorUrl, projectId))
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`)
      return newestVerifyLink(await response.json(), email, emulatorUrl)
    },
  })

  return (
    <aside
      className="verify-dev-aid"
      aria-label={t('verifyEmail.dev.label')}
      data-testid="verify-dev-aid"
    >
      <p className="verify-dev-label">
        <Icon icon={icons.info} />
        <strong>{t('verifyEmail.dev.label')}</strong>
      </p>
      <p>{t('verifyEmail.dev.text', { email: isolate(email) })}</p>
      {link.isLoading ? (
        <p className="muted">{t('states.loading')}</p>
      ) : link.data ? (
        <a
          className="verify-dev-link"
          href={link.data}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="verify-dev-link"
        >
          <Icon icon={icons.external} />
          {t('verifyEmail.dev.open')}
          <span className="visually-hidden"> {t('verifyEmail.dev.newTab')}</span>
        </a>
      ) : (
        <p className="muted">
          {link.isError ? t('verifyEmail.dev.unavailable') : t('verifyEmail.dev.none')}
        </p>
      )}
    </aside>
  )
}

/** How each of the notice's buttons looks, and its words while it runs. */
const VERIFY_ACTIONS = {
  confirm: { icon: icons.check, variant: undefined, pendingKey: 'confirming' },
  resend: { icon: icons.refresh, variant: 'default', pendingKey: 'resending' },
} as const

/** One of the notice's buttons: its call's progress, and no second press while either runs. */
function VerifyAction({
  action,
  mutation,
  blocked,
}: {
  action: keyof typeof VERIFY_ACTIONS
  mutation: { isPending: boolean; mutate: () => void }
  blocked: boolean
}) {
  const { t } = useTranslation('account')
  const { icon, variant, pendingKey } = VERIFY_ACTIONS[action]
  return (
    <PendingButton
      size="sm"
      variant={variant}
      pending={mutation.isPending}
      blocked={blocked}
      pendingLabel={t(`verifyEmail.${pendingKey}`)}
      leftSection={<Icon icon={icon} />}
      onClick={() => mutation.mutate()}
      data-testid={`verify-${action}`}
    >
      {t(`verifyEmail.${action}`)}
    </PendingButton>
  )
}

/**
 * The layout shows the notice on every account page, the sign-in pages excepted, also
 * outside Refine (which only the pages that read data load): it brings the data cache itself.
 */
export default function VerifyEmailNoticeArea({ email }: { email: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <VerifyEmailNotice email={email} />
    </QueryClientProvider>
  )
}

function VerifyEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation('account')
  const config = useRuntimeConfig()
  const notify = notificationProvider.open

  // A failed call is a toast, as everywhere in the app: in the server's words when it sent some.
  const failed = (error: unknown) =>
    notify?.({
      key: 'verify-email-error',
      type: 'error',
      message: t('verifyEmail.title'),
      description: isApiError(error)
        ? (error.serverMessage ?? t('verifyEmail.error'))
        : t(verificationErrorKey(error)),
    })

  // Only the answer to the last button pressed is shown: each press clears the other's.
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onMutate: (): void => confirm.reset(),
    onError: failed,
  })
  const confirm = useMutation({
    mutationFn: confirmEmailVerified,
    onMutate: (): void => resend.reset(),
    onSuccess: (outcome) => {
      if (outcome !== 'verified') return
      // The notice goes away with the button she pressed: keep her place in the page.
      document.getElementById('main')?.focus({ preventScroll: true })
      notify?.({
        key: 'email-verified',
        type: 'success',
        message: t('verifyEmail.verified'),
        description: t('verifyEmail.verifiedText'),
      })
    },
    onError: failed,
  })

  const sent = resend.data === 'sent'
  const problem =
    resend.data === 'signedOutHere' || confirm.data === 'signedOutHere'
      ? t('verifyEmail.signInAgain')
      : confirm.data === 'unverified'
        ? t('verifyEmail.notYet')
        : null
  const busy = resend.isPending || confirm.isPending
  const emulatorUrl = config?.firebase.emulatorUrl
  const projectId = config?.firebase.projectId

  return (
    <AccountNotice icon={icons.mail} title={t('verifyEmail.title')} testId="verify-email-notice">
      <p>{t('verifyEmail.text', { email: isolate(email) })}</p>
      <div className="verify-actions">
        <VerifyAction action="confirm" mutation={confirm} blocked={busy} />
        <VerifyAction action="resend" mutation={resend} blocked={busy} />
      </div>
      {/* Both regions exist from the start, so screen readers announce what appears in them. */}
      <p className="verify-feedback" role="status">
        {sent ? t('verifyEmail.sent', { email: isolate(email) }) : null}
      </p>
      <p className="verify-feedback" role="alert" data-tone="problem" data-testid="verify-problem">
        {problem}
      </p>
      {emulatorUrl && projectId && (
        <EmulatorLink
          email={email}
          emulatorUrl={emulatorUrl}
          projectId={projectId}
          // Each e-mail sent makes a new link in the emulator: look again.
          refreshKey={sent ? resend.submittedAt : 0}
        />
      )}
    </AccountNotice>
  )
}
