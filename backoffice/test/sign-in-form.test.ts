import { describe, expect, it } from 'vitest'
import { signInErrors } from '../src/components/auth/use-sign-in-form'

describe("the sign-in form's rules (spec §5)", () => {
  it('asks for a valid e-mail and a long enough password', () => {
    expect(signInErrors({ email: '', password: '' })).toEqual({
      email: 'login.validation.email',
      password: 'login.validation.password',
    })
  })

  it('accepts a valid pair', () => {
    expect(signInErrors({ email: 'tenant@sakan.test', password: 'Sakan#2026' })).toEqual({
      email: null,
      password: null,
    })
  })
})
