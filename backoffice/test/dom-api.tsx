/**
 * What the page tests rendered in jsdom share: the API as a stand-in for the browser's
 * XMLHttpRequest (installed when this module loads: import it before anything that calls the
 * API), the administrator's session (or another's), Mantine's needs jsdom lacks, a page rendered
 * in a language inside Refine's area and a router (or any tree inside Mantine), and ways to find,
 * type and press as she does.
 */
import { DirectionProvider, MantineProvider, type MantineProviderProps } from '@mantine/core'
import { notificationsStore } from '@mantine/notifications'
import { PRIVACY_NOTICE_VERSION, directionOf, type Locale, type SessionUser } from '@sakan/common'
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { MemoryRouter, Route, Routes } from 'react-router'

export interface Sent {
  method: string
  /** As sent, query string included. */
  url: string
  /** The path alone. */
  path: string
  /** The query string's parameters. */
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
  withCredentials: boolean
}

export interface Answer {
  /** 0: the network failed. */
  status: number
  body?: string | Uint8Array
  headers?: Record<string, string>
}

export const api = {
  calls: [] as Sent[],
  answer: (_sent: Sent): Answer | Promise<Answer> => ({ status: 404, body: '{}' }),
}

class FakeXMLHttpRequest {
  withCredentials = false
  responseType = ''
  timeout = 0
  readyState = 0
  status = 0
  statusText = ''
  responseText = ''
  response: unknown = null
  onloadend: (() => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  private head = ''
  private sent: Sent = {
    method: '',
    url: '',
    path: '',
    query: new URLSearchParams(),
    headers: {},
    body: undefined,
    withCredentials: false,
  }
  open(method: string, url: string) {
    const [path = '', query = ''] = url.split(/\?(.*)/s)
    this.sent = { ...this.sent, method, url, path, query: new URLSearchParams(query), headers: {} }
  }
  setRequestHeader(name: string, value: string) {
    this.sent.headers[name.toLowerCase()] = value
  }
  getAllResponseHeaders() {
    return this.head
  }
  addEventListener() {}
  removeEventListener() {}
  abort() {}
  send(body: unknown) {
    const sent = { ...this.sent, body, withCredentials: this.withCredentials }
    api.calls.push(sent)
    void Promise.resolve(api.answer(sent)).then((answer) => {
      if (answer.status === 0) {
        this.onerror?.({ type: 'error' })
        return
      }
      const headers = { 'content-type': 'application/json', ...answer.headers }
      const bytes =
        typeof answer.body === 'string'
          ? new TextEncoder().encode(answer.body)
          : (answer.body ?? new Uint8Array())
      this.readyState = 4
      this.status = answer.status
      this.head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')
      this.responseText = new TextDecoder().decode(bytes)
      this.response =
        this.responseType === 'arraybuffer'
          ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
          : this.responseText
      this.onloadend?.()
    })
  }
}
globalThis.XMLHttpRequest = FakeXMLHttpRequest as unknown as typeof XMLHttpRequest

export const ADMIN: SessionUser = {
  id: 1,
  email: 'admin@sakan.test',
  fullName: 'Sara Admin',
  username: null,
  phone: null,
  photoUrl: null,
  role: 'admin',
  isAdmin: true,
  emailVerified: true,
  locale: 'en',
  rentReminders: true,
  privacyVersion: PRIVACY_NOTICE_VERSION,
}

export const json = (status: number, body: unknown): Answer => ({
  status,
  body: JSON.stringify(body),
})

/**
 * The API: the session (`user`'s, the administrator's unless told), the config and the
 * buildings, and `answer` for anything else.
 */
export function serve(
  answer: (sent: Sent) => Answer | Promise<Answer> | undefined,
  user: SessionUser = ADMIN
) {
  api.calls = []
  api.answer = (sent) => {
    if (sent.method === 'GET' && sent.path === '/api/auth/me') return json(200, user)
    if (sent.path === '/api/config')
      return json(200, {
        firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', emulatorUrl: 'http://e' },
        moyasar: { publishableKey: 'pk', baseUrl: 'http://m' },
        map: { tileUrl: null },
        rent: { graceDays: 5, lateFee: null, discountPercent: { quarterly: 5, annual: 10 } },
      })
    if (sent.method === 'GET' && sent.path === '/api/admin/buildings')
      return {
        ...json(200, [
          { id: 3, name_en: 'Olaya Residence', name_ar: 'سكن العليا' },
          { id: 4, name_en: 'Nakheel House', name_ar: 'دار النخيل' },
        ]),
        headers: { 'x-total-count': '2' },
      }
    return answer(sent) ?? json(404, { message: 'Not found' })
  }
}

export const callsTo = (method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path)

/** The body a call sent, parsed. */
export const sentJson = (call: Sent | undefined) => JSON.parse(String(call?.body ?? 'null'))

/** What jsdom lacks that Mantine measures with. */
export function mantineInJsdom() {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Element.prototype.scrollIntoView ??= () => {}
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    })
}

let mounted: Root[] = []

export function unmountAll() {
  for (const root of mounted) act(() => root.unmount())
  mounted = []
  document.body.innerHTML = ''
  notificationsStore.updateState((state) => ({ ...state, notifications: [], queue: [] }))
}

/**
 * `tree` rendered in `lang`'s direction inside Mantine (`mantine`: the app's theme, say),
 * unmounted by `unmountAll`.
 */
export async function mount(
  lang: Locale,
  tree: ReactNode,
  mantine: Omit<MantineProviderProps, 'children'> = {}
): Promise<HTMLElement> {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  mounted.push(root)
  await act(async () =>
    root.render(
      <DirectionProvider initialDirection={directionOf(lang)} detectDirection={false}>
        <MantineProvider {...mantine} forceColorScheme="light">
          {tree}
        </MantineProvider>
      </DirectionProvider>
    )
  )
  return container
}

/**
 * `page` at `path` (matched by `route`), under Refine's area as the app has it, in `lang`
 * (`changeLanguage` is the app's).
 */
export async function renderPage(
  lang: Locale,
  changeLanguage: (lang: Locale) => Promise<void>,
  Area: () => ReactNode,
  route: string,
  path: string,
  page: ReactNode
): Promise<HTMLElement> {
  await act(() => changeLanguage(lang))
  return mount(
    lang,
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Area />}>
          <Route path={route} element={page} />
        </Route>
      </Routes>
    </MemoryRouter>
  )
}

/** Waits (a few seconds at most) until `find` finds something. */
export async function until<T>(find: () => T | null | undefined | false, what: string): Promise<T> {
  for (let tries = 0; tries < 300; tries += 1) {
    const found = find()
    if (found) return found
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
  throw new Error(`never found: ${what}`)
}

/** An element's text, trimmed, its no-break spaces (as in "SAR 500") as spaces. */
export const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\u00a0/g, ' ').trim() ?? ''

export function button(name: string, within: ParentNode = document.body) {
  return [...within.querySelectorAll('button')].find((candidate) => text(candidate) === name)
}

/** A field by its label (a required one's label ends with Mantine's " *"). */
export function field(label: string, within: ParentNode = document.body) {
  const found = [...within.querySelectorAll('label')].find(
    (candidate) => text(candidate).replace(/\s*\*$/, '') === label
  )
  const input = found?.htmlFor ? document.getElementById(found.htmlFor) : null
  return input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement
    ? input
    : undefined
}

/** The messages a field is described by (its hint, its error). */
export const describedBy = (input: Element) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => text(document.getElementById(id)))
    .join(' | ')

export async function type(
  input: HTMLInputElement | HTMLTextAreaElement | undefined,
  value: string
) {
  if (!input) throw new Error('no field to type in')
  const prototype = Object.getPrototypeOf(input) as object
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!
  await act(async () => {
    setValue.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

export async function press(target: HTMLElement | undefined, what: string) {
  if (!target) throw new Error(`no ${what}`)
  await act(async () => target.click())
}

/** Chooses `option` in a Mantine select or multi-select (its dropdown opened by a click). */
export async function choose(
  input: HTMLInputElement | HTMLTextAreaElement | undefined,
  option: string
) {
  if (!input) throw new Error(`no select for ${option}`)
  await act(async () => input.click())
  const found = await until(
    () =>
      [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
        (candidate) => text(candidate) === option
      ),
    `the option "${option}"`
  )
  await act(async () => found.click())
}

export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')

/** A toast with this title, once the toast area has shown it. */
export async function toastTitled(title: string) {
  const { toastsReady } = await import('../src/lib/toasts')
  await toastsReady()
  return until(
    () =>
      notificationsStore
        .getState()
        .notifications.find((toast) => String(toast.title).replace(/\u00a0/g, ' ') === title),
    `the toast "${title}"`
  )
}
