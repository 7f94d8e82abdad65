/**
 * A multipart POST that reports its upload progress. `fetch` cannot tell how much of a
 * request body has been sent, so this goes through XMLHttpRequest — with the same contract
 * as every other call (providers/http.ts): credentials, JSON accepted, the UI language and
 * failures as `ApiError("<status>: <body>")`. No CSRF token: the API's Origin check is the
 * defence for cookie sessions.
 */
import { ApiError, parseJson } from '../providers/http'

export interface UploadOptions {
  /** Extra headers (the data provider's `X-Locale`, for one). */
  headers?: Record<string, string>
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** For tests: where requests come from. */
  createRequest?: () => XMLHttpRequest
}

export function postForm<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { headers = {}, onProgress, signal, createRequest = () => new XMLHttpRequest() } = options
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'))
      return
    }
    const request = createRequest()
    request.open('POST', url)
    request.withCredentials = true
    const all: Record<string, string> = { accept: 'application/json', ...headers }
    for (const [name, value] of Object.entries(all)) request.setRequestHeader(name, value)

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      const text = request.responseText ?? ''
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1)
        resolve((parseJson(text) ?? null) as T)
      } else {
        reject(new ApiError(request.status, request.statusText, text))
      }
    })
    request.addEventListener('error', () => reject(new ApiError(0, 'Network Error', '')))
    request.addEventListener('timeout', () => reject(new ApiError(0, 'Timeout', '')))
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError'))
    )
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(body)
  })
}
