import { afterEach, describe, expect, it, vi } from 'vitest'
import { AxiosError, AxiosHeaders } from 'axios'
import { ApiError, apiFetch, apiGetOrNull } from '../src/providers/http'
import { toApiError } from '../src/providers/http-client'
import { setLanguageState } from '../src/providers/i18n-state'

afterEach(() => {
  vi.unstubAllGlobals()
  setLanguageState('en')
})

function stubFetch(status: number, body: string, statusText = '') {
  const calls: { url: string; init: RequestInit }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(status === 204 ? null : body, { status, statusText })
  })
  return calls
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

describe('apiFetch', () => {
  it('sends credentials and the UI language, and JSON only with a payload', async () => {
    setLanguageState('ar')
    const calls = stubFetch(200, '{"ok":true}')
    await expect(apiFetch('/api/auth/me')).resolves.toEqual({ ok: true })
    await apiFetch('/api/auth/logout', { method: 'POST' })
    await apiFetch('/api/newsletter', { method: 'POST', json: { email: 'a@b.co' } })

    const [get, bare, withBody] = calls
    expect(get?.init.credentials).toBe('include')
    expect((get?.init.headers as Record<string, string>)['x-locale']).toBe('ar')
    expect(bare?.init.body).toBeUndefined()
    expect((bare?.init.headers as Record<string, string>)['content-type']).toBeUndefined()
    expect(withBody?.init.body).toBe('{"email":"a@b.co"}')
    expect((withBody?.init.headers as Record<string, string>)['content-type']).toBe(
      'application/json'
    )
  })

  it('sends no CSRF token header, whatever cookies the page has (the Origin check is the defence)', async () => {
    vi.stubGlobal('document', { cookie: 'a=1; XSRF-TOKEN=abc%3D; b=2' })
    const calls = stubFetch(204, '')
    await apiFetch('/api/auth/logout', { method: 'POST' })
    const headers = Object.keys(calls[0]?.init.headers as Record<string, string>)
    expect(headers.map((name) => name.toLowerCase())).not.toContain('x-xsrf-token')
  })

  it('raises non-ok answers with the spec message', async () => {
    stubFetch(401, '{"message":"Please sign in"}', 'Unauthorized')
    await expect(apiFetch('/api/auth/me')).rejects.toMatchObject({
      message: '401: {"message":"Please sign in"}',
      statusCode: 401,
    })
  })

  it('answers null for an empty body (204)', async () => {
    stubFetch(204, '')
    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeNull()
  })

  it('has a variant that yields null on 401', async () => {
    stubFetch(401, '', 'Unauthorized')
    await expect(apiGetOrNull('/api/auth/me')).resolves.toBeNull()
    stubFetch(500, '', 'Internal Server Error')
    await expect(apiGetOrNull('/api/auth/me')).rejects.toMatchObject({
      message: '500: Internal Server Error',
    })
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
