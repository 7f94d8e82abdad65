/**
 * `/admin/payments/{id}`: one payment — tenant, room, what it pays (rent or the deposit) and
 * the months it covers, amount, status, how it came (card, Ejar, transfer, cash) and its
 * reference (the gateway's, or the one the administrator recorded), what was refunded of it,
 * why it was voided, dates, and its receipt once completed (kept when refunded or voided) —
 * the actions left on it (PaymentActions: void a recorded payment, refund a card payment of
 * rent) and, for a card payment, a re-verify action that asks the gateway again and records
 * its answer (`GET /api/payments/verify/{reference}`).
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
import { isRecorded } from '../../lib/office-payments'
import { paymentCoverText } from '../../lib/rent'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useOfficeTexts } from '../../components/office/use-office-texts'
import { PaymentActions } from './PaymentActions'

/**
 * A payment has a receipt once the money was taken or received (kept when it was refunded or
 * voided).
 */
const hasReceipt = (payment: Payment) =>
  payment.paymentStatus === 'completed' ||
  payment.paymentStatus === 'refunded' ||
  payment.paymentStatus === 'voided'

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
          {payment && <PaymentActions payment={payment} />}
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
          {/* The gateway knows card payments only. */}
          {!(payment && isRecorded(payment)) && (
            <Button
              leftSection={<Icon icon={icons.refresh} />}
              onClick={() => void reverify()}
              loading={checking}
              disabled={!payment}
              data-testid="payment-reverify"
            >
              {label('reverify')}
            </Button>
          )}
        </>
      }
      facts={(payment) => [
        {
          label: label('status'),
          value: <StatusBadge kind="payment" status={payment.paymentStatus} />,
        },
        { label: label('amount'), value: formatSar(payment.amount, lang) },
        payment.refundedAmount > 0 && {
          label: label('refunded'),
          value: formatSar(payment.refundedAmount, lang),
          valueProps: { 'data-testid': 'payment-refunded' },
        },
        !!payment.voidReason && {
          label: label('voidReason'),
          value: <bdi>{payment.voidReason}</bdi>,
          wide: true,
          valueProps: { 'data-testid': 'payment-void-reason' },
        },
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
          label: label('method'),
          value: t(`office.payments.methods.${payment.paymentMethod}`),
          valueProps: { 'data-testid': 'payment-method', 'data-value': payment.paymentMethod },
        },
        {
          // The gateway's id, or the reference recorded with it (Ejar/SADAD, transfer, receipt book).
          label: label(`references.${payment.paymentMethod}`),
          value: payment.paymentReference,
          valueProps: {
            dir: isRecorded(payment) ? 'auto' : 'ltr',
            'data-testid': 'payment-reference',
          },
        },
        { label: label('date'), value: <When at={payment.createdAt} /> },
        payment.paymentDate
          ? { label: label('paidAt'), value: <When at={payment.paymentDate} /> }
          : null,
      ]}
    />
  )
}
