/**
 * What the administrator may still do to a payment (issue 44), each a button and a dialog with
 * its fields, confirmed: void a recorded payment (Ejar, a transfer, cash) that stands, with a
 * reason — its months are unpaid again, its receipt is marked voided, it is never deleted
 * (`POST /api/admin/payments/{id}/void`); refund a completed card payment of rent, in whole or
 * in part, through the gateway, with a reason (`POST /api/admin/payments/{id}/refund`). The
 * fields are checked here first (lib/office-payments.ts); the API's field errors go under them
 * (an amount above what is left names what is left), its other refusals (voided meanwhile, the
 * gateway down) are said in the dialog. Once done, a toast says so and the payment, the stays'
 * ledgers and the key figures are read again.
 */
import { Button, Textarea, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useInvalidate } from '@refinedev/core'
import { formatSar, type Payment } from '@sakan/common'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ADMIN_STATS_KEY } from '../../components/admin/stats'
import { FormDialog } from '../../components/forms/FormDialog'
import { isolate } from '../../lib/format'
import {
  amountValue,
  canRefund,
  canVoid,
  refundAmountProblem,
  refundLeft,
} from '../../lib/office-payments'
import { MAX_REASON_LENGTH, reasonProblem } from '../../lib/tenancies'
import { useTexts } from '../../providers/use-language'

type ActionName = 'void' | 'refund'

function ReasonField<Values extends { reason: string }>({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<Values>
  autoFocus?: boolean
}) {
  const { t } = useTexts('admin')
  return (
    <Textarea
      label={t('office.payments.fields.reason')}
      required
      autosize
      minRows={2}
      maxLength={MAX_REASON_LENGTH}
      data-autofocus={autoFocus || undefined}
      {...form.getInputProps('reason')}
      data-testid="payment-reason"
    />
  )
}

export function PaymentActions({ payment }: { payment: Payment }) {
  const { t, lang } = useTexts('admin')
  const queryClient = useQueryClient()
  const invalidate = useInvalidate()
  const [open, setOpen] = useState<ActionName | null>(null)
  const voidable = canVoid(payment)
  const refundable = canRefund(payment)
  if (!voidable && !refundable) return null
  const name = isolate(payment.user?.fullName || payment.user?.email || '—')
  const left = refundLeft(payment)
  const dialog = (action: ActionName) => ({
    opened: open === action,
    onClose: () => setOpen(null),
    record: {
      resource: 'payments',
      id: payment.id,
      onDone: () => {
        // Its months are paid or unpaid anew: every stay's ledger (under one key prefix) and
        // figures.
        void queryClient.invalidateQueries({ queryKey: ['sakan', 'tenancies'] })
        void queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] })
        void invalidate({ resource: 'tenancies', invalidates: ['all'] })
      },
    },
    texts: `office.payments.dialogs.${action}`,
    problemTexts: 'office.payments.form',
    testId: `payment-dialog-${action}`,
    refusalTestId: 'payment-refusal',
  })
  /* Each action is a POST to the payment's own path. */
  const post = (action: ActionName, values: object) => ({
    url: `/api/admin/payments/${payment.id}/${action}`,
    method: 'post' as const,
    values,
  })
  const button = (action: ActionName, icon: IconDrawing) => (
    <Button
      variant="outline"
      color="var(--color-danger)"
      leftSection={<Icon icon={icon} />}
      onClick={() => setOpen(action)}
      data-testid={`payment-action-${action}`}
    >
      {t(`office.payments.actions.${action}`)}
    </Button>
  )
  return (
    <>
      {voidable && button('void', icons.xCircle)}
      {refundable && button('refund', icons.wallet)}

      {voidable && (
        <FormDialog
          {...dialog('void')}
          initialValues={{ reason: '' }}
          check={(values) => ({ reason: reasonProblem(values.reason) })}
          request={(values) => post('void', { reason: values.reason.trim() })}
          doneText={() => t('office.payments.dialogs.void.done')}
          tone="danger"
          icon={icons.xCircle}
          text={t('office.payments.dialogs.void.text', {
            amount: formatSar(payment.amount, lang),
            name,
            method: t(`office.payments.methods.${payment.paymentMethod}`),
            reference: isolate(payment.paymentReference),
          })}
          fields={(form) => <ReasonField form={form} autoFocus />}
        />
      )}

      {refundable && (
        <FormDialog
          {...dialog('refund')}
          key={left}
          initialValues={{ amount: String(left), reason: '' }}
          check={(values) => ({
            amount: refundAmountProblem(values.amount, left, (sar) => formatSar(sar, lang)),
            reason: reasonProblem(values.reason),
          })}
          request={(values) =>
            post('refund', { amount: amountValue(values.amount), reason: values.reason.trim() })
          }
          doneText={(values) =>
            t('office.payments.dialogs.refund.done', {
              amount: formatSar(amountValue(values.amount) ?? 0, lang),
            })
          }
          tone="danger"
          icon={icons.wallet}
          text={t('office.payments.dialogs.refund.text', { amount: formatSar(left, lang), name })}
          fields={(form) => (
            <>
              <TextInput
                label={t('office.payments.fields.refundAmount')}
                description={t('office.payments.fields.refundHint', {
                  max: formatSar(left, lang),
                })}
                inputMode="decimal"
                autoComplete="off"
                required
                data-autofocus
                {...form.getInputProps('amount')}
                data-testid="payment-refund-amount"
              />
              <ReasonField form={form} />
            </>
          )}
        />
      )}
    </>
  )
}
