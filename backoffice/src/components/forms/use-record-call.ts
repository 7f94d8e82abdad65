/**
 * A call about one catalogue record that answers the record (its photos, its avatar): on
 * success the page takes the answer, a toast says what was done and the resource's list and
 * detail are read again; a refusal is a toast in the API's words (its first field error, else
 * its message), and the field errors go under their fields when the caller has a form. A
 * dialog may say the refusal itself instead of the toast (`sayRefusal`: nothing when its
 * fields already show it). It answers whether the call was done.
 */
import { useCustomMutation, useInvalidate, type BaseKey, type BaseRecord } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../providers/http'
import { showToast } from '../../lib/toasts'
import { fieldErrors } from '../office/use-office-form'

function refusal(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback
  const first = Object.values(error.errors ?? {})[0]?.[0]
  return first ?? error.serverMessage ?? fallback
}

export function useRecordCall<Record extends BaseRecord>(
  resource: string,
  id: BaseKey,
  onAnswer: (record: Record) => void
) {
  const { t } = useTranslation('admin')
  const invalidate = useInvalidate()
  const { mutateAsync, mutation } = useCustomMutation<Record>()

  const call = async (
    request: Parameters<typeof mutateAsync>[0],
    message: string,
    /** Puts the API's field errors (422) under the form's fields. */
    setFieldErrors?: (errors: { [field: string]: string }) => void,
    /** Says a refusal in the dialog (null: none, or its fields say it) instead of a toast. */
    sayRefusal?: (text: string | null) => void
  ): Promise<boolean> => {
    sayRefusal?.(null)
    try {
      const response = await mutateAsync({
        ...request,
        successNotification: false,
        errorNotification: false,
      })
      onAnswer(response.data)
      showToast({ tone: 'success', title: message })
      void invalidate({ resource, invalidates: ['list', 'detail'], id })
      return true
    } catch (error) {
      const errors = isApiError(error) ? error.errors : undefined
      const placed = Boolean(setFieldErrors && errors)
      if (setFieldErrors && errors) setFieldErrors(fieldErrors(errors))
      const text = refusal(error, t('office.common.actionFailed'))
      if (sayRefusal) sayRefusal(placed ? null : text)
      else showToast({ tone: 'error', title: text })
      return false
    }
  }

  return { call, busy: mutation.isPending }
}
