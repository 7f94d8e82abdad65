/**
 * A back-office form: Mantine's form state and Refine's `useForm` (which reads the record to
 * edit and creates or updates it through the data provider). The record's values fill the
 * form once loaded; the API's field errors (422, already in her language) go under their
 * fields; any other refusal is a toast with the server's words.
 */
import { useForm as useMantineForm } from '@mantine/form'
import { useForm, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../providers/http'
import { showErrorToast } from '../../lib/refusals'

interface OfficeFormOptions<Values extends object, Record extends BaseRecord> {
  resource: string
  action: 'create' | 'edit'
  id?: BaseKey
  /** Where the record is read (`admin/rooms`); writes go to the resource's own path. */
  readPath: string
  initialValues: Values
  toValues: (record: Record) => Values
  toPayload: (values: Values) => object
  onSaved: (record: Record) => void
}

/** The first message of each field the API refused. */
export function fieldErrors(errors: { [field: string]: string[] }): { [field: string]: string } {
  const result: { [field: string]: string } = {}
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0]
    if (first) result[field.replace(/\.\d+$/, '')] ??= first
  }
  return result
}

export function useOfficeForm<Values extends object, Record extends BaseRecord>(
  options: OfficeFormOptions<Values, Record>
) {
  const { t } = useTranslation('admin')
  const form = useMantineForm<Values>({ initialValues: options.initialValues })
  const refine = useForm<Record, HttpError, object>({
    resource: options.resource,
    action: options.action,
    id: options.id,
    redirect: false,
    meta: { readPath: options.readPath },
    queryOptions: { enabled: options.action === 'edit' },
    successNotification: () => ({
      key: `${options.resource}-saved`,
      type: 'success',
      message: options.action === 'create' ? t('office.common.created') : t('office.common.saved'),
      description: t('office.common.savedText'),
    }),
    errorNotification: false,
  })
  const record = refine.query?.data?.data

  useEffect(() => {
    if (!record) return
    form.setValues(options.toValues(record))
    form.resetDirty(options.toValues(record))
    // The form is filled once per loaded record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record])

  const submit = form.onSubmit(async (values) => {
    try {
      const response = await refine.onFinish(options.toPayload(values))
      if (response?.data) options.onSaved(response.data as Record)
    } catch (error) {
      const errors = isApiError(error) ? error.errors : undefined
      if (errors && Object.keys(errors).length > 0) {
        form.setErrors(fieldErrors(errors))
        return
      }
      showErrorToast(error, t('office.common.loadError'))
    }
  })

  return {
    form,
    submit,
    record,
    loading: options.action === 'edit' && (refine.query?.isLoading ?? true),
    failed: refine.query?.isError ?? false,
    saving: refine.formLoading && !refine.query?.isLoading,
  }
}
