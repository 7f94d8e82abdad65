/**
 * `/admin/payments/{id}`: one payment — tenant, room, what it pays (rent or the deposit) and
 * the months it covers, amount, status, method, dates and the gateway's reference, and its
 * receipt once completed (or refunded) — and a re-verify action that asks the gateway again
 * and records its answer (`GET /api/payments/verify/{reference}`).
 */
import { Button } from '@mantine/core'
import { useDataProvider, useInvalidate } from '@refinedev/core'
import { useState } from 'react'
import { formatSar, type Payment, type PaymentVerification } from '@sakan/common'
import { Link } from 'react-router'
import { showErrorToast } from '../../lib/refusals'
import { showToast } from '../../lib/toasts'
import { ResidentContact } from '../../components/details/ResidentContact'
import { RoomLink } from '../../components/details/RoomLink'
import { useOfficeRecord } from '../../components/details/use-office-record'
import { StatusBadge } from '../../components/details/StatusBadge'
import { When } from '../../components/details/When'
import { OfficeRecordPage } from '../../components/office/OfficeRecordPage'
import { paymentCoverText } from '../../lib/rent'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useOfficeTexts } from '../../components/office/use-office-texts'

/** A payment has a receipt once the gateway took the money (kept when it was refunded). */
const hasReceipt = (payment: Payment) =>
  payment.paymentStatus === 'completed' || payment.paymentStatus === 'refunded'

export default function PaymentShowPage() {
  const { t, lang, label } = useOfficeTexts('payments')
  const invalidate = useInvalidate()
  const { id, query, record: payment } = useOfficeRecord<Payment>('payments')
  const dataProvider = useDataProvider()
  const [checking, setChecking] = useState(false)
  const title = t('office.payments.payment', { id })

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
      showErrorToast(error, t('office.common.loadError'))
    } finally {
      setChecking(false)
    }
  }
  return (
    <OfficeRecordPage
      title={title}
      query={query}
      record={payment}
      testId="payment-detail"
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
      facts={(payment) => [
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
        { label: label('room'), value: <RoomLink room={payment.room} /> },
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
  )
}
