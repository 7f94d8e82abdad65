/**
 * The pages' one way to call the API from the browser: JSON asked for (`Accept`), the session
 * cookie sent (same origin), a JSON body when there is one, the page's language on request
 * (`X-Locale`, for answers whose texts she reads) and an abort signal where a caller cancels.
 * A network failure rejects, as `fetch` does; an HTTP error resolves with `ok` false, and each
 * caller decides what it means for its page. (The build reads the API through `lib/api.ts`.)
 */

export interface ApiRequest {
  method?: 'GET' | 'POST'
  /** Sent as JSON. */
  body?: unknown
  /** Adds `X-Locale` with the page's language. */
  locale?: boolean
  signal?: AbortSignal
}

export interface ApiResult<T> {
  ok: boolean
  status: number
  headers: Headers
  /** The JSON body of a successful answer (null when it has none), else null. */
  data: T | null
  /** The body as text, for a failure's message. */
  text: string
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const { method = 'GET', body, locale = false, signal } = request
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (locale) headers['x-locale'] = document.documentElement.lang
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  const text = await response.text()
  const data = response.ok && text !== '' ? (JSON.parse(text) as T) : null
  return { ok: response.ok, status: response.status, headers: response.headers, data, text }
}
