/**
 * The account app's one HTTP client, behind the data provider, uploads and `apiRequest`
 * (http.ts, which loads it with the first call): it keeps the contract of http.ts —
 * credentials on every call, `X-Locale`, and failures raised as
 * `ApiError("<status>: <body text or status text>")`.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios'
import { ApiError, callAllowed, parseJson } from './http'
import { getLanguage } from './i18n-state'

export const httpClient = axios.create({
  withCredentials: true,
  // No CSRF token header from a cookie: the API's Origin check is the defence.
  withXSRFToken: false,
  // Keep the raw text: a failure's message quotes the body as sent.
  responseType: 'text',
  transformResponse: [(raw: unknown) => raw],
  headers: { Accept: 'application/json' },
})

httpClient.interceptors.request.use((config) => {
  if (!callAllowed(config.url)) {
    /* Signing out: cancel before anything is sent (see stopDataCalls). */
    const controller = new AbortController()
    controller.abort()
    config.signal = controller.signal
  }
  config.headers = AxiosHeaders.from(config.headers)
  config.headers.set('X-Locale', getLanguage())
  return config
})

httpClient.interceptors.response.use(
  (response: AxiosResponse) => {
    if (typeof response.data === 'string') {
      response.data = response.data === '' ? null : (parseJson(response.data) ?? response.data)
    }
    return response
  },
  (error: unknown) => Promise.reject(toApiError(error))
)

export function toApiError(error: unknown): ApiError | unknown {
  if (!(error instanceof AxiosError)) return error
  const response = error.response
  if (!response) return new ApiError(0, error.message || 'Network Error', '')
  const body =
    typeof response.data === 'string'
      ? response.data
      : response.data
        ? JSON.stringify(response.data)
        : ''
  return new ApiError(response.status, response.statusText, body)
}

/** A file the API answered: its bytes and the `Content-Disposition` it came with. */
export interface ApiFile {
  blob: Blob
  contentDisposition: string | null
}

const header = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * A file from the API (`GET`), with the same contract: credentials, `X-Locale`, and a failure
 * raised as an {@link ApiError} whose body is the API's JSON, read from the bytes it sent.
 */
export async function apiDownload(path: string, signal?: AbortSignal): Promise<ApiFile> {
  const response = await httpClient.request<ArrayBuffer | null>({
    url: path,
    method: 'GET',
    responseType: 'arraybuffer',
    headers: { Accept: 'application/zip, application/json' },
    signal,
    // Every answer as bytes: a refusal's JSON is read from them below.
    validateStatus: () => true,
  })
  const bytes = response.data ?? new ArrayBuffer(0)
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError(response.status, response.statusText, new TextDecoder().decode(bytes))
  }
  const type = header(response.headers['content-type']) ?? 'application/octet-stream'
  return {
    blob: new Blob([bytes], { type }),
    contentDisposition: header(response.headers['content-disposition']),
  }
}
