/**
 * "Record a payment" on a stay's page (issue 44): rent, or the deposit, received another way
 * than the card form — through Ejar's channels (mada, SADAD), by bank transfer or in cash —
 * recorded with how it came, its reference, the day it was received and the amount
 * (`POST /api/admin/tenancies/{id}/payments`). The months offered are the stay's unpaid ones,
 * one after another, at most MAX_RECORDED_MONTHS (lib/office-payments.ts); the amount follows
 * what they come to if received today. The fields are checked here first; the API's field
 * errors go under them (a wrong amount names the right one), its other refusals (a reference
 * or a month recorded already: 409) are said in the dialog. Once recorded, a toast says so and
 * the stay, its ledger, the payments and the key figures are read again.
 */
import { MultiSelect, Select, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useInvalidate } from '@refinedev/core'
import {
  MAX_RECORDED_MONTHS,
  PAYMENT_KINDS,
  RECORDED_PAYMENT_METHODS,
  depositStateOf,
  formatSar,
  riyadhToday,
  type Tenancy,
} from '@sakan/common'
import { icons } from '@sakan/common/ui/Icon'
import { useQueryClient } from '@tanstack/react-query'
import { ADMIN_STATS_KEY } from '../../components/admin/stats'
import { FormDialog } from '../../components/forms/FormDialog'
import { formatMonth, isolate } from '../../lib/format'
import {
  MAX_REFERENCE_LENGTH,
  inOrder,
  recordBody,
  recordProblems,
  recordableMonths,
  recordedAmount,
  type RecordValues,
} from '../../lib/office-payments'
import { useRuntimeConfig } from '../../providers/use-runtime-config'
import { useTexts } from '../../providers/use-language'
import { ledgerKey, useLedger } from './use-ledger'

/** The amount as the field shows it: Latin digits, no grouping (what the API is sent). */
const amountText = (amount: number | null) => (amount === null ? '' : String(amount))

export function RecordPaymentDialog({
  tenancy,
  opened,
  onClose,
}: {
  tenancy: Tenancy
  opened: boolean
  onClose: () => void
}) {
  const { t, lang } = useTexts('admin')
  const queryClient = useQueryClient()
  const invalidate = useInvalidate()
  const discounts = useRuntimeConfig()?.rent.discountPercent
  const { rows } = useLedger(tenancy.id)

  const months = recordableMonths(tenancy, rows)
  const depositDue = depositStateOf(tenancy.deposit.paid, 0) === 'due'
  const amountOf = (kind: RecordValues['kind'], chosen: string[]) =>
    kind === 'deposit'
      ? tenancy.deposit.amount
      : recordedAmount(chosen, rows, tenancy.monthlyRent, discounts)

  return (
    <FormDialog<RecordValues>
      opened={opened}
      onClose={onClose}
      record={{
        resource: 'tenancies',
        id: tenancy.id,
        onDone: () => {
          void queryClient.invalidateQueries({ queryKey: ledgerKey(tenancy.id) })
          void queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] })
          void invalidate({ resource: 'payments', invalidates: ['list'] })
        },
      }}
      texts="office.tenancies.dialogs.record"
      problemTexts="office.tenancies.form"
      initialValues={{
        kind: 'rent',
        monthsCovered: [],
        method: '',
        reference: '',
        receivedOn: riyadhToday(),
        amount: '',
      }}
      check={(values) => recordProblems(values)}
      request={(values) => ({
        url: `/api/admin/tenancies/${tenancy.id}/payments`,
        method: 'post',
        values: recordBody(values),
      })}
      doneText={(values) =>
        t('office.tenancies.dialogs.record.done', {
          amount: formatSar(recordBody(values).amount ?? 0, lang),
        })
      }
      tone="success"
      icon={icons.check}
      text={t('office.tenancies.dialogs.record.text', {
        name: isolate(tenancy.user?.fullName || tenancy.user?.email || '—'),
      })}
      fields={(form) => (
        <RecordFields form={form} months={months} depositDue={depositDue} amountOf={amountOf} />
      )}
      testId="tenancy-dialog-record"
      refusalTestId="record-refusal"
    />
  )
}

/** The fields, the amount following the months or the kind chosen. */
function RecordFields({
  form,
  months,
  depositDue,
  amountOf,
}: {
  form: UseFormReturnType<RecordValues>
  months: ReturnType<typeof recordableMonths>
  depositDue: boolean
  amountOf: (kind: RecordValues['kind'], chosen: string[]) => number | null
}) {
  const { t, lang } = useTexts('admin')
  const { kind, monthsCovered, method } = form.values
  const due = amountOf(kind, monthsCovered)

  /* The months or the kind changed: the amount follows what they come to today. */
  const choose = (next: RecordValues['kind'], chosen: string[]) => {
    form.setValues({
      kind: next,
      monthsCovered: chosen,
      amount: amountText(amountOf(next, chosen)),
    })
    form.clearFieldError('monthsCovered')
    form.clearFieldError('amount')
  }

  const monthOptions = months.map(({ month, state }) => ({
    value: month,
    label: t('office.tenancies.fields.monthOption', {
      month: formatMonth(month, lang),
      state: t(`office.tenancies.ledger.states.${state}`),
    }),
  }))
  return (
    <>
      <Select
        label={t('office.tenancies.fields.kind')}
        required
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data={PAYMENT_KINDS.map((value) => ({
          value,
          label: t(`office.payments.kinds.${value}`),
          disabled: value === 'deposit' && !depositDue,
        }))}
        {...form.getInputProps('kind')}
        onChange={(value) =>
          choose(value === 'deposit' ? 'deposit' : 'rent', form.values.monthsCovered)
        }
        data-autofocus
        data-testid="record-kind"
      />
      {kind === 'rent' && (
        <MultiSelect
          label={t('office.tenancies.fields.months')}
          description={
            months.length > 0
              ? t('office.tenancies.fields.monthsHint', { max: MAX_RECORDED_MONTHS })
              : t('office.tenancies.fields.noMonths')
          }
          required
          data={monthOptions}
          maxValues={MAX_RECORDED_MONTHS}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('monthsCovered')}
          onChange={(chosen) => choose('rent', inOrder(chosen))}
          data-testid="record-months"
        />
      )}
      <Select
        label={t('office.tenancies.fields.method')}
        required
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data={RECORDED_PAYMENT_METHODS.map((value) => ({
          value,
          label: t(`office.payments.methods.${value}`),
        }))}
        {...form.getInputProps('method')}
        data-testid="record-method"
      />
      <TextInput
        // Named for what it is: Ejar/SADAD's reference, the transfer's, the receipt book's number.
        label={t(
          method ? `office.payments.references.${method}` : 'office.tenancies.fields.reference'
        )}
        description={t('office.tenancies.fields.referenceHint', { max: MAX_REFERENCE_LENGTH })}
        required
        autoComplete="off"
        dir="auto"
        maxLength={MAX_REFERENCE_LENGTH}
        {...form.getInputProps('reference')}
        data-testid="record-reference"
      />
      <TextInput
        type="date"
        label={t('office.tenancies.fields.receivedOn')}
        required
        max={riyadhToday()}
        {...form.getInputProps('receivedOn')}
        data-testid="record-received-on"
      />
      <TextInput
        label={t('office.tenancies.fields.received')}
        description={
          due === null
            ? undefined
            : kind === 'deposit'
              ? t('office.tenancies.fields.depositHint', { amount: formatSar(due, lang) })
              : t('office.tenancies.fields.receivedHint', { amount: formatSar(due, lang) })
        }
        inputMode="decimal"
        autoComplete="off"
        required
        {...form.getInputProps('amount')}
        data-testid="record-amount"
      />
    </>
  )
}
