/** "My data"'s rules (lib/my-data.ts): her details as the API checks them, the file's name. */
import { describe, expect, it } from 'vitest'
import en from '@sakan/common/locales/en/account.json'
import ar from '@sakan/common/locales/ar/account.json'
import {
  detailsBody,
  exportFileName,
  fullNameProblem,
  phoneProblem,
  reauthenticationError,
} from '../src/lib/my-data'

const error = (code: string) => Object.assign(new Error(code), { code })

function message(messages: unknown, key: string): string | undefined {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      messages
    ) as string | undefined
}

describe('her details (PATCH /api/auth/me)', () => {
  it('takes a full name of 2 to 100 characters once trimmed', () => {
    expect(fullNameProblem('  Noura  ')).toBeNull()
    expect(fullNameProblem('نورة')).toBeNull()
    expect(fullNameProblem(' N ')).toBe('myData.details.validation.fullName')
    expect(fullNameProblem('')).toBe('myData.details.validation.fullName')
    expect(fullNameProblem('a'.repeat(100))).toBeNull()
    expect(fullNameProblem('a'.repeat(101))).toBe('myData.details.validation.fullName')
  })

  it('takes no phone, or one of 20 characters at most with 7 digits at least', () => {
    for (const phone of ['', '   ', '+966 50 123 4567', '(011) 456-7890', ' 0501234567 ']) {
      expect(phoneProblem(phone), phone).toBeNull()
    }
    for (const phone of ['123-456', '+966 50 123 4567 8901', '050 123 4567 ext', '٠٥٠١٢٣٤٥٦٧']) {
      expect(phoneProblem(phone), phone).toBe('myData.details.validation.phone')
    }
  })

  it('sends the trimmed name, and null for an empty phone', () => {
    expect(detailsBody({ fullName: ' Noura ', phone: '  ' })).toEqual({
      fullName: 'Noura',
      phone: null,
    })
    expect(detailsBody({ fullName: 'Noura', phone: ' +966 50 ' })).toEqual({
      fullName: 'Noura',
      phone: '+966 50',
    })
  })
})

describe('the downloaded file’s name', () => {
  it('is the one the server gives', () => {
    expect(
      exportFileName('attachment; filename="sakan-my-data-2026-03-01.zip"', '2026-03-02')
    ).toBe('sakan-my-data-2026-03-01.zip')
    expect(exportFileName("attachment; filename*=UTF-8''my%20data.zip", '2026-03-02')).toBe(
      'my data.zip'
    )
  })

  it('is the day’s when the server gives none, and never a path', () => {
    expect(exportFileName(null, '2026-03-02')).toBe('sakan-my-data-2026-03-02.zip')
    expect(exportFileName('attachment', '2026-03-02')).toBe('sakan-my-data-2026-03-02.zip')
    expect(exportFileName('attachment; filename="../../x.zip"', '2026-03-02')).toBe('x.zip')
    expect(exportFileName('attachment; filename=".."', '2026-03-02')).toBe(
      'sakan-my-data-2026-03-02.zip'
    )
  })
})

describe('signing in again to close her account ("My data")', () => {
  it('says a wrong password under the password field, whichever way Firebase says it', () => {
    for (const code of [
      'auth/wrong-password',
      'auth/invalid-credential',
      'auth/invalid-login-credentials',
    ]) {
      expect(reauthenticationError(error(code)), code).toEqual({
        key: 'myData.close.errors.wrongPassword',
        field: 'password',
      })
    }
    expect(message(en, 'myData.close.errors.wrongPassword')).toBe('The password is not right.')
  })

  it('says everything else in the dialog', () => {
    expect(reauthenticationError(error('auth/too-many-requests'))).toEqual({
      key: 'myData.close.errors.tooManyRequests',
    })
    expect(message(en, 'myData.close.errors.tooManyRequests')).toBe(
      'Too many attempts. Try again later.'
    )
    expect(reauthenticationError(error('auth/user-mismatch')).key).toBe(
      'myData.close.errors.otherAccount'
    )
    expect(reauthenticationError(new Error('offline'))).toEqual({
      key: 'myData.close.errors.generic',
    })
  })

  it.each([
    'auth/wrong-password',
    'auth/too-many-requests',
    'auth/network-request-failed',
    'auth/popup-blocked',
    'auth/user-mismatch',
    'unknown',
  ])('%s has a message in both languages', (code) => {
    const { key } = reauthenticationError(error(code))
    expect(message(en, key), key).toBeTypeOf('string')
    expect(message(ar, key), key).toBeTypeOf('string')
  })
})
