/**
 * `/payment/callback?id=&status=&message=`: where the card form returns.
 * Verifying, then success or failed. A missing id or a status other than `paid` is a
 * failure without asking the server. A success links to the payment's receipt.
 */
import { Button, Loader } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { formatSar, type PaymentVerification } from '@sakan/common'
import type { TFunction } from 'i18next'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { PageShell } from '../../components/PageShell'
import {
  callbackStart,
  callbackView,
  gatewayFailureOf,
  type CallbackView,
} from '../../lib/payment-callback'
import { receiptPath } from '../../lib/rent'
import { useTexts } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

/**
 * A failure in her language: the gateway's message (English capitals such as "DECLINED") as
 * one of our texts, an unknown one as a general text with the message itself in small print.
 */
function failureTexts(
  view: Extract<CallbackView, { kind: 'failed' }>,
  t: TFunction<'account'>
): { text: string; raw: string | null } {
  if (!view.message) return { text: t(`paymentCallback.fallback.${view.fallback}`), raw: null }
  const reason = gatewayFailureOf(view.message)
  return reason
    ? { text: t(`paymentCallback.reasons.${reason}`), raw: null }
    : { text: t('paymentCallback.reasons.unknown'), raw: view.message }
}

/** The ways on from a result: the one she most likely wants, then the others. */
function ResultActions({
  first,
  others,
}: {
  first: { to: string; text: string }
  others: { to: string; text: string }[]
}) {
  return (
    <>
      <Button component={Link} size="md" to={first.to}>
        {first.text}
      </Button>
      {others.map((other) => (
        <Button key={other.to} component={Link} variant="default" size="md" to={other.to}>
          {other.text}
        </Button>
      ))}
    </>
  )
}

export default function PaymentCallbackPage() {
  const { t, lang } = useTexts('account')
  const [params] = useSearchParams()
  const start = callbackStart(params)
  const { query, result } = useCustom<PaymentVerification>({
    url: `/api/payments/verify/${start.kind === 'verify' ? encodeURIComponent(start.id) : ''}`,
    method: 'get',
    queryOptions: { enabled: start.kind === 'verify', retry: false },
    // The page itself says so, no toast.
    errorNotification: false,
  })
  const view = callbackView(start, { status: query.status, data: result.data })
  const failure = view.kind === 'failed' ? failureTexts(view, t) : null
  const dashboard = { to: '/dashboard', text: t('buttons.dashboard') }
  const another = { to: '/payment', text: t('paymentCallback.anotherPayment') }
  // Our record of the payment (the server recorded it while verifying): its receipt.
  const paymentId = result.data?.paymentId ?? null

  return (
    <PageShell title={t('titles.paymentCallback')} width="narrow" hideHeading>
      <div
        className="card result-card"
        aria-live="polite"
        data-testid="payment-result"
        data-view={view.kind}
      >
        {view.kind === 'verifying' ? (
          <div className="result-verifying" role="status">
            <Loader color="brand" />
            <h1 className="result-title">{t('paymentCallback.verifying')}</h1>
            <p className="result-text">{t('paymentCallback.verifyingText')}</p>
          </div>
        ) : view.kind === 'success' ? (
          <EmptyState
            icon={icons.check}
            heading="h1"
            title={t('paymentCallback.success')}
            text={t('paymentCallback.successText', { amount: formatSar(view.amount, lang) })}
            action={
              paymentId !== null ? (
                <ResultActions
                  first={{ to: receiptPath(paymentId), text: t('paymentCallback.receipt') }}
                  others={[dashboard, another]}
                />
              ) : (
                <ResultActions first={dashboard} others={[another]} />
              )
            }
          />
        ) : (
          <EmptyState
            tone="error"
            icon={icons.alert}
            heading="h1"
            title={
              view.kind === 'failed'
                ? t('paymentCallback.failed')
                : t('paymentCallback.verificationError')
            }
            text={failure ? failure.text : t('paymentCallback.verificationErrorText')}
            note={
              failure?.raw ? (
                <small className="result-raw" data-testid="payment-gateway-message">
                  {t('paymentCallback.gatewayMessage')} <bdi dir="ltr">{failure.raw}</bdi>
                </small>
              ) : undefined
            }
            action={
              <ResultActions
                first={{ to: '/payment', text: t('paymentCallback.tryAgain') }}
                others={[dashboard]}
              />
            }
          />
        )}
      </div>
    </PageShell>
  )
}
