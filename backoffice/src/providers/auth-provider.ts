/**
 * Refine's auth provider over auth-client.ts. Failures come back as Refine expects
 * (`{success: false, error}`) with a toast: title 'Invalid username or password'
 * or 'Registration failed', description the mapped provider message — or the
 * API's own words when it refused the session for a reason she can act on.
 */
import type { AuthProvider } from '@refinedev/core'
import { showToastAfterLoad } from '../lib/toasts'
import {
  isCancelledSignIn,
  sessionFailureKey,
  sessionRefusalMessage,
  signInErrorKey,
  signUpErrorKey,
} from '../lib/auth-errors'
import { destinationAfterSignIn, isAppPath, loginPathFor } from '../lib/redirect'
import type { SessionUser } from '../lib/user'
import * as client from './auth-client'
import { isApiError } from './http'
import { i18n } from './i18n'

export interface LoginParams {
  method: 'password' | 'google'
  email?: string
  password?: string
  /** The emulator chooser's pick (Google sign-in without the popup). */
  account?: { name: string; email: string }
  /** The `redirect` query parameter, sanitised before use. */
  redirect?: string | null
}

export interface LogoutParams {
  /** Ends every session of hers, on every device ("sign out of all devices"). */
  allDevices?: boolean
}

export interface RegisterParams {
  fullName: string
  email: string
  password: string
  /** The privacy notice's version the form showed (its box accepts it). */
  privacyVersion?: string
  redirect?: string | null
}

function failure(titleKey: string, descriptionKey: string, description?: string) {
  const error = new Error(description ?? i18n.t(descriptionKey))
  error.name = i18n.t(titleKey)
  return { success: false, error }
}

/** Pages of this app are routed in place; anything else (the public site) is a full load. */
function goAfterSignIn(user: SessionUser, redirect: string | null | undefined) {
  const destination = destinationAfterSignIn(redirect, user.isAdmin)
  if (isAppPath(destination)) return { success: true, redirectTo: destination }
  window.location.assign(destination)
  return { success: true }
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    try {
      const user =
        params.method === 'google'
          ? await client.signIn({ method: 'google', account: params.account })
          : await client.signIn({
              method: 'password',
              email: params.email ?? '',
              password: params.password ?? '',
            })
      return goAfterSignIn(user, params.redirect)
    } catch (error) {
      // She closed the Google popup: nothing to report.
      if (isCancelledSignIn(error)) return { success: true }
      if ((error as { sessionSync?: boolean }).sessionSync) {
        console.error('[auth] session sync failed', error)
        return failure('login.error', sessionFailureKey(error), sessionRefusalMessage(error))
      }
      return failure('login.error', signInErrorKey(error))
    }
  },

  async register(params: RegisterParams) {
    try {
      const user = await client.register(params)
      return goAfterSignIn(user, params.redirect)
    } catch (error) {
      if ((error as { sessionSync?: boolean }).sessionSync) {
        console.error('[auth] session sync failed', error)
        return failure('register.error', sessionFailureKey(error), sessionRefusalMessage(error))
      }
      return failure('register.error', signUpErrorKey(error))
    }
  },

  async logout(params?: LogoutParams) {
    if (params?.allDevices) {
      try {
        await client.signOutEverywhere()
      } catch (error) {
        console.error('[auth] sign out of all devices failed', error)
        // Say why, in the server's words when it sent some.
        const reason = isApiError(error) ? error.serverMessage : undefined
        const refused = failure('signOutEverywhere.failed', 'signOutEverywhere.failedText', reason)
        if (isApiError(error) && error.statusCode === 401) {
          // Her session here was already over: she signs in again.
          client.sessionExpired()
          return { ...refused, redirectTo: loginPathFor(location.pathname + location.search) }
        }
        return refused
      }
      // A full page load, like Log Out: nothing of the ended session stays in memory.
      showToastAfterLoad({
        title: i18n.t('signOutEverywhere.done'),
        description: i18n.t('signOutEverywhere.doneText'),
        tone: 'success',
      })
      window.location.assign('/login')
      return { success: true, redirectTo: undefined }
    }
    await client.signOut()
    // `/` is the public site: a full page load, not a route of this app.
    window.location.assign('/')
    return { success: true, redirectTo: undefined }
  },

  async check() {
    return (await client.currentUser())
      ? { authenticated: true }
      : { authenticated: false, redirectTo: loginPathFor(location.pathname + location.search) }
  },

  async onError(error: unknown) {
    if (isApiError(error) && error.statusCode === 401 && (await client.currentUser())) {
      client.sessionExpired()
      return { redirectTo: loginPathFor(location.pathname + location.search) }
    }
    return {}
  },

  /** The `SessionUser` of `GET /api/auth/me` (or of the sign-in), `null` when signed out. */
  getIdentity: () => client.currentUser(),

  async getPermissions() {
    return (await client.currentUser())?.role ?? null
  },
}
