/**
 * `/admin/payments/{id}`: one payment — tenant, room, what it pays (rent or the deposit) and
 * the months it covers, amount, status, method, dates and the gateway's reference, and its
 * receipt once completed (or refunded) — and a re-verify action that asks the gateway again
 * and records its answer (`GET /api/payments/verify/{reference}`).
 */
import { Button } from '@mantine/core'
import { useDataProvider, useInvalidate, useShow } from '@refinedev/core'
import { useState } from 'react'
import { formatSar, type Payment, type PaymentVerification } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { showToast } from '../../components/feedback/Toasts'
import { Facts } from '../../components/details/Facts'
import { ResidentContact } from '../../components/details/ResidentContact'
import { RecordSection } from '../../components/details/RecordSection'
import { StatusBadge } from '../../components/details/StatusBadge'
import { When } from '../../components/details/When'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { RecordError } from '../../components/office/OfficeForm'
import { roomPlaceOf } from '../../lib/applications'
import { paymentCoverText } from '../../lib/rent'
import { isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

/** A payment has a receipt once the gateway took the money (kept when it was refunded). */
const hasReceipt = (payment: Payment) =>
  payment.paymentStatus === 'completed' || payment.paymentStatus === 'refunded'

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
        <>
          {payment && hasReceipt(payment) && (
            <Button
              component={Link}
              to={`/receipts/${payment.id}`}
              variant="default"
              leftSection={<Icon icon={icons.file} />}
              data-testid="payment-receipt"
            >
              {label('receipt')}
            </Button>
          )}
          <Button
            leftSection={<Icon icon={icons.refresh} />}
            onClick={() => void reverify()}
            loading={checking}
            disabled={!payment}
            data-testid="payment-reverify"
          >
            {label('reverify')}
          </Button>
        </>
      }
    >
      <RecordSection loading={query.isLoading} testId="payment-detail">
        {payment && (
          <Facts
            className="office-facts"
            facts={[
              {
                label: label('status'),
                value: <StatusBadge kind="payment" status={payment.paymentStatus} />,
              },
              { label: label('amount'), value: formatSar(payment.amount, lang) },
              { label: label('kind'), value: label(`kinds.${payment.kind}`) },
              payment.kind === 'rent' && {
                label: label('months'),
                value: paymentCoverText(payment, lang, label('kinds.deposit')),
              },
              {
                label: label('tenant'),
                value: <ResidentContact resident={payment.user} />,
              },
              {
                label: label('room'),
                value: payment.room ? (
                  <Link to={`/admin/rooms/${payment.room.id}`}>
                    {roomPlaceOf(payment.room, payment.room.building, lang)}
                  </Link>
                ) : (
                  '—'
                ),
              },
              {
                label: label('reference'),
                value: payment.paymentReference,
                valueProps: { dir: 'ltr', 'data-testid': 'payment-reference' },
              },
              {
                label: label('method'),
                value: t(`office.payments.methods.${payment.paymentMethod}`),
              },
              { label: label('date'), value: <When at={payment.createdAt} /> },
              payment.paymentDate
                ? { label: label('paidAt'), value: <When at={payment.paymentDate} /> }
                : null,
            ]}
          />
        )}
      </RecordSection>
    </OfficeFrame>
  )
}
