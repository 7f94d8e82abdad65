/**
 * The sign-in and registration rules, as pure functions returning the translation
 * key of the message to show (or null when the value is fine).
 */
import { MIN_FULL_NAME_LENGTH, MIN_PASSWORD_LENGTH, isEmail } from '@sakan/common'

export const loginRules = {
  email: (value: string) => (isEmail(value) ? null : 'login.validation.email'),
  password: (value: string) =>
    value.length >= MIN_PASSWORD_LENGTH ? null : 'login.validation.password',
}

export interface RegisterValues {
  fullName: string
  email: string
  password: string
  confirmPassword: string
  terms: boolean
}

export const registerRules = {
  fullName: (value: string) =>
    value.trim().length >= MIN_FULL_NAME_LENGTH ? null : 'register.validation.fullName',
  email: (value: string) => (isEmail(value) ? null : 'register.validation.email'),
  password: (value: string) =>
    value.length >= MIN_PASSWORD_LENGTH ? null : 'register.validation.password',
  confirmPassword: (value: string, values: Pick<RegisterValues, 'password'>) =>
    value === values.password ? null : 'register.validation.confirmPassword',
  terms: (value: boolean) => (value ? null : 'register.validation.terms'),
}
