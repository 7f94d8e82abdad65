/**
 * The one way the app's own code calls the API outside Refine's data provider: through the
 * data provider's axios client (http-client.ts), loaded with the first call so that it is not
 * part of the first load of any page (the first two calls are answered by index.html's early
 * ones: early-calls.ts). Kept apart from http.ts, which the axios client itself
 * imports: this module stays in the entry chunk with its callers.
 */
import { takeEarlyAnswer } from './early-calls'
import { callAllowed, isApiError, type ApiRequest } from './http'

/** A call to the API with http.ts's contract; resolves to the parsed JSON (or `null`). */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', json, headers, signal }: ApiRequest = {}
): Promise<T> {
  if (!callAllowed(path)) throw new DOMException('Signed out', 'AbortError')
  const early = method === 'GET' && !signal ? takeEarlyAnswer<T>(path) : null
  if (early) return early
  const { httpClient } = await import('./http-client')
  const response = await httpClient.request<T | null>({
    url: path,
    method,
    data: json,
    headers,
    signal,
  })
  return (response.data ?? null) as T
}

/** A read that yields `null` instead of failing when the visitor is not signed in. */
export async function apiGetOrNull<T>(path: string): Promise<T | null> {
  try {
    return await apiRequest<T>(path)
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) return null
    throw error
  }
}
