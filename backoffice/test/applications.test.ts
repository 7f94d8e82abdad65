import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AxiosError,
  CanceledError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { ApiError } from '../src/providers/http'
import { buildingNameOf, decisionOf, roomNumberOf } from '../src/lib/applications'
import { setLanguageState } from '../src/providers/i18n-state'
import { limitBadges } from '../src/lib/badges'
import { calendarFormats, formatCalendarDate, formatFileSize, formatMonth } from '../src/lib/format'
import { documentKind, documentUrl, idDocumentProblem } from '../src/lib/id-document'
import { addDays, isIsoDate, moveInBounds, moveInProblem } from '../src/lib/move-in'
import {
  APPLICATION_TONES,
  MAINTENANCE_TONES,
  PAYMENT_TONES,
  PRIORITY_COLORS,
  toneOf,
} from '../src/lib/status'
import { postForm } from '../src/lib/upload'
import { dataProvider } from '../src/providers/data-provider'
import { httpClient } from '../src/providers/http-client'

describe('move-in date (spec §5, Riyadh time)', () => {
  it.each([
    // 22:30 UTC on 31 Dec is already 1 Jan in Riyadh (UTC+3).
    ['2026-12-31T22:30:00Z', { min: '2027-01-01', initial: '2027-01-08' }],
    ['2026-11-22T10:00:00Z', { min: '2026-11-22', initial: '2026-11-29' }],
    // Across a month end and a leap day.
    ['2028-02-25T12:00:00Z', { min: '2028-02-25', initial: '2028-03-03' }],
  ])('starts at today in Riyadh and suggests a week later (at %s)', (now, bounds) => {
    expect(moveInBounds(new Date(now))).toEqual(bounds)
  })

  it('refuses a past date, accepts today', () => {
    const now = new Date('2026-11-22T21:30:00Z') // 23 Nov, 00:30 in Riyadh
    expect(moveInProblem('2026-11-22', now)).toBe('past')
    expect(moveInProblem('2026-11-23', now)).toBeNull()
    expect(moveInProblem('2027-01-15', now)).toBeNull()
    expect(moveInProblem('', now)).toBe('required')
    expect(moveInProblem(null, now)).toBe('required')
    expect(moveInProblem('2026-02-30', now)).toBe('invalid')
  })

  it('does calendar arithmetic on yyyy-MM-dd', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2027-02-29')).toBe(false)
    expect(() => addDays('tomorrow', 1)).toThrow()
  })
})

describe('ID document (spec §5: one jpeg, png or pdf; ≤ 10 MB)', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size })

  it('accepts JPEG, PNG and PDF', () => {
    expect(idDocumentProblem(file('id.jpg', 'image/jpeg'))).toBeNull()
    expect(idDocumentProblem(file('id.png', 'image/png'))).toBeNull()
    expect(idDocumentProblem(file('id.pdf', 'application/pdf'))).toBeNull()
    // Some systems send no type: the extension decides.
    expect(idDocumentProblem(file('ID.JPEG', ''))).toBeNull()
  })

  it('says what is wrong', () => {
    expect(idDocumentProblem(null)).toBe('missing')
    expect(idDocumentProblem(file('id.gif', 'image/gif'))).toBe('type')
    expect(idDocumentProblem(file('id.exe', ''))).toBe('type')
    expect(idDocumentProblem(file('id.pdf', 'application/pdf', 0))).toBe('empty')
    expect(idDocumentProblem(file('id.pdf', 'application/pdf', 10 * 1024 * 1024))).toBeNull()
    expect(idDocumentProblem(file('id.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe('size')
  })

  it('shows images in a dialog and everything else in a new tab', () => {
    expect(documentKind('image/png')).toBe('image')
    expect(documentKind('image/jpeg')).toBe('image')
    expect(documentKind('application/pdf')).toBe('pdf')
    expect(documentKind('application/octet-stream')).toBe('other')
    expect(documentKind(null, 'applications/x.jpg')).toBe('image')
    expect(documentKind(null, 'applications/x.pdf')).toBe('pdf')
    expect(documentKind(null, null)).toBe('other')
  })

  it('builds the document URL segment by segment', () => {
    expect(documentUrl('applications/2bc9.pdf')).toBe('/api/images/applications/2bc9.pdf')
    expect(documentUrl('applications/a b?.png')).toBe('/api/images/applications/a%20b%3F.png')
  })
})

describe('feature badges (spec §9: up to 4, then +N more)', () => {
  it('keeps the first four and counts the rest', () => {
    expect(limitBadges(['a', 'b', 'c', 'd', 'e', 'f'], 4)).toEqual({
      shown: ['a', 'b', 'c', 'd'],
      more: 2,
    })
    expect(limitBadges(['a', 'b', 'c', 'd'], 4)).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 0 })
    expect(limitBadges([], 4)).toEqual({ shown: [], more: 0 })
  })
})

describe('status colours (spec §2)', () => {
  it('gives every status a tone', () => {
    expect(APPLICATION_TONES).toEqual({
      pending: 'warning',
      approved: 'success',
      rejected: 'danger',
    })
    expect(PAYMENT_TONES.completed).toBe('success')
    expect(PAYMENT_TONES.failed).toBe('danger')
    expect(MAINTENANCE_TONES.in_progress).toBe('info')
    expect(MAINTENANCE_TONES.cancelled).toBe('neutral')
    expect(toneOf(APPLICATION_TONES, 'withdrawn')).toBe('neutral')
    expect(toneOf(APPLICATION_TONES, null)).toBe('neutral')
  })

  it('colours priorities low green, medium yellow, high orange, urgent red', () => {
    expect(PRIORITY_COLORS).toEqual({
      low: 'green',
      medium: 'yellow',
      high: 'orange',
      urgent: 'red',
    })
  })
})

describe('fallbacks (spec §2)', () => {
  const fallbacks = { roomNumber: 'N/A', buildingName: 'Property Name Unavailable' }

  it('shows N/A and Property Name Unavailable for missing parts', () => {
    expect(roomNumberOf(null, fallbacks)).toBe('N/A')
    expect(roomNumberOf({ roomNumber: ' ' }, fallbacks)).toBe('N/A')
    expect(roomNumberOf({ roomNumber: '101' }, fallbacks)).toBe('101')
    expect(buildingNameOf(null, 'en', fallbacks)).toBe('Property Name Unavailable')
    expect(buildingNameOf({ id: 1, name: '', name_en: '', name_ar: '' }, 'ar', fallbacks)).toBe(
      'Property Name Unavailable'
    )
    expect(
      buildingNameOf(
        { id: 1, name: 'Al Yasmin', name_en: 'Al Yasmin', name_ar: 'الياسمين' },
        'ar',
        fallbacks
      )
    ).toBe('الياسمين')
  })

  it('gives room numbers as printed in either language (the texts write the digits)', () => {
    setLanguageState('ar')
    expect(roomNumberOf({ roomNumber: '101' }, fallbacks)).toBe('101')
    expect(roomNumberOf({ roomNumber: 'B-101' }, fallbacks)).toBe('B-101')
    setLanguageState('en')
    expect(roomNumberOf({ roomNumber: '101' }, fallbacks)).toBe('101')
  })

  it('reads decisions from audit events', () => {
    expect(decisionOf({ action: 'application.approved' })).toBe('approved')
    expect(decisionOf({ action: 'application.deleted' })).toBe('deleted')
    expect(decisionOf({ action: 'application.document_viewed' })).toBe('viewed')
    expect(decisionOf({ action: 'room.updated' })).toBeNull()
  })
})

describe('formatting (DESIGN.md §8)', () => {
  it('writes months and calendar dates in both languages, Gregorian', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026')
    expect(formatMonth('2026-11', 'ar')).toBe('نوفمبر ٢٠٢٦')
    expect(formatCalendarDate('2026-11-02', 'en')).toBe('2 November 2026')
    expect(formatCalendarDate('2026-11-02', 'ar')).toContain('نوفمبر')
  })

  it('labels the date picker in the UI language', () => {
    const en = calendarFormats('en')
    expect(en.renderDay('2026-11-02')).toBe('2')
    expect(en.monthLabelFormat('2026-11-01')).toBe('November 2026')
    expect(en.decadeLabelFormat('2020-01-01', '2029-12-31')).toBe('2020 – 2029')
    const ar = calendarFormats('ar')
    expect(ar.renderDay('2026-11-02')).toBe('٢')
    expect(ar.monthLabelFormat('2026-11-01')).toBe('نوفمبر ٢٠٢٦')
  })

  it('writes file sizes', () => {
    expect(formatFileSize(2_400_000, 'en')).toBe('2.4 MB')
    expect(formatFileSize(830_000, 'en')).toBe('830 kB')
    expect(formatFileSize(146, 'en')).toBe('146 B')
    expect(formatFileSize(1, 'en')).toBe('1 B')
  })

  it('writes file sizes with Arabic digits and unit symbols, never a spelled-out unit', () => {
    expect(formatFileSize(146, 'ar')).toBe('١٤٦ ب')
    expect(formatFileSize(830_000, 'ar')).toBe('٨٣٠ ك.ب')
    expect(formatFileSize(2_400_000, 'ar')).toBe('٢٫٤ م.ب')
  })
})

/** A stand-in for axios' transport: records what it was asked and answers on demand. */
class FakeTransport {
  config?: InternalAxiosRequestConfig
  aborted = false
  private settle?: { resolve: (response: AxiosResponse) => void; reject: (error: unknown) => void }
  private onSent?: () => void
  readonly sent = new Promise<void>((resolve) => (this.onSent = resolve))

  readonly adapter = (config: InternalAxiosRequestConfig) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      this.config = config
      this.settle = { resolve, reject }
      config.signal?.addEventListener?.('abort', () => {
        this.aborted = true
        reject(new CanceledError(undefined, undefined, config))
      })
      this.onSent?.()
    })

  progress(loaded: number, total: number) {
    this.config?.onUploadProgress?.({ loaded, total, bytes: loaded, lengthComputable: true })
  }

  answer(status: number, text: string, statusText = '') {
    const config = this.config as InternalAxiosRequestConfig
    const response: AxiosResponse = { status, statusText, data: text, headers: {}, config }
    if (status >= 200 && status < 300) this.settle?.resolve(response)
    else
      this.settle?.reject(new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response))
  }
}

describe('upload with progress', () => {
  let transport: FakeTransport
  const adapter = httpClient.defaults.adapter

  beforeEach(() => {
    transport = new FakeTransport()
    httpClient.defaults.adapter = transport.adapter
  })

  afterEach(() => {
    httpClient.defaults.adapter = adapter
    setLanguageState('en')
    vi.unstubAllGlobals()
  })

  it('sends credentials and headers, reports progress and resolves with the JSON', async () => {
    setLanguageState('ar')
    const seen: number[] = []
    const body = new FormData()
    const done = postForm<{ id: number }>('/api/applications', body, {
      onProgress: (fraction) => seen.push(fraction),
    })
    await transport.sent
    const config = transport.config as InternalAxiosRequestConfig
    expect(config.method).toBe('post')
    expect(config.url).toBe('/api/applications')
    expect(config.withCredentials).toBe(true)
    expect(config.headers.get('Accept')).toBe('application/json')
    expect(config.headers.get('X-Locale')).toBe('ar')
    expect(config.data).toBe(body)
    transport.progress(25, 100)
    transport.progress(100, 100)
    transport.answer(201, '{"id":7}')
    await expect(done).resolves.toEqual({ id: 7 })
    expect(seen).toEqual([0.25, 1, 1])
  })

  it('takes a multipart custom call (the form through useCustomMutation) with its progress', async () => {
    const seen: number[] = []
    const body = new FormData()
    const done = dataProvider.custom<{ id: number }>({
      url: '/api/applications',
      method: 'post',
      payload: body,
      meta: { onProgress: (fraction: number) => seen.push(fraction) },
    })
    await transport.sent
    expect(transport.config?.url).toBe('/api/applications')
    expect(transport.config?.data).toBe(body)
    transport.progress(50, 100)
    transport.answer(201, '{"id":8}')
    await expect(done).resolves.toEqual({ data: { id: 8 } })
    expect(seen).toEqual([0.5, 1])
  })

  it('fails with the API contract: "<status>: <body>" and the server message', async () => {
    const done = postForm('/api/applications', new FormData())
    await transport.sent
    transport.answer(409, '{"message":"This room is no longer available"}', 'Conflict')
    const error = (await done.catch((caught: unknown) => caught)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.statusCode).toBe(409)
    expect(error.message).toBe('409: {"message":"This room is no longer available"}')
    expect(error.serverMessage).toBe('This room is no longer available')
  })

  it('can be cancelled', async () => {
    const controller = new AbortController()
    const done = postForm('/api/applications', new FormData(), { signal: controller.signal })
    await transport.sent
    controller.abort()
    await expect(done).rejects.toMatchObject({ name: 'AbortError' })
    expect(transport.aborted).toBe(true)
  })

  it('sends no CSRF token header, whatever cookies the page has (the Origin check is the defence)', async () => {
    vi.stubGlobal('document', { cookie: 'a=1; XSRF-TOKEN=abc%3D; b=2' })
    const done = postForm('/api/applications', new FormData())
    await transport.sent
    const config = transport.config as InternalAxiosRequestConfig
    expect(config.withXSRFToken).toBe(false)
    expect(Object.keys(config.headers.toJSON()).map((name) => name.toLowerCase())).not.toContain(
      'x-xsrf-token'
    )
    transport.answer(201, '{}')
    await expect(done).resolves.toEqual({})
  })
})
