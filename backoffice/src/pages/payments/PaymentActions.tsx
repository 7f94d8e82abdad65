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
import { useForm, type UseFormReturnType } from '@mantine/form'
import { useInvalidate } from '@refinedev/core'
import { formatSar, type Payment } from '@sakan/common'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { ADMIN_STATS_KEY } from '../../components/admin/stats'
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog'
import { useRecordCall } from '../../components/forms/use-record-call'
import { isolate } from '../../lib/format'
import {
  amountValue,
  canRefund,
  canVoid,
  refundAmountProblem,
  refundLeft,
} from '../../lib/office-payments'
import { MAX_REASON_LENGTH, reasonProblem, type FieldProblem } from '../../lib/tenancies'
import { useTexts } from '../../providers/use-language'

type ActionName = 'void' | 'refund'

function PaymentDialog<Values extends { reason: string }>({
  action,
  payment,
  opened,
  onClose,
  initialValues,
  check,
  body,
  doneText,
  tone,
  icon,
  text,
  fields,
}: {
  action: ActionName
  payment: Payment
  opened: boolean
  onClose: () => void
  initialValues: Values
  check: (values: Values) => Record<string, FieldProblem | null>
  body: (values: Values) => object
  doneText: (values: Values) => string
  tone: 'success' | 'danger'
  icon: IconDrawing
  text: ReactNode
  fields: (form: UseFormReturnType<Values>) => ReactNode
}) {
  const { t } = useTexts('admin')
  const queryClient = useQueryClient()
  const invalidate = useInvalidate()
  const [refusal, setRefusal] = useState<string | null>(null)
  const { call, busy } = useRecordCall<Payment>('payments', payment.id, () => {
    // Its months are paid or unpaid anew: every stay's ledger (under one key prefix) and figures.
    void queryClient.invalidateQueries({ queryKey: ['sakan', 'tenancies'] })
    void queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] })
    void invalidate({ resource: 'tenancies', invalidates: ['all'] })
  })
  const form = useForm<Values>({ initialValues })
  const close = () => {
    form.reset()
    setRefusal(null)
    onClose()
  }
  const submit = async () => {
    const values = form.getValues()
    const errors: Record<string, string> = {}
    for (const [field, problem] of Object.entries(check(values))) {
      if (problem) errors[field] = t(`office.payments.form.${problem.key}`, problem.values ?? {})
    }
    form.setErrors(errors)
    if (Object.keys(errors).length > 0) return
    const done = await call(
      { url: `/api/admin/payments/${payment.id}/${action}`, method: 'post', values: body(values) },
      doneText(values),
      form.setErrors,
      setRefusal
    )
    if (done) close()
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      title={t(`office.payments.dialogs.${action}.title`)}
      cancelLabel={t('office.common.cancel')}
      confirmLabel={t(`office.payments.dialogs.${action}.confirm`)}
      pendingLabel={t('office.common.saving')}
      pending={busy}
      tone={tone}
      confirmIcon={<Icon icon={icon} />}
      onConfirm={() => void submit()}
      testId={`payment-dialog-${action}`}
      form
    >
      <p>{text}</p>
      {refusal && (
        <p className="inline-error" role="alert" data-testid="payment-refusal">
          <Icon icon={icons.alert} /> {refusal}
        </p>
      )}
      <div className="office-dialog-fields">{fields(form)}</div>
    </ConfirmDialog>
  )
}

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
  const [open, setOpen] = useState<ActionName | null>(null)
  const voidable = canVoid(payment)
  const refundable = canRefund(payment)
  if (!voidable && !refundable) return null
  const name = isolate(payment.user?.fullName || payment.user?.email || '—')
  const left = refundLeft(payment)
  const dialog = (action: ActionName) => ({
    action,
    payment,
    opened: open === action,
    onClose: () => setOpen(null),
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
        <PaymentDialog
          {...dialog('void')}
          initialValues={{ reason: '' }}
          check={(values) => ({ reason: reasonProblem(values.reason) })}
          body={(values) => ({ reason: values.reason.trim() })}
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
        <PaymentDialog
          {...dialog('refund')}
          key={left}
          initialValues={{ amount: String(left), reason: '' }}
          check={(values) => ({
            amount: refundAmountProblem(values.amount, left, (sar) => formatSar(sar, lang)),
            reason: reasonProblem(values.reason),
          })}
          body={(values) => ({ amount: amountValue(values.amount), reason: values.reason.trim() })}
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
