import { describe, expect, it } from 'vitest'
import { emulatorIdToken, rememberAccount, rememberedAccounts } from '../src/lib/emulator-accounts'
import { callbackStart, isSuccessfulVerification } from '../src/lib/payment-callback'
import { can } from '../src/lib/permissions'
import { isDismissingSwipe } from '../src/lib/swipe'
import { displayNameOf, initialsOf } from '../src/lib/user'
import { loginRules, registerRules } from '../src/lib/validation'

describe('validation (spec §5)', () => {
  it('checks e-mail and password for sign-in', () => {
    expect(loginRules.email('nora@example.com')).toBeNull()
    expect(loginRules.email('nora@example')).toBe('login.validation.email')
    expect(loginRules.password('12345')).toBe('login.validation.password')
    expect(loginRules.password('123456')).toBeNull()
  })

  it('checks the registration form', () => {
    expect(registerRules.fullName(' N ')).toBe('register.validation.fullName')
    expect(registerRules.fullName('Nora')).toBeNull()
    expect(registerRules.confirmPassword('abcdef', { password: 'abcdeg' })).toBe(
      'register.validation.confirmPassword'
    )
    expect(registerRules.confirmPassword('abcdef', { password: 'abcdef' })).toBeNull()
    expect(registerRules.terms(false)).toBe('register.validation.terms')
    expect(registerRules.email(' nora@example.sa ')).toBeNull()
  })
})

describe('access control (spec §6)', () => {
  it('gives the administrator the back office and the resident her dashboard', () => {
    const rules: [Parameters<typeof can>[0], string, string, boolean][] = [
      ['admin', 'admin', 'list', true],
      ['admin', 'dashboard', 'list', false],
      ['tenant', 'dashboard', 'list', true],
      ['tenant', 'admin', 'list', false],
      ['tenant', 'applications', 'review', false],
      [null, 'dashboard', 'list', false],
    ]
    for (const [role, resource, action, allowed] of rules) {
      expect(can(role, resource, action), `${role} ${resource} ${action}`).toBe(allowed)
    }
  })
})

describe('toast swipe (spec §9: right, 50 px)', () => {
  it('dismisses from 50 px to the right', () => {
    expect(isDismissingSwipe(49, 'ltr')).toBe(false)
    expect(isDismissingSwipe(50, 'ltr')).toBe(true)
    expect(isDismissingSwipe(-80, 'ltr')).toBe(false)
    expect(isDismissingSwipe(50, 'rtl')).toBe(true)
    expect(isDismissingSwipe(-50, 'rtl')).toBe(true)
  })
})

describe('payment callback (spec §4)', () => {
  it('fails without verifying when the id is missing or the status is not paid', () => {
    const starts: [string, ReturnType<typeof callbackStart>][] = [
      ['status=paid', { kind: 'failed', message: null }],
      ['id=p1&status=failed&message=Declined', { kind: 'failed', message: 'Declined' }],
      ['id=p1&status=failed&message=null', { kind: 'failed', message: null }],
      ['id=p1&status=paid', { kind: 'verify', id: 'p1' }],
    ]
    for (const [query, start] of starts) {
      expect(callbackStart(new URLSearchParams(query))).toEqual(start)
    }
  })

  it('counts paid and completed as success', () => {
    expect(isSuccessfulVerification('paid')).toBe(true)
    expect(isSuccessfulVerification('completed')).toBe(true)
    expect(isSuccessfulVerification('failed')).toBe(false)
    expect(isSuccessfulVerification(undefined)).toBe(false)
  })
})

describe('user names', () => {
  it('prefers the full name, then the username, then the e-mail', () => {
    expect(displayNameOf({ fullName: 'Nora Alqahtani', username: 'nora', email: 'n@x.sa' })).toBe(
      'Nora Alqahtani'
    )
    expect(displayNameOf({ fullName: ' ', username: 'nora', email: 'n@x.sa' })).toBe('nora')
    expect(displayNameOf({ fullName: null, username: null, email: 'n@x.sa' })).toBe('n@x.sa')
  })

  it('makes initials in any script', () => {
    expect(initialsOf('Nora Alqahtani')).toBe('NA')
    expect(initialsOf('نورة القحطاني')).toBe('نا')
    expect(initialsOf('sara')).toBe('S')
  })
})

describe('emulator Google accounts', () => {
  it('builds a stable unsigned token the emulator accepts', () => {
    const token = JSON.parse(emulatorIdToken({ name: ' Nora ', email: 'Nora@Example.com ' }))
    expect(token).toEqual({
      sub: 'emulator-nora-example-com',
      email: 'nora@example.com',
      name: 'Nora',
      email_verified: true,
    })
  })

  it('remembers the last five accounts, most recent first', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as Storage
    for (let i = 1; i <= 6; i++)
      rememberAccount({ name: `User ${i}`, email: `u${i}@x.sa` }, storage)
    rememberAccount({ name: 'User 3', email: 'U3@x.sa' }, storage)
    const accounts = rememberedAccounts(storage)
    expect(accounts.map((account) => account.email)).toEqual([
      'u3@x.sa',
      'u6@x.sa',
      'u5@x.sa',
      'u4@x.sa',
      'u2@x.sa',
    ])
  })
})
