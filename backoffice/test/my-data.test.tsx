// @vitest-environment jsdom
/**
 * "My data" (`/my-data`) as she uses it, rendered in jsdom in both languages: its three
 * sections; her details sent to `PATCH /api/auth/me` and the API's field errors under their
 * fields; her data downloaded from `/api/me/export`, and a refusal said in the API's words;
 * her account closed after she signs in again (Firebase stands in here), and the API's 409 said
 * in the dialog; the administrator, who closes no account here. The API is test/dom-api.tsx's
 * stand-in for the browser's XMLHttpRequest, imported first so that it is in place before axios
 * loads.
 */
import {
  api,
  button,
  callsTo,
  describedBy,
  dialog,
  field,
  json,
  mantineInJsdom,
  mount,
  press,
  serve as serveAs,
  text,
  toastTitled,
  type,
  unmountAll,
  until,
  type Answer,
} from './dom-api'
import { notificationsStore } from '@mantine/notifications'
import type { Locale, SessionUser } from '@sakan/common'
import { act } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cssVariablesResolver, theme } from '../src/config/theme'
import MyDataPage from '../src/pages/my-data'
import { currentUser, sessionUserChanged } from '../src/providers/auth-client'
import { callAllowed } from '../src/providers/http'
import { changeLanguage, initI18n, loadDataTexts } from '../src/providers/i18n'
import { publishSession, useSession } from '../src/providers/session-store'
// The toast area, which fetches the toasts' store with its own code.
import '../src/components/feedback/Toasts'

/** Firebase, as the page's sign-in again meets it. */
const firebase = vi.hoisted(() => ({
  usesEmulator: true,
  freshIdToken: vi.fn(async (..._args: unknown[]) => 'fresh-id-token'),
  signInProviders: vi.fn(async (_email: string): Promise<string[] | null> => ['password']),
  signOut: vi.fn(async () => undefined),
}))
vi.mock('../src/providers/firebase', () => ({ createFirebaseClient: () => firebase }))

/** The full page loads asked for (jsdom loads no page). */
const pageLoads = vi.hoisted(() => vi.fn((_path: string) => undefined))
vi.mock('../src/lib/page-load', () => ({ loadPage: pageLoads }))

const RESIDENT: SessionUser = {
  id: 34,
  email: 'noura@sakan.test',
  fullName: 'Noura Alqahtani',
  username: null,
  phone: null,
  photoUrl: null,
  role: 'tenant',
  isAdmin: false,
  emailVerified: true,
  locale: 'en',
  rentReminders: true,
  privacyVersion: null,
}
const ADMIN: SessionUser = {
  ...RESIDENT,
  id: 1,
  email: 'admin@sakan.test',
  role: 'admin',
  isAdmin: true,
}

/** The API's 409 to closing an account with a current stay (its api.json text). */
const CURRENT_STAY =
  'You cannot close your account while you have a current stay. Ask the administrator to end it first.'

/** The API as test/dom-api.tsx stands in for it, the session hers. */
const serve = (answer: Parameters<typeof serveAs>[0]) => serveAs(answer, RESIDENT)

beforeAll(async () => {
  mantineInJsdom()
  await initI18n()
  await loadDataTexts()
  // Her session, as the app restores it on load.
  localStorage.setItem('sakan.auth.session', '1')
  serve(() => json(404, {}))
  expect(await currentUser()).toEqual(RESIDENT)
})

beforeEach(() => {
  firebase.freshIdToken.mockClear()
  firebase.signOut.mockClear()
  firebase.signInProviders.mockResolvedValue(['password'])
  notificationsStore.updateState((state) => ({ ...state, notifications: [], queue: [] }))
})

afterEach(unmountAll)

/** Who the header shows: the session as the shell reads it. */
function HeaderName() {
  const { user } = useSession()
  return <p data-testid="header-name">{user?.fullName}</p>
}

async function render(lang: Locale, user: SessionUser = RESIDENT): Promise<HTMLElement> {
  await act(() => changeLanguage(lang))
  publishSession(user)
  return mount(
    lang,
    <MemoryRouter initialEntries={['/my-data']}>
      <HeaderName />
      <MyDataPage />
    </MemoryRouter>,
    { theme, cssVariablesResolver }
  )
}

describe('My data: her rights over her data (PDPL)', () => {
  it('shows her details, the download and closing her account, in English', async () => {
    const page = await render('en')
    expect([...page.querySelectorAll('h1, h2')].map((heading) => heading.tagName)).toEqual([
      'H1',
      'H2',
      'H2',
      'H2',
    ])
    expect(text(page.querySelector('h1'))).toBe('My data')
    expect([...page.querySelectorAll('h2')].map(text)).toEqual([
      'Your details',
      'Download your data',
      'Close your account',
    ])
    expect(document.title).toBe('My data | Sakan')
    expect(field('Full name')?.value).toBe('Noura Alqahtani')
    expect(field('Phone')?.value).toBe('')
    const email = field('Email')!
    expect(email.value).toBe('noura@sakan.test')
    expect(email.readOnly).toBe(true)
    expect(describedBy(email)).toContain('This is the address you sign in with.')
    expect(button('Download my data')).toBeDefined()
    expect(text(page.querySelector('[data-testid="my-data-close"]'))).toContain(
      '“Former resident #34”'
    )
    expect(button('Close my account')).toBeDefined()
  })

  it('and in Arabic, right to left, her number in Arabic-Indic digits', async () => {
    const page = await render('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(text(page.querySelector('h1'))).toBe('بياناتي')
    expect([...page.querySelectorAll('h2')].map(text)).toEqual([
      'بياناتك الشخصية',
      'تنزيل بياناتك',
      'إغلاق حسابك',
    ])
    expect(field('الاسم الكامل')?.value).toBe('Noura Alqahtani')
    expect(button('تنزيل بياناتي')).toBeDefined()
    expect(button('إغلاق حسابي')).toBeDefined()
    expect(text(page.querySelector('[data-testid="my-data-close"]'))).toContain('رقم ٣٤')
  })

  it('saves her corrected details, and the header shows her new name at once', async () => {
    const renamed = { ...RESIDENT, fullName: 'Noura Al-Qahtani', phone: '+966 50 123 4567' }
    serve((sent) =>
      sent.method === 'PATCH' && sent.url === '/api/auth/me' ? json(200, renamed) : json(404, {})
    )
    await render('en')
    await type(field('Full name')!, '  Noura Al-Qahtani ')
    await type(field('Phone')!, ' +966 50 123 4567 ')
    await press(button('Save my details'), 'save button')

    await toastTitled('Your details are saved')
    const [patch] = callsTo('PATCH', '/api/auth/me')
    expect(JSON.parse(String(patch?.body))).toEqual({
      fullName: 'Noura Al-Qahtani',
      phone: '+966 50 123 4567',
    })
    expect(patch?.headers['x-locale']).toBe('en')
    expect(patch?.withCredentials).toBe(true)
    await until(
      () => text(document.querySelector('[data-testid="header-name"]')) === 'Noura Al-Qahtani',
      'the new name in the header'
    )
    expect((await currentUser())?.fullName).toBe('Noura Al-Qahtani')
    await act(() => sessionUserChanged(RESIDENT))
  })

  it('sends no phone when she empties it, and checks the fields first', async () => {
    serve((sent) => (sent.method === 'PATCH' ? json(200, RESIDENT) : json(404, {})))
    await render('en')
    await type(field('Full name')!, 'N')
    await type(field('Phone')!, '12-34')
    await press(button('Save my details'), 'save button')
    expect(describedBy(field('Full name')!)).toContain('Enter your full name, 2 to 100 characters.')
    expect(describedBy(field('Phone')!)).toContain('at least 7 digits')
    expect(callsTo('PATCH', '/api/auth/me')).toEqual([])

    await type(field('Full name')!, 'Noura Alqahtani')
    await type(field('Phone')!, '   ')
    await press(button('Save my details'), 'save button')
    await toastTitled('Your details are saved')
    expect(JSON.parse(String(callsTo('PATCH', '/api/auth/me')[0]?.body))).toEqual({
      fullName: 'Noura Alqahtani',
      phone: null,
    })
  })

  it('puts the API’s field errors (422) under their fields, in her language', async () => {
    serve(() =>
      json(422, {
        message: 'تعذّر قبول البيانات',
        errors: [{ field: 'phone', rule: 'regex', message: 'رقم الجوال غير صالح' }],
      })
    )
    await render('ar')
    await type(field('رقم الجوال')!, '+966 50 123 4567')
    await press(button('حفظ بياناتي'), 'save button')
    const phone = field('رقم الجوال')!
    await until(() => phone.getAttribute('aria-invalid') === 'true', 'the phone marked invalid')
    expect(describedBy(phone)).toContain('رقم الجوال غير صالح')
    // Taken as the error is drawn, not on a later timer a busy device may run first.
    expect(document.activeElement).toBe(phone)
  })

  it('downloads her data from /api/me/export under the server’s file name', async () => {
    let answer: (value: Answer) => void = () => {}
    serve((sent) =>
      sent.url === '/api/me/export'
        ? new Promise<Answer>((resolve) => (answer = resolve))
        : json(404, {})
    )
    const saved: { name: string; type: string }[] = []
    const objectUrls = { created: 0, revoked: 0 }
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        objectUrls.created += 1
        saved.push({ name: '', type: blob.type })
        return 'blob:my-data'
      },
      revokeObjectURL: () => (objectUrls.revoked += 1),
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      saved.at(-1)!.name = this.download
      expect(this.href).toBe('blob:my-data')
      expect(this.isConnected).toBe(true)
    })
    try {
      await render('ar')
      await press(button('تنزيل بياناتي'), 'download button')
      // Preparing: it says so and takes no second press.
      const pending = await until(() => button('جارٍ تجهيز الملف…'), 'the pending button')
      expect(pending.getAttribute('aria-disabled')).toBe('true')
      await press(pending, 'pending button')
      expect(callsTo('GET', '/api/me/export')).toHaveLength(1)
      const [call] = callsTo('GET', '/api/me/export')
      expect(call?.headers['x-locale']).toBe('ar')
      expect(call?.withCredentials).toBe(true)

      answer({
        status: 200,
        body: new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="sakan-my-data-2026-03-01.zip"',
        },
      })
      await toastTitled('بدأ تنزيل ملفك.')
      expect(saved).toEqual([{ name: 'sakan-my-data-2026-03-01.zip', type: 'application/zip' }])
      expect(document.querySelectorAll('a[download]')).toHaveLength(0)
      await until(() => button('تنزيل بياناتي'), 'the button ready again')
    } finally {
      click.mockRestore()
    }
  })

  it('says why her data was not prepared: the API’s words (429), else the page’s', async () => {
    serve(() => json(429, { message: 'You asked for your data too often. Try again in an hour.' }))
    await render('en')
    await press(button('Download my data'), 'download button')
    await toastTitled('You asked for your data too often. Try again in an hour.')

    serve(() => ({ status: 0 }))
    await until(() => button('Download my data'), 'the button ready again')
    await press(button('Download my data'), 'download button')
    await toastTitled('Your data could not be prepared. Try again.')
  })

  it('closes her account once she signs in again: the DELETE carries that sign-in', async () => {
    serve((sent) =>
      sent.method === 'DELETE' && sent.url === '/api/me'
        ? json(409, { message: CURRENT_STAY })
        : json(404, {})
    )
    await render('en')
    await press(button('Close my account'), 'close button')
    const confirm = await until(() => dialog(), 'the dialog')
    const title = document.getElementById(confirm.getAttribute('aria-labelledby') ?? '')
    expect(text(title)).toBe('Close your account?')

    // Her password first.
    await press(button('Confirm', confirm), 'confirm button')
    const password = field('Your password', confirm)!
    expect(describedBy(password)).toContain('Enter your password.')
    expect(firebase.freshIdToken).not.toHaveBeenCalled()

    await type(password, 'secret123')
    await press(button('Confirm', confirm), 'confirm button')
    const refusal = await until(
      () => confirm.querySelector('[role="alert"]'),
      'the refusal in the dialog'
    )
    expect(text(refusal)).toBe(CURRENT_STAY)
    expect(firebase.freshIdToken).toHaveBeenCalledWith(
      { password: 'secret123' },
      { email: 'noura@sakan.test', name: 'Noura Alqahtani' }
    )
    const [closing] = callsTo('DELETE', '/api/me')
    expect(closing?.headers['authorization']).toBe('Bearer fresh-id-token')
    expect(closing?.body ?? null).toBeNull()
    expect(callsTo('DELETE', '/api/me')).toHaveLength(1)
    // Still open, still hers: nothing signed out, data calls allowed again.
    expect(dialog()).not.toBeNull()
    expect(button('Cancel', confirm)?.disabled).toBe(false)
    expect(firebase.signOut).not.toHaveBeenCalled()
    expect(callAllowed('/api/notifications')).toBe(true)
    expect(localStorage.getItem('sakan.auth.session')).toBe('1')
  })

  it('says a wrong password under the field, and sends nothing to the API', async () => {
    serve(() => json(404, {}))
    firebase.freshIdToken.mockRejectedValueOnce(
      Object.assign(new Error('wrong'), { code: 'auth/invalid-credential' })
    )
    await render('ar')
    await press(button('إغلاق حسابي'), 'close button')
    const confirm = await until(() => dialog(), 'the dialog')
    await type(field('كلمة مرورك', confirm)!, 'not-it')
    await press(button('تأكيد', confirm), 'confirm button')
    const password = field('كلمة مرورك', confirm)!
    await until(() => describedBy(password).includes('كلمة المرور غير صحيحة.'), 'the error')
    expect(callsTo('DELETE', '/api/me')).toEqual([])
  })

  it('offers Google beside the password when she signs in with Google here', async () => {
    serve(() => json(403, { message: 'This sign-in belongs to another account.' }))
    firebase.signInProviders.mockResolvedValue(['password', 'google.com'])
    await render('en')
    await press(button('Close my account'), 'close button')
    const confirm = await until(() => dialog(), 'the dialog')
    const google = await until(() => button('Confirm with Google', confirm), 'the Google button')
    await press(google, 'Google button')
    await until(() => confirm.querySelector('[role="alert"]'), 'the refusal')
    expect(text(confirm.querySelector('[role="alert"]'))).toBe(
      'This sign-in belongs to another account.'
    )
    expect(firebase.freshIdToken).toHaveBeenCalledWith(
      { google: true },
      { email: 'noura@sakan.test', name: 'Noura Alqahtani' }
    )
  })

  it('an administrator is told another administrator closes her account: no button', async () => {
    const page = await render('en', ADMIN)
    expect(button('Close my account')).toBeUndefined()
    expect(text(page.querySelector('[data-testid="my-data-close"]'))).toContain(
      'another administrator closes it'
    )
    expect(button('Download my data')).toBeDefined()
  })

  // Last: her session ends here.
  it('once closed, nothing of her session stays here, and /login will say so', async () => {
    serve((sent) => (sent.method === 'DELETE' ? { status: 204 } : json(404, {})))
    await render('en')
    await press(button('Close my account'), 'close button')
    const confirm = await until(() => dialog(), 'the dialog')
    await type(field('Your password', confirm)!, 'secret123')
    await press(button('Confirm', confirm), 'confirm button')
    await until(() => firebase.signOut.mock.calls.length > 0, 'Firebase signed out here')
    await until(() => sessionStorage.getItem('sakan.toastAfterLoad'), 'the toast for /login')
    expect(JSON.parse(sessionStorage.getItem('sakan.toastAfterLoad')!)).toMatchObject({
      title: 'Your account is closed.',
    })
    expect(localStorage.getItem('sakan.auth.session')).toBeNull()
    expect(await currentUser()).toBeNull()
    // No session is left to end: no logout call.
    expect(api.calls.filter((call) => call.url.startsWith('/api/auth/logout'))).toEqual([])
    await until(() => pageLoads.mock.calls.length > 0, 'a full page load')
    expect(pageLoads).toHaveBeenCalledWith('/login')
  })
})
