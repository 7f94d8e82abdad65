import { describe, expect, it } from 'vitest'
import en from '@sakan/common/locales/en/account.json'
import ar from '@sakan/common/locales/ar/account.json'
import {
  isCancelledSignIn,
  sessionFailureKey,
  sessionRefusalMessage,
  signInErrorKey,
  signUpErrorKey,
} from '../src/lib/auth-errors'
import { ApiError } from '../src/providers/http'

function message(messages: unknown, key: string): string | undefined {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      messages
    ) as string | undefined
}

const error = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code })

describe('sign-in errors (spec §5)', () => {
  it('maps the provider codes to the spec messages', () => {
    expect(message(en, signInErrorKey(error('auth/user-not-found')))).toBe(
      'No account found with this email address'
    )
    expect(message(en, signInErrorKey(error('auth/wrong-password')))).toBe('Incorrect password')
    expect(message(en, signInErrorKey(error('auth/invalid-credential')))).toBe('Incorrect password')
    expect(message(en, signInErrorKey(error('auth/invalid-email')))).toBe('Invalid email address')
  })

  it('has a translated fallback for anything else', () => {
    expect(signInErrorKey(error('auth/internal-error'))).toBe('login.errors.generic')
    expect(signInErrorKey(new Error('boom'))).toBe('login.errors.generic')
    expect(signInErrorKey('nope')).toBe('login.errors.generic')
  })

  it('titles the toast as the spec says', () => {
    expect(en.login.error).toBe('Invalid username or password')
    expect(en.register.error).toBe('Registration failed')
  })
})

describe('sign-up errors (spec §5)', () => {
  it('maps the provider codes to the spec messages', () => {
    expect(message(en, signUpErrorKey(error('auth/weak-password')))).toBe(
      'Password should be at least 6 characters'
    )
    expect(message(en, signUpErrorKey(error('auth/email-already-in-use')))).toBe(
      'An account with this email already exists'
    )
    expect(message(en, signUpErrorKey(error('auth/invalid-email')))).toBe('Invalid email address')
    expect(signUpErrorKey(error('auth/whatever'))).toBe('register.errors.generic')
  })
})

describe('every mapped key exists in both languages', () => {
  const codes = [
    'auth/user-not-found',
    'auth/wrong-password',
    'auth/invalid-credential',
    'auth/invalid-login-credentials',
    'auth/invalid-email',
    'auth/user-disabled',
    'auth/too-many-requests',
    'auth/network-request-failed',
    'auth/popup-blocked',
    'auth/account-exists-with-different-credential',
    'auth/weak-password',
    'auth/email-already-in-use',
    'auth/operation-not-allowed',
    'unknown',
  ]
  it.each(codes)('%s', (code) => {
    for (const key of [signInErrorKey(error(code)), signUpErrorKey(error(code))]) {
      expect(message(en, key), key).toBeTypeOf('string')
      expect(message(ar, key), key).toBeTypeOf('string')
    }
  })
})

describe('a closed Google popup', () => {
  it('is not an error', () => {
    expect(isCancelledSignIn(error('auth/popup-closed-by-user'))).toBe(true)
    expect(isCancelledSignIn(error('auth/cancelled-popup-request'))).toBe(true)
    expect(isCancelledSignIn(error('auth/wrong-password'))).toBe(false)
  })
})

describe('the session could not be opened', () => {
  const answer = (status: number, message: string) =>
    new ApiError(status, '', JSON.stringify({ message }))

  it('asks her to try again in a moment when the API could not ask Firebase (503)', () => {
    const unavailable = answer(503, 'The service is temporarily unavailable')
    expect(message(en, sessionFailureKey(unavailable))).toBe(
      'Sign-in is unavailable right now. Please try again in a moment.'
    )
    expect(message(ar, sessionFailureKey(unavailable))).toBe(
      'تسجيل الدخول غير متاح حاليًا. يرجى المحاولة بعد قليل.'
    )
    expect(sessionRefusalMessage(unavailable)).toBeUndefined()
  })

  it("shows the API's own words for a 409, the generic text otherwise", () => {
    const taken = answer(409, 'An account with this e-mail already exists.')
    expect(sessionRefusalMessage(taken)).toBe('An account with this e-mail already exists.')
    expect(sessionFailureKey(answer(401, 'Your sign-in could not be verified.'))).toBe(
      'login.errors.session'
    )
    expect(sessionFailureKey(new Error('offline'))).toBe('login.errors.session')
  })
})
