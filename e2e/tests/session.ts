/**
 * Signing in without the sign-in form, for the specs whose subject is what a signed-in person
 * sees: the same two steps the account app takes — Firebase proves who she is (the
 * Auth emulator's REST API, the tokens its browser SDK gets) and `POST /api/auth/firebase-login`
 * opens the server session — made from the page's own request context, so the session cookie
 * is the page's and the app restores her with `GET /api/auth/me` on load. The form itself is
 * the subject of `account/auth.spec.ts` and the journey, which keep it.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { AUTH_SESSION_HINT_KEY } from '../../common/src/storage-keys'
import { PRIVACY_NOTICE_VERSION } from '../../common/src/privacy'
import { expect } from './fixtures'

export const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`
/** The demo accounts `npm start` seeds, and their password. */
export const ADMIN = 'admin@sakan.test'
export const TENANT = 'tenant@sakan.test'
export const DEMO_PASSWORD = 'Sakan#2026'

/**
 * Opens a server session for `email` in `request`'s cookie jar (a page's `page.request` or a
 * context's `context.request`); `lang` is sent as the language of her messages, as the app does.
 */
export async function openSession(
  request: APIRequestContext,
  email: string,
  { password = DEMO_PASSWORD, lang }: { password?: string; lang?: string } = {}
): Promise<void> {
  const token = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    { data: { email, password, returnSecureToken: true } }
  )
  expect(token.ok(), `the emulator signs ${email} in: ${await token.text()}`).toBe(true)
  const { idToken, localId, displayName } = (await token.json()) as {
    idToken: string
    localId: string
    displayName?: string
  }
  const session = await request.post('/api/auth/firebase-login', {
    headers: { authorization: `Bearer ${idToken}`, ...(lang ? { 'x-locale': lang } : {}) },
    /* Signed in through the app's forms, she accepts the privacy notice they show. */
    data: {
      uid: localId,
      email,
      displayName: displayName ?? null,
      photoURL: null,
      privacyVersion: PRIVACY_NOTICE_VERSION,
    },
  })
  expect(session.ok(), `the API opens ${email}'s session: ${await session.text()}`).toBe(true)
}

/**
 * `page` signed in as `email` (see `openSession`); nothing is loaded in it yet. Its pages are
 * told a session may exist, as the app's own sign-in tells them (the storage hint that makes
 * them ask `GET /api/auth/me` at all).
 */
export async function signedIn(
  page: Page,
  email: string,
  options: { password?: string; lang?: string } = {}
): Promise<void> {
  await openSession(page.request, email, options)
  await hintSession(page)
}

/**
 * Tells the pages of `target` (a page, or every page of a context) that a session may exist,
 * as the app's own sign-in does: the storage hint without which they do not ask
 * `GET /api/auth/me` at all.
 */
export async function hintSession(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript((key) => localStorage.setItem(key, '1'), AUTH_SESSION_HINT_KEY)
}

/**
 * Opens `path` in `page` signed in as `email` (see `signedIn`), once the app shows it: its
 * session restored, the address `path` and its first heading on screen.
 */
export async function openSignedIn(
  page: Page,
  email: string,
  path: string,
  options: { password?: string; lang?: string } = {}
): Promise<void> {
  await signedIn(page, email, options)
  const restored = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/auth/me' && response.request().method() === 'GET'
  )
  await page.goto(path)
  /* The app restored her session (not the sign-in form, whose address is a moment away). */
  expect((await restored).status(), `the session of ${email}`).toBe(200)
  const [pathname] = path.split('?')
  await expect(page).toHaveURL((url) => url.pathname === pathname)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 })
}

/**
 * A new account registered as the sign-up form registers it (Firebase creates the identity with
 * her name, the API opens her session), in `request`'s cookie jar — for the specs whose subject
 * is what a new resident does next. The form itself is auth.spec's and the journey's subject.
 */
export async function registered(
  request: APIRequestContext,
  person: { name: string; email: string; password: string },
  { lang }: { lang?: string } = {}
): Promise<void> {
  const signUp = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      data: {
        email: person.email,
        password: person.password,
        displayName: person.name,
        returnSecureToken: true,
      },
    }
  )
  expect(signUp.ok(), `the emulator registers ${person.email}: ${await signUp.text()}`).toBe(true)
  await openSession(request, person.email, { password: person.password, lang })
}

/** `registered` in `page`'s context, its pages told of the session (see `hintSession`). */
export async function registeredIn(
  page: Page,
  person: { name: string; email: string; password: string },
  options: { lang?: string } = {}
): Promise<void> {
  await registered(page.request, person, options)
  await hintSession(page)
}

/**
 * `registeredIn` with an account new to this run, in `lang`: named `<name> <stamp>`, with the
 * address `<prefix>-<lang>-<stamp>@sakan.test`.
 */
export async function registeredAnew(
  page: Page,
  lang: string,
  name: string,
  prefix: string
): Promise<void> {
  const stamp = `${Date.now()}`
  const email = `${prefix}-${lang}-${stamp}@sakan.test`
  await registeredIn(page, { name: `${name} ${stamp}`, email, password: 'secret123' }, { lang })
}
