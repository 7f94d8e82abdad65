import { describe, expect, it } from 'vitest'
import en from '@sakan/common/locales/en/account.json'
import ar from '@sakan/common/locales/ar/account.json'
import { needsEmailVerification, showsVerificationNotice } from '../src/lib/email-verification'
import { newestVerifyLink, oobCodesUrl } from '../src/lib/emulator-verify-link'
import { sessionRefusalMessage, verificationErrorKey } from '../src/lib/auth-errors'
import { ApiError } from '../src/providers/http'

const EMULATOR = 'http://127.0.0.1:9099'
const link = (code: string) =>
  `${EMULATOR}/emulator/action?mode=verifyEmail&lang=en&oobCode=${code}&apiKey=fake-api-key`
const code = (email: string, oobCode: string, requestType = 'VERIFY_EMAIL') => ({
  email,
  requestType,
  oobCode,
  oobLink: link(oobCode),
})

describe("the Auth emulator's verification links (development aid)", () => {
  it('are listed per project', () => {
    expect(oobCodesUrl(EMULATOR, 'demo-sakan')).toBe(
      'http://127.0.0.1:9099/emulator/v1/projects/demo-sakan/oobCodes'
    )
    expect(oobCodesUrl(`${EMULATOR}/`, 'demo sakan')).toBe(
      'http://127.0.0.1:9099/emulator/v1/projects/demo%20sakan/oobCodes'
    )
  })

  it('gives the newest verification link for her address, whatever its case', () => {
    const answer = {
      oobCodes: [
        code('reem@sakan.test', 'first'),
        code('other@sakan.test', 'someone-else'),
        code('Reem@Sakan.test', 'second'),
        code('reem@sakan.test', 'reset', 'PASSWORD_RESET'),
        code('other@sakan.test', 'someone-else-later'),
      ],
    }
    expect(newestVerifyLink(answer, 'REEM@sakan.test ', EMULATOR)).toBe(link('second'))
    expect(newestVerifyLink(answer, 'other@sakan.test', EMULATOR)).toBe(link('someone-else-later'))
  })

  it('gives nothing when there is no link for her (or the answer is not the expected shape)', () => {
    expect(newestVerifyLink({ oobCodes: [] }, 'reem@sakan.test', EMULATOR)).toBeNull()
    expect(
      newestVerifyLink(
        { oobCodes: [code('reem@sakan.test', 'reset', 'PASSWORD_RESET')] },
        'reem@sakan.test',
        EMULATOR
      )
    ).toBeNull()
    expect(newestVerifyLink(null, 'reem@sakan.test', EMULATOR)).toBeNull()
    expect(newestVerifyLink({ oobCodes: 'nope' }, 'reem@sakan.test', EMULATOR)).toBeNull()
    expect(newestVerifyLink({ oobCodes: [null, 7] }, 'reem@sakan.test', EMULATOR)).toBeNull()
  })

  it("only ever links to the emulator's own origin", () => {
    const answer = {
      oobCodes: [
        code('reem@sakan.test', 'good'),
        { ...code('reem@sakan.test', 'x'), oobLink: 'javascript:alert(1)' },
        { ...code('reem@sakan.test', 'y'), oobLink: 'https://evil.example/verify' },
        { ...code('reem@sakan.test', 'z'), oobLink: 'not a url' },
      ],
    }
    expect(newestVerifyLink(answer, 'reem@sakan.test', EMULATOR)).toBe(link('good'))
    expect(newestVerifyLink(answer, 'reem@sakan.test', 'not a url')).toBeNull()
  })
})

describe('the "verify your email" notice', () => {
  it('shows only when the API says her address is not verified', () => {
    expect(needsEmailVerification({ emailVerified: false })).toBe(true)
    expect(needsEmailVerification({ emailVerified: true })).toBe(false)
    // An API that does not send the field yet: nothing is guessed.
    expect(needsEmailVerification({})).toBe(false)
    expect(needsEmailVerification(null)).toBe(false)
  })

  it('stays off the sign-in and registration pages', () => {
    for (const path of ['/login', '/register', '/register/'])
      expect(showsVerificationNotice(path)).toBe(false)
    for (const path of ['/dashboard', '/admin', '/application/3', '/payment', '/maintenance'])
      expect(showsVerificationNotice(path)).toBe(true)
  })
})

describe('identity errors', () => {
  it("show the API's own words when it refuses an existing account's address (409)", () => {
    const words =
      'An account with this e-mail already exists. Verify your e-mail address, then sign in again.'
    const conflict = Object.assign(
      new ApiError(409, 'Conflict', JSON.stringify({ message: words })),
      {
        sessionSync: true,
      }
    )
    expect(sessionRefusalMessage(conflict)).toBe(words)
    expect(
      sessionRefusalMessage(new ApiError(401, 'Unauthorized', '{"message":"x"}'))
    ).toBeUndefined()
    expect(sessionRefusalMessage(new ApiError(409, 'Conflict', ''))).toBeUndefined()
    expect(sessionRefusalMessage(new Error('boom'))).toBeUndefined()
  })

  it('say what went wrong with the verification email, in both languages', () => {
    const error = (code: string) => Object.assign(new Error(code), { code })
    expect(verificationErrorKey(error('auth/too-many-requests'))).toBe(
      'verifyEmail.tooManyRequests'
    )
    expect(verificationErrorKey(error('auth/network-request-failed'))).toBe('login.errors.network')
    expect(verificationErrorKey(new Error('boom'))).toBe('verifyEmail.error')
    for (const messages of [en, ar]) {
      for (const key of [
        'verifyEmail.tooManyRequests',
        'verifyEmail.error',
        'login.errors.network',
      ]) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages)
        expect(typeof value, key).toBe('string')
      }
    }
  })
})
