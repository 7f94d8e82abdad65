/**
 * "My data" (`/my-data`): the rules of her details' form, common's (profile.ts) as the API's
 * `PATCH /api/auth/me` checks them (a phone may be left out), the
 * name of the file her data is saved under, and what went wrong when she signed in again to
 * close her account.
 */
import {
  MAX_FULL_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MIN_FULL_NAME_LENGTH,
  PHONE_PATTERN,
} from '@sakan/common'
import { errorCode } from './auth-errors'
import { attachmentName } from './save-file'

export interface DetailsValues {
  fullName: string
  phone: string
}

export const DETAILS_FIELDS = ['fullName', 'phone'] as const

/** The translation key of what is wrong with the full name, or null. */
export function fullNameProblem(value: string): string | null {
  const length = value.trim().length
  return length >= MIN_FULL_NAME_LENGTH && length <= MAX_FULL_NAME_LENGTH
    ? null
    : 'myData.details.validation.fullName'
}

/** The translation key of what is wrong with the phone, or null (none given is fine). */
export function phoneProblem(value: string): string | null {
  const phone = value.trim()
  if (phone === '') return null
  return phone.length <= MAX_PHONE_LENGTH && PHONE_PATTERN.test(phone)
    ? null
    : 'myData.details.validation.phone'
}

/** What `PATCH /api/auth/me` is sent: the trimmed name, and the phone or `null` to remove it. */
export function detailsBody(values: DetailsValues): { fullName: string; phone: string | null } {
  const phone = values.phone.trim()
  return { fullName: values.fullName.trim(), phone: phone === '' ? null : phone }
}

/**
 * The file name the server gave (`Content-Disposition: attachment; filename="…"`), its last
 * part only (never a path); else `sakan-my-data-<day>.zip`.
 */
export function exportFileName(contentDisposition: string | null | undefined, day: string): string {
  return attachmentName(contentDisposition, `sakan-my-data-${day}.zip`)
}

/**
 * Signing in again to close her account, Firebase's error codes → the translation key of what
 * to tell her, and whether it is about the password she typed (said under the field) or the
 * sign-in as a whole (said in the dialog).
 */
const REAUTHENTICATION: Record<string, { key: string; field?: 'password' }> = {
  'auth/wrong-password': { key: 'myData.close.errors.wrongPassword', field: 'password' },
  'auth/invalid-credential': { key: 'myData.close.errors.wrongPassword', field: 'password' },
  'auth/invalid-login-credentials': { key: 'myData.close.errors.wrongPassword', field: 'password' },
  'auth/too-many-requests': { key: 'myData.close.errors.tooManyRequests' },
  'auth/network-request-failed': { key: 'myData.close.errors.network' },
  'auth/popup-blocked': { key: 'myData.close.errors.popupBlocked' },
  'auth/user-mismatch': { key: 'myData.close.errors.otherAccount' },
}

export function reauthenticationError(error: unknown): { key: string; field?: 'password' } {
  return REAUTHENTICATION[errorCode(error) ?? ''] ?? { key: 'myData.close.errors.generic' }
}
