import { afterEach, describe, expect, it, vi } from 'vitest'
import { AxiosError, AxiosHeaders } from 'axios'
import { ApiError, resumeDataCalls, stopDataCalls } from '../src/providers/http'
import { apiGetOrNull, apiRequest } from '../src/providers/api'
import { toApiError } from '../src/providers/http-client'
import { setLanguageState } from '../src/providers/i18n-state'

/**
 * A stand-in for the browser's XMLHttpRequest, installed before axios loads (so axios picks
 * its browser adapter, as in the app): it records what each call sends and answers the
 * response set by `answer`.
 */
const xhr = vi.hoisted(() => {
  interface Sent {
    method: string
    url: string
    headers: Record<string, string>
    body: unknown
    withCredentials: boolean
  }
  const state = { calls: [] as Sent[], status: 200, statusText: '', body: '' }
  class FakeXMLHttpRequest {
    withCredentials = false
    responseType = ''
    timeout = 0
    readyState = 0
    status = 0
    statusText = ''
    responseText = ''
    onloadend: (() => void) | null = null
    private sent: Sent = {
      method: '',
      url: '',
      headers: {},
      body: undefined,
      withCredentials: false,
    }
    get response() {
      return this.responseText
    }
    open(method: string, url: string) {
      this.sent = { ...this.sent, method, url }
    }
    setRequestHeader(name: string, value: string) {
      this.sent.headers[name.toLowerCase()] = value
    }
    getAllResponseHeaders() {
      return ''
    }
    addEventListener() {}
    removeEventListener() {}
    abort() {}
    send(body: unknown) {
      state.calls.push({ ...this.sent, body, withCredentials: this.withCredentials })
      queueMicrotask(() => {
        this.readyState = 4
        this.status = state.status
        this.statusText = state.statusText
        this.responseText = state.body
        this.onloadend?.()
      })
    }
  }
  globalThis.XMLHttpRequest = FakeXMLHttpRequest as unknown as typeof XMLHttpRequest
  return state
})

afterEach(() => {
  vi.unstubAllGlobals()
  setLanguageState('en')
  resumeDataCalls()
})

function answer(status: number, body: string, statusText = '') {
  Object.assign(xhr, { calls: [], status, body, statusText })
  return xhr.calls
}

describe('ApiError (spec §7: "<status>: <body text or status text>")', () => {
  it('quotes the body text', () => {
    const error = new ApiError(422, 'Unprocessable Entity', '{"message":"Invalid"}')
    expect(error.message).toBe('422: {"message":"Invalid"}')
    expect(error.statusCode).toBe(422)
    expect(error.serverMessage).toBe('Invalid')
  })

  it('uses the status text when the body is empty', () => {
    expect(new ApiError(500, 'Internal Server Error', '').message).toBe(
      '500: Internal Server Error'
    )
  })

  it('turns validation errors into Refine field errors', () => {
    const error = new ApiError(
      422,
      '',
      JSON.stringify({
        message: 'x',
        errors: [{ field: 'title', rule: 'required', message: 'Title is required' }],
      })
    )
    expect(error.errors).toEqual({ title: ['Title is required'] })
  })
})

describe('apiRequest', () => {
  it('sends credentials and the UI language, and JSON only with a payload', async () => {
    setLanguageState('ar')
    answer(200, '{"ok":true}')
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ ok: true })
    await apiRequest('/api/auth/logout', { method: 'POST' })
    await apiRequest('/api/newsletter', { method: 'POST', json: { email: 'a@b.co' } })

    const [get, bare, withBody] = xhr.calls
    expect(get?.withCredentials).toBe(true)
    expect(get?.headers['x-locale']).toBe('ar')
    expect(bare?.body).toBeNull() // XMLHttpRequest's send(null): no body
    expect(bare?.headers['content-type']).toBeUndefined()
    expect(withBody?.body).toBe('{"email":"a@b.co"}')
    expect(withBody?.headers['content-type']).toBe('application/json')
  })

  it('sends no CSRF token header, whatever cookies the page has (the Origin check is the defence)', async () => {
    vi.stubGlobal('document', { cookie: 'a=1; XSRF-TOKEN=abc%3D; b=2' })
    const calls = answer(204, '')
    await apiRequest('/api/auth/logout', { method: 'POST' })
    expect(Object.keys(calls[0]?.headers ?? {})).not.toContain('x-xsrf-token')
  })

  it('raises non-ok answers with the spec message', async () => {
    answer(401, '{"message":"Please sign in"}', 'Unauthorized')
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({
      message: '401: {"message":"Please sign in"}',
      statusCode: 401,
    })
  })

  it("takes index.html's early answer for its path once, then calls as usual", async () => {
    const early = (status: number, body: string, statusText = '') =>
      Promise.resolve(new Response(body, { status, statusText }))
    vi.stubGlobal('__sakanEarly', {
      '/api/auth/me': early(200, '{"id":7}'),
      '/api/config': early(503, '{"message":"Down"}', 'Service Unavailable'),
    })
    const calls = answer(200, '{"id":8}')
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ id: 7 })
    await expect(apiRequest('/api/config')).rejects.toMatchObject({
      message: '503: {"message":"Down"}',
      statusCode: 503,
    })
    expect(calls).toHaveLength(0)
    // Used once: the next call goes to the server.
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ id: 8 })
    expect(calls).toHaveLength(1)
  })

  it('turns an early call that failed into a status-0 ApiError, and a 401 into null', async () => {
    vi.stubGlobal('__sakanEarly', {
      '/api/config': Promise.reject(new TypeError('Failed to fetch')),
      '/api/auth/me': Promise.resolve(
        new Response('{"message":"Please sign in"}', { status: 401 })
      ),
    })
    await expect(apiRequest('/api/config')).rejects.toMatchObject({
      message: '0: Failed to fetch',
      statusCode: 0,
    })
    await expect(apiGetOrNull('/api/auth/me')).resolves.toBeNull()
  })

  it('answers null for an empty body (204)', async () => {
    answer(204, '')
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeNull()
  })

  it('has a variant that yields null on 401', async () => {
    answer(401, '', 'Unauthorized')
    await expect(apiGetOrNull('/api/auth/me')).resolves.toBeNull()
    answer(500, '', 'Internal Server Error')
    await expect(apiGetOrNull('/api/auth/me')).rejects.toMatchObject({
      message: '500: Internal Server Error',
    })
  })

  it('sends only the sign-out calls while signing out', async () => {
    const calls = answer(204, '')
    stopDataCalls()
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ name: 'AbortError' })
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeNull()
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/logout'])
  })
})

describe("the data provider's errors", () => {
  const axiosError = (status: number, statusText: string, data: unknown) =>
    new AxiosError('Request failed', 'ERR_BAD_RESPONSE', undefined, undefined, {
      status,
      statusText,
      data,
      headers: {},
      config: { headers: new AxiosHeaders() },
    })

  it('have the same message format', () => {
    expect(toApiError(axiosError(403, 'Forbidden', '{"message":"Not allowed"}'))).toMatchObject({
      message: '403: {"message":"Not allowed"}',
      statusCode: 403,
    })
    expect(toApiError(axiosError(404, 'Not Found', ''))).toMatchObject({
      message: '404: Not Found',
    })
  })

  it('report a network failure as status 0', () => {
    expect(toApiError(new AxiosError('Network Error', 'ERR_NETWORK'))).toMatchObject({
      message: '0: Network Error',
      statusCode: 0,
    })
  })
})
