/**
 * The one contract for talking to `/api`: every call sends credentials and the
 * UI language (`X-Locale`); a non-ok answer becomes an {@link ApiError} whose message is
 * `"<status>: <body text or status text>"`; a JSON body is sent only when there is a payload.
 * Every call goes through the one axios client (http-client.ts), which `apiRequest` (api.ts)
 * loads with the first call, so that pages calling nothing do not load axios up front.
 */
import type { ErrorBody } from '@sakan/common'

/** A failed call. `statusCode` and `message` make it Refine's `HttpError` shape. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly statusCode: number
  /** The parsed JSON body when there was one (`{message, errors?}` from our API). */
  readonly body: unknown

  constructor(statusCode: number, statusText: string, bodyText: string) {
    super(apiErrorMessage(statusCode, statusText, bodyText))
    this.statusCode = statusCode
    this.body = parseJson(bodyText)
  }

  /** The API's own human message (`{"message": …}`), already in the caller's language. */
  get serverMessage(): string | undefined {
    const body = this.body
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message
    }
    return undefined
  }

  /** Validation errors as Refine's `errors` map (field → messages), when the API sent them. */
  get errors(): Record<string, string[]> | undefined {
    const body = this.body as Partial<ErrorBody> | undefined
    if (!Array.isArray(body?.errors)) return undefined
    const map: Record<string, string[]> = {}
    for (const entry of body.errors) {
      if (!entry.field || !entry.message) continue
      ;(map[entry.field] ??= []).push(entry.message)
    }
    return map
  }
}

export function apiErrorMessage(statusCode: number, statusText: string, bodyText: string): string {
  return `${statusCode}: ${bodyText || statusText}`
}

export function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** A call's options (providers/api.ts sends it). */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON with a JSON content type; omitted (no body, no content type) when undefined. */
  json?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

let leaving = false

/** The calls that end sessions, still sent while data calls are stopped. */
const SIGN_OUT_PATHS = new Set(['/api/auth/logout', '/api/auth/logout-all'])

/**
 * Signing out: from now on no data call leaves this page (the page is about to be replaced),
 * so a query that wakes up meanwhile cannot meet the ended session with a 401.
 */
export function stopDataCalls(): void {
  leaving = true
}

/** The sign-out did not happen after all (the server refused it): she stays on this page. */
export function resumeDataCalls(): void {
  leaving = false
}

/** Whether a call to `path` may leave now: always, except while signing out (its own calls). */
export function callAllowed(path: string | undefined): boolean {
  return !leaving || (path !== undefined && SIGN_OUT_PATHS.has(path))
}
