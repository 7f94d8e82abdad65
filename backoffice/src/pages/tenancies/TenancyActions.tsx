/**
 * The administrator's actions on a stay, each a button and a dialog with its fields,
 * confirmed: record rent received another way than the card form (RecordPayment.tsx); set (or
 * clear) the Ejar contract number; end the stay (its last day and why: the
 * room is available again); record the deposit's return (how much and why) while some of it is
 * held — returns may be partial and repeated, each at most what is left. The fields are checked
 * here first (lib/tenancies.ts); the API's field errors go under them, its refusal and the
 * outcome are toasts, and the stay, its ledger and the key figures are read again.
 */
import { Button, Textarea, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { formatSar, riyadhToday, type Tenancy } from '@sakan/common'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_STATS_KEY } from '../../components/admin/stats'
import { FormDialog } from '../../components/forms/FormDialog'
import { formatCalendarDate, isolate } from '../../lib/format'
import { useTexts } from '../../providers/use-language'
import {
  MAX_REASON_LENGTH,
  depositLeft,
  depositReturnOpen,
  ejarProblem,
  ejarValue,
  endDateProblem,
  latinDigits,
  reasonProblem,
  returnAmountProblem,
} from '../../lib/tenancies'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { RecordPaymentDialog } from './RecordPayment'
import { ledgerKey } from './use-ledger'

type ActionName = 'ejar' | 'end' | 'deposit' | 'record'

function ReasonField<Values extends { reason: string }>({
  form,
}: {
  form: UseFormReturnType<Values>
}) {
  const { t } = useTranslation('admin')
  return (
    <Textarea
      label={t('office.tenancies.fields.reason')}
      required
      autosize
      minRows={2}
      maxLength={MAX_REASON_LENGTH}
      {...form.getInputProps('reason')}
    />
  )
}

export function TenancyActions({ tenancy }: { tenancy: Tenancy }) {
  const { t, lang } = useTexts('admin')
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<ActionName | null>(null)
  const dialog = (action: Exclude<ActionName, 'record'>) => ({
    opened: open === action,
    onClose: () => setOpen(null),
    record: {
      resource: 'tenancies',
      id: tenancy.id,
      onDone: () => {
        void queryClient.invalidateQueries({ queryKey: ledgerKey(tenancy.id) })
        void queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] })
      },
    },
    texts: `office.tenancies.dialogs.${action}`,
    problemTexts: 'office.tenancies.form',
    doneText: () => t(`office.tenancies.dialogs.${action}.done`),
    testId: `tenancy-dialog-${action}`,
  })
  const name = isolate(tenancy.user?.fullName || tenancy.user?.email || '—')
  const running = tenancy.state === 'active'
  const held = depositReturnOpen(tenancy.deposit)
  const left = depositLeft(tenancy.deposit)
  const button = (action: ActionName, icon: IconDrawing, danger = false) => (
    <Button
      variant={danger ? 'outline' : 'default'}
      color={danger ? 'var(--color-danger)' : undefined}
      leftSection={<Icon icon={icon} />}
      onClick={() => setOpen(action)}
      data-testid={`tenancy-action-${action}`}
    >
      {t(`office.tenancies.actions.${action}`)}
    </Button>
  )
  return (
    <div
      className="office-form-actions"
      role="group"
      aria-label={t('office.tenancies.actions.label')}
    >
      {button('record', icons.creditCard)}
      {button('ejar', icons.file)}
      {held && button('deposit', icons.wallet)}
      {running && button('end', icons.close, true)}

      <RecordPaymentDialog
        tenancy={tenancy}
        opened={open === 'record'}
        onClose={() => setOpen(null)}
      />

      <FormDialog
        key={tenancy.ejarContractNumber ?? ''}
        {...dialog('ejar')}
        initialValues={{ ejarContractNumber: tenancy.ejarContractNumber ?? '' }}
        check={(values) => ({ ejarContractNumber: ejarProblem(values.ejarContractNumber) })}
        request={(values) => ({
          url: `/api/tenancies/${tenancy.id}`,
          method: 'patch',
          values: { ejarContractNumber: ejarValue(values.ejarContractNumber) },
        })}
        doneText={(values) =>
          t(
            ejarValue(values.ejarContractNumber) === null
              ? 'office.tenancies.dialogs.ejar.cleared'
              : 'office.tenancies.dialogs.ejar.done'
          )
        }
        tone="success"
        icon={icons.check}
        text={t('office.tenancies.dialogs.ejar.text', { name })}
        fields={(form) => (
          <TextInput
            label={t('office.tenancies.fields.ejar')}
            description={t('office.tenancies.fields.ejarHint')}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={10}
            data-autofocus
            {...form.getInputProps('ejarContractNumber')}
          />
        )}
      />

      {running && (
        <FormDialog
          {...dialog('end')}
          initialValues={{
            endDate: riyadhToday() < tenancy.startDate ? tenancy.startDate : riyadhToday(),
            reason: '',
          }}
          check={(values) => ({
            endDate: endDateProblem(values.endDate, tenancy.startDate, (date) =>
              formatCalendarDate(date, lang)
            ),
            reason: reasonProblem(values.reason),
          })}
          request={(values) => ({
            url: `/api/tenancies/${tenancy.id}/end`,
            method: 'post',
            values: { endDate: values.endDate, reason: values.reason.trim() },
          })}
          tone="danger"
          icon={icons.close}
          text={t('office.tenancies.dialogs.end.text', {
            name,
            room: tenancy.room?.roomNumber ?? '—',
          })}
          fields={(form) => (
            <>
              <TextInput
                type="date"
                label={t('office.tenancies.fields.endDate')}
                required
                min={tenancy.startDate}
                data-autofocus
                {...form.getInputProps('endDate')}
              />
              <ReasonField form={form} />
            </>
          )}
        />
      )}

      {held && (
        <FormDialog
          {...dialog('deposit')}
          key={left}
          initialValues={{ amount: String(left), reason: '' }}
          check={(values) => ({
            amount: returnAmountProblem(values.amount, left, (sar) => formatSar(sar, lang)),
            reason: reasonProblem(values.reason),
          })}
          request={(values) => ({
            url: `/api/tenancies/${tenancy.id}/deposit-return`,
            method: 'post',
            values: { amount: Number(latinDigits(values.amount)), reason: values.reason.trim() },
          })}
          tone="success"
          icon={icons.check}
          text={t('office.tenancies.dialogs.deposit.text', {
            name,
            amount: formatSar(left, lang),
          })}
          fields={(form) => (
            <>
              <TextInput
                label={t('office.tenancies.fields.amount')}
                description={t('office.tenancies.fields.amountHint', {
                  max: formatSar(left, lang),
                })}
                inputMode="decimal"
                autoComplete="off"
                required
                data-autofocus
                {...form.getInputProps('amount')}
              />
              <ReasonField form={form} />
            </>
          )}
        />
      )}
    </div>
  )
}
