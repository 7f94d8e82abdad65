/**
 * `/admin/payments/{id}`: one payment — tenant, room, month, amount, status, method, dates and
 * the gateway's reference — and a re-verify action that asks the gateway again and records
 * its answer (`GET /api/payments/verify/{reference}`).
 */
import { Badge, Button } from '@mantine/core'
import { useDataProvider, useInvalidate, useShow } from '@refinedev/core'
import { useState } from 'react'
import { formatSar, localizeDigits, type Payment, type PaymentVerification } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { showToast } from '../../components/feedback/Toasts'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { RecordError } from '../../components/office/OfficeForm'
import { formatDateTime, formatMonth } from '../../lib/format'
import { PAYMENT_TONES, toneOf } from '../../lib/status'
import { isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

export default function PaymentShowPage() {
  const { t } = useTranslation(['admin', 'account'])
  const lang = useLanguage()
  const { id } = useParams()
  const invalidate = useInvalidate()
  const { query, result: payment } = useShow<Payment>({
    resource: 'payments',
    id,
    errorNotification: false,
  })
  const dataProvider = useDataProvider()
  const [checking, setChecking] = useState(false)
  const label = (field: string) => t(`office.payments.${field}`)
  const title = t('office.payments.payment', { id: id ?? '' })

  if (query.isError) return <RecordError title={title} />
  const reverify = async () => {
    if (!payment) return
    setChecking(true)
    try {
      const { data } = await dataProvider().custom!<PaymentVerification>({
        url: `/api/payments/verify/${encodeURIComponent(payment.paymentReference)}`,
        method: 'get',
      })
      showToast({
        tone: 'success',
        title: t('office.payments.reverified', {
          status: t(`office.payments.gatewayStatus.${data.status}`, { defaultValue: data.status }),
        }),
      })
      void invalidate({ resource: 'payments', invalidates: ['detail', 'list'], id: payment.id })
    } catch (error) {
      showToast({
        tone: 'error',
        title: (isApiError(error) && error.serverMessage) || t('office.common.loadError'),
      })
    } finally {
      setChecking(false)
    }
  }
  return (
    <OfficeFrame
      title={title}
      actions={
        <Button
          leftSection={<Icon icon={icons.refresh} />}
          onClick={() => void reverify()}
          loading={checking}
          disabled={!payment}
          data-testid="payment-reverify"
        >
          {label('reverify')}
        </Button>
      }
    >
      <section
        className="card office-form"
        aria-busy={query.isLoading || undefined}
        data-testid="payment-detail"
      >
        {payment && (
          <dl className="office-facts">
            <div>
              <dt>{label('status')}</dt>
              <dd>
                <Badge
                  data-tone={toneOf(PAYMENT_TONES, payment.paymentStatus)}
                  data-value={payment.paymentStatus}
                >
                  {t(`account:status.payment.${payment.paymentStatus}`)}
                </Badge>
              </dd>
            </div>
            <div>
              <dt>{label('amount')}</dt>
              <dd>{formatSar(payment.amount, lang)}</dd>
            </div>
            <div>
              <dt>{label('month')}</dt>
              <dd>{formatMonth(payment.monthCovered, lang)}</dd>
            </div>
            <div>
              <dt>{label('tenant')}</dt>
              <dd>
                <bdi>{payment.user?.fullName || '—'}</bdi>
                {payment.user?.email && (
                  <>
                    {' · '}
                    <a href={`mailto:${payment.user.email}`} dir="ltr">
                      {payment.user.email}
                    </a>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>{label('room')}</dt>
              <dd>
                {payment.room ? (
                  <Link to={`/admin/rooms/${payment.room.id}`}>
                    {localizeDigits(payment.room.roomNumber, lang)} ·{' '}
                    {(lang === 'ar'
                      ? payment.room.building?.name_ar
                      : payment.room.building?.name_en) ?? ''}
                  </Link>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>{label('reference')}</dt>
              <dd dir="ltr" data-testid="payment-reference">
                {payment.paymentReference}
              </dd>
            </div>
            <div>
              <dt>{label('method')}</dt>
              <dd>{t(`office.payments.methods.${payment.paymentMethod}`)}</dd>
            </div>
            <div>
              <dt>{label('date')}</dt>
              <dd>
                <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, lang)}</time>
              </dd>
            </div>
            {payment.paymentDate && (
              <div>
                <dt>{label('paidAt')}</dt>
                <dd>
                  <time dateTime={payment.paymentDate}>
                    {formatDateTime(payment.paymentDate, lang)}
                  </time>
                </dd>
              </div>
            )}
          </dl>
        )}
      </section>
    </OfficeFrame>
  )
}
