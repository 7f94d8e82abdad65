import { describe, expect, it } from 'vitest'
import { PRIVACY_NOTICE_VERSION } from '@sakan/common'
import { asksPrivacyConsent } from '../src/components/layout/PrivacyNoticePrompt'
import type { SessionUser } from '../src/lib/user'

const user = (privacyVersion: string | null | undefined) =>
  ({ id: 7, email: 'maha@example.com', privacyVersion }) as SessionUser

describe('the privacy notice is asked again', () => {
  it('while the version she accepted is not the one in force, or she accepted none', () => {
    expect(asksPrivacyConsent(user('2020-01-01'))).toBe(true)
    expect(asksPrivacyConsent(user(null))).toBe(true)
  })

  it('not once she accepted it, nor signed out, nor when the API names no version', () => {
    expect(asksPrivacyConsent(user(PRIVACY_NOTICE_VERSION))).toBe(false)
    expect(asksPrivacyConsent(null)).toBe(false)
    expect(asksPrivacyConsent(user(undefined))).toBe(false)
  })
})
