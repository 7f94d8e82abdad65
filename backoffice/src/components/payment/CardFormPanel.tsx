/**
 * The card form for the server's quote: one month, months paid ahead or the deposit, at the
 * quote's amount and with its signed claim. Moyasar's form, loaded on demand and started again
 * whenever the quote changes.
 * When the gateway has answered the card step, the payment is recorded with
 * `POST /api/payments` (the server asks the gateway itself; the webhook and the callback's
 * verification record it too if this call is lost). A recording failure is a toast;
 * a form that cannot start says so in place.
 */
import { Alert, Loader } from '@mantine/core'
import { useCreate, type HttpError } from '@refinedev/core'
import { formatSarFigure, type Payment } from '@sakan/common'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  cardFormSettings,
  paymentRecord,
  type CardFormSettings,
  type GatewayPayment,
  type QuotedClaim,
} from '../../lib/payment'
import { serverMessageOr } from '../../lib/refusals'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useTexts } from '../../providers/use-language'
import { useRuntimeConfig } from '../../providers/use-runtime-config'

type RecordBody = ReturnType<typeof paymentRecord>

interface CardFormPanelProps {
  userId: number
  description: string
  /** What she pays for: the amount and the claim the server quoted. */
  quote: QuotedClaim
}

/** `POST /api/payments` for what the form reports, with the declared failure toast. */
function useRecordPayment() {
  const { t } = useTranslation('account')
  const { mutateAsync } = useCreate<Payment, HttpError, RecordBody>()
  return async (settings: CardFormSettings, payment: GatewayPayment) => {
    try {
      await mutateAsync({
        resource: 'payments',
        values: paymentRecord(settings, payment),
        successNotification: false,
        errorNotification: (error) => ({
          key: 'payment-record-failed',
          type: 'error',
          message: t('payment.recordError'),
          description: serverMessageOr(error, error?.message || ''),
        }),
      })
    } catch {
      // The toast has said so; the gateway's webhook and the callback still record it.
    }
  }
}

export function CardFormPanel({ userId, description, quote }: CardFormPanelProps) {
  const { t, lang } = useTexts('account')
  const config = useRuntimeConfig()
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const recordPayment = useRecordPayment()
  const nameHintId = useId()
  const logoLink = t('payment.gatewayLink')
  const pay = t('payment.payButton')
  // The button's amount in her digits (the form writes Latin ones whatever its language).
  const amount = formatSarFigure(quote.amount, lang)
  // The form keeps the callback it was started with; it calls the latest one.
  const record = useRef(recordPayment)
  useEffect(() => {
    record.current = recordPayment
  })

  const settings = useMemo(
    () =>
      config
        ? cardFormSettings({
            quote,
            userId,
            description,
            gateway: config.moyasar,
            origin: window.location.origin,
            language: lang,
          })
        : null,
    [config, userId, description, lang, quote]
  )

  useEffect(() => {
    if (config === undefined) return
    const element = container.current
    if (!settings || !element) {
      setState('error')
      return
    }
    let live = true
    let stopLabels: (() => void) | undefined
    setState('loading')
    import('../../lib/card-form')
      .then(({ startCardForm }) => {
        if (!live) return
        stopLabels = startCardForm(
          element,
          settings,
          { nameHintId, logoLink, pay, amount },
          (payment) => record.current(settings, payment)
        )
        setState('ready')
      })
      .catch(() => {
        if (live) setState('error')
      })
    return () => {
      live = false
      stopLabels?.()
      element.replaceChildren()
    }
  }, [config, settings, nameHintId, logoLink, pay, amount])

  return (
    <section className="card-form-panel" aria-label={t('payment.cardTitle')} data-state={state}>
      <h2 className="card-subtitle">{t('payment.cardTitle')}</h2>
      {state === 'error' && (
        <Alert color="red" title={t('payment.initError.title')} data-testid="payment-init-error">
          {t('payment.initError.text')}
        </Alert>
      )}
      {state === 'loading' && (
        <div className="card-form-loading" role="status">
          <Loader color="brand" size="sm" />
          <span>{t('payment.loadingForm')}</span>
        </div>
      )}
      {state !== 'error' && (
        <p id={nameHintId} className="card-name-hint" data-testid="card-name-hint">
          <Icon icon={icons.info} />
          <span>{t('payment.nameHint')}</span>
        </p>
      )}
      <div ref={container} className="card-form" hidden={state === 'error'} />
    </section>
  )
}
