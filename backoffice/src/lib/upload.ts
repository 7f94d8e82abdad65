/**
 * A multipart POST that reports its upload progress, through the shared axios client
 * (`onUploadProgress`) — so it keeps the contract of every other call
 * (providers/http-client.ts): credentials, JSON accepted, the UI language and failures as
 * `ApiError("<status>: <body>")`. A cancelled upload fails with an `AbortError`.
 */
import { httpClient } from '../providers/http-client'

export interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

export async function postForm<T>(
  url: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {}
): Promise<T> {
  try {
    const { data } = await httpClient.post<T>(url, body, {
      signal,
      onUploadProgress: ({ loaded, total }) => {
        if (total) onProgress?.(loaded / total)
      },
    })
    onProgress?.(1)
    return data
  } catch (error) {
    if (signal?.aborted) throw new DOMException('The upload was cancelled', 'AbortError')
    throw error
  }
}
