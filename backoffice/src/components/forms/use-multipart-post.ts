/**
 * The account's forms that send files (an application, a maintenance request): a multipart
 * POST through Refine's custom mutation with the upload's progress (its refusals: field-errors.ts).
 */
import { useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core'
import { useState } from 'react'

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
