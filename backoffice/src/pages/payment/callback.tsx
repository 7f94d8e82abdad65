/**
 * `/payment/callback?id=&status=&message=` (spec §2, §4, §8): where the card form returns.
 * Verifying, then success or failed. A missing id or a status other than `paid` is a
 * failure without asking the server.
 */
import { Loader } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { formatSar } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { PageShell } from '../../components/PageShell'
import {
  callbackStart,
  isSuccessfulVerification,
  providerMessage,
} from '../../lib/payment-callback'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

interface Verification {
  id: string
  status: string
  amount: number
  created?: string
  message?: string | null
}

export default function PaymentCallbackPage() {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const [params] = useSearchParams()
  const start = callbackStart(params)
  const { query, result } = useCustom<Verification>({
    url: `/api/payments/verify/${start.kind === 'verify' ? encodeURIComponent(start.id) : ''}`,
    method: 'get',
    queryOptions: { enabled: start.kind === 'verify' },
    errorNotification: {
      type: 'error',
      message: t('paymentCallback.verificationError'),
      description: t('paymentCallback.verificationErrorText'),
    },
  })

  const verifying = start.kind === 'verify' && query.isLoading
  const verification = result.data
  const succeeded =
    start.kind === 'verify' && query.isSuccess && isSuccessfulVerification(verification?.status)
  const failureMessage =
    start.kind === 'failed' ? start.message : (providerMessage(verification?.message) ?? null)

  return (
    <PageShell title={t('titles.paymentCallback')} width="narrow" hideHeading>
      <div className="card result-card" aria-live="polite">
        {verifying ? (
          <div className="result-verifying" role="status">
            <Loader color="brand" />
            <h1 className="result-title">{t('paymentCallback.verifying')}</h1>
            <p className="result-text">{t('paymentCallback.verifyingText')}</p>
          </div>
        ) : succeeded && verification ? (
          <EmptyState
            icon={icons.check}
            heading="h1"
            title={t('paymentCallback.success')}
            text={t('paymentCallback.successText', {
              amount: formatSar(verification.amount, lang),
            })}
            action={
              <>
                <Link className="btn btn-primary" to="/dashboard">
                  {t('buttons.dashboard')}
                </Link>
                <Link className="btn btn-secondary" to="/payment">
                  {t('paymentCallback.anotherPayment')}
                </Link>
              </>
            }
          />
        ) : (
          <EmptyState
            tone="error"
            icon={icons.alert}
            heading="h1"
            title={t('paymentCallback.failed')}
            text={failureMessage ?? t('paymentCallback.failedText')}
            action={
              <>
                <Link className="btn btn-primary" to="/payment">
                  {t('paymentCallback.tryAgain')}
                </Link>
                <Link className="btn btn-secondary" to="/dashboard">
                  {t('buttons.dashboard')}
                </Link>
              </>
            }
          />
        )}
      </div>
    </PageShell>
  )
}
