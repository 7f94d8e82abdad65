/**
 * The account's forms that send files (an application, a maintenance request): a multipart
 * POST through Refine's custom mutation with the upload's progress; the API's field errors
 * put back under their fields; a refused submit takes her to the first field to fix.
 */
import { useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core'
import { useState, type SyntheticEvent } from 'react'
import { isApiError } from '../../providers/http'

export function useMultipartPost<Answer extends BaseRecord>(url: string) {
  const [progress, setProgress] = useState(0)
  const { mutate, mutation } = useCustomMutation<Answer, HttpError, FormData>()
  type Request = Parameters<typeof mutate>[0]

  const post = (
    body: FormData,
    notifications: Pick<Request, 'successNotification' | 'errorNotification'>,
    callbacks: Parameters<typeof mutate>[1]
  ) => {
    setProgress(0)
    mutate(
      { url, method: 'post', values: body, meta: { onProgress: setProgress }, ...notifications },
      callbacks
    )
  }

  return { post, progress, sending: mutation.isPending }
}

/**
 * The API's first message for each of `fields` it refused (422); an item of a list is
 * named by its place (`photos.1`) and shown under the list's field.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]) {
  const refused = (isApiError(error) && error.errors) || {}
  const errors: Record<string, string> = {}
  for (const name of fields) {
    const key = Object.keys(refused).find((field) => field.split('.')[0] === name)
    const message = key ? refused[key]?.[0] : undefined
    if (message) errors[name] = message
  }
  return errors
}

/** `form.onSubmit`'s failure handler: focus on the first field to fix. */
export function focusFirstInvalid(
  _errors: unknown,
  _values: unknown,
  event?: SyntheticEvent<HTMLFormElement>
) {
  event?.currentTarget?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
