/**
 * An office action on one record as a confirmed dialog with its fields: her mistakes are found
 * here first and said under their fields, then the form is sent (use-record-call.ts). The API's
 * field errors go under the fields; its other refusals are said in the dialog when it has a
 * place for them (`refusalTestId`), else in a toast. Once done, a toast says so, the record and
 * what `record.onDone` names are read again, and the dialog closes with its fields as they
 * started.
 */
import { useForm, type UseFormReturnType } from '@mantine/form'
import type { BaseKey } from '@refinedev/core'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldProblem } from '../../lib/tenancies'
import { ConfirmDialog } from '../feedback/ConfirmDialog'
import { useRecordCall } from './use-record-call'

export interface FormDialogProps<Values extends object> {
  opened: boolean
  onClose: () => void
  /** The record the call is about, and what else to read again once it is done. */
  record: { resource: string; id: BaseKey; onDone: () => void }
  /** Where its words are: `<texts>.title`, `<texts>.confirm`. */
  texts: string
  /** Where her mistakes are said: `<problemTexts>.<problem.key>`. */
  problemTexts: string
  initialValues: Values
  check: (values: Values) => { [K in keyof Values]?: FieldProblem | null }
  request: (values: Values) => { url: string; method: 'patch' | 'post'; values: object }
  /** The toast once done. */
  doneText: (values: Values) => string
  tone: 'success' | 'danger'
  icon: IconDrawing
  /** What the action will do, above the fields. */
  text: ReactNode
  fields: (form: UseFormReturnType<Values>) => ReactNode
  testId: string
  /** Says the API's refusal in the dialog, under this test id (without it: a toast). */
  refusalTestId?: string
}

export function FormDialog<Values extends object>({
  opened,
  onClose,
  record,
  texts,
  problemTexts,
  initialValues,
  check,
  request,
  doneText,
  tone,
  icon,
  text,
  fields,
  testId,
  refusalTestId,
}: FormDialogProps<Values>) {
  const { t } = useTranslation('admin')
  const [refusal, setRefusal] = useState<string | null>(null)
  const { call, busy } = useRecordCall(record.resource, record.id, record.onDone)
  const form = useForm<Values>({ initialValues })
  /* Her mistakes, in her language, under their fields. */
  const problems = (values: Values) => {
    const errors: Record<string, string> = {}
    for (const [field, problem] of Object.entries(check(values)) as [
      string,
      FieldProblem | null | undefined,
    ][]) {
      if (problem) errors[field] = t(`${problemTexts}.${problem.key}`, problem.values ?? {})
    }
    return errors
  }
  const close = () => {
    form.reset()
    setRefusal(null)
    onClose()
  }
  const submit = async () => {
    const values = form.getValues()
    const errors = problems(values)
    form.setErrors(errors)
    if (Object.keys(errors).length > 0) return
    const done = await call(
      request(values),
      doneText(values),
      form.setErrors,
      refusalTestId === undefined ? undefined : setRefusal
    )
    if (done) close()
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      title={t(`${texts}.title`)}
      cancelLabel={t('office.common.cancel')}
      confirmLabel={t(`${texts}.confirm`)}
      pendingLabel={t('office.common.saving')}
      pending={busy}
      tone={tone}
      confirmIcon={<Icon icon={icon} />}
      onConfirm={() => void submit()}
      testId={testId}
      form
    >
      <p>{text}</p>
      {refusal && (
        <p className="inline-error" role="alert" data-testid={refusalTestId}>
          <Icon icon={icons.alert} /> {refusal}
        </p>
      )}
      <div className="office-dialog-fields">{fields(form)}</div>
    </ConfirmDialog>
  )
}
