/**
 * The calls every page makes first (`GET /api/config`, and `GET /api/auth/me` when a session
 * may exist), sent by index.html's start-up script while the app's code downloads and parses.
 * Each answer is used once, by the first request for its path (`apiRequest`), under the same
 * contract as the HTTP client's: a non-ok answer is an `ApiError`, a failed one an `ApiError`
 * with status 0.
 */
import { ApiError, parseJson } from './http'

type EarlyGlobal = typeof globalThis & {
  __sakanEarly?: Partial<Record<string, Promise<Response>>>
}

export function takeEarlyAnswer<T>(path: string): Promise<T> | null {
  const calls = (globalThis as EarlyGlobal).__sakanEarly
  const call = calls?.[path]
  if (!calls || !call) return null
  delete calls[path]
  return call.then(
    async (response) => {
      const text = await response.text()
      if (!response.ok) throw new ApiError(response.status, response.statusText, text)
      return (text === '' ? null : (parseJson(text) ?? text)) as T
    },
    (error: unknown) => {
      throw new ApiError(0, (error as Error | undefined)?.message || 'Network Error', '')
    }
  )
}
