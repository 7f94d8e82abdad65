/*
 * Validation of `POST /v1/payments`, with Moyasar's per-field error keys
 * (`{"source.number": ["…"]}`).
 */
import { type FieldErrors, httpOrigin } from './http.ts'

export type CardInput = { name: string; number: string; month: number; year: number; cvc: string }

export type CreateInput = {
  amount: number
  currency: 'SAR'
  description: string
  callbackUrl: string
  card: CardInput
  metadata: Record<string, unknown> | null
}

const MIN_AMOUNT = 100
const METADATA_MAX_KEYS = 30
const METADATA_MAX_KEY_LENGTH = 40
const METADATA_MAX_VALUE_LENGTH = 500

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** A whole number given as a number or as a string of digits ("05"), else null. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null
  if (typeof value === 'string' && /^\d{1,4}$/.test(value)) return Number(value)
  return null
}

function validateCard(source: Record<string, unknown>, errors: FieldErrors): CardInput | null {
  const add = (field: string, message: string) => (errors[`source.${field}`] ??= []).push(message)
  if (source.type !== 'creditcard') add('type', 'must be creditcard')

  const name = typeof source.name === 'string' ? source.name.trim() : ''
  if (name === '') add('name', "can't be blank")
  else if (name.split(/\s+/).length < 2) add('name', 'must include a first and a last name')

  const number = typeof source.number === 'string' ? source.number : ''
  if (!/^\d+$/.test(number)) add('number', 'must contain digits only')
  else if (number.length !== 16) add('number', 'must be 16 digits')
  else if (!luhnValid(number)) add('number', 'is invalid')

  const month = wholeNumber(source.month)
  if (month === null || month < 1 || month > 12) add('month', 'must be between 1 and 12')
  const rawYear = typeof source.year === 'number' ? String(source.year) : source.year
  const yearValid = typeof rawYear === 'string' && /^(\d{2}|\d{4})$/.test(rawYear)
  if (!yearValid) add('year', 'must be 2 or 4 digits')
  const year = yearValid ? (rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear)) : 0
  if (yearValid && month !== null && month >= 1 && month <= 12) {
    const now = new Date()
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
    if (year * 12 + (month - 1) < thisMonth) add('year', 'card has expired')
  }

  const cvc =
    typeof source.cvc === 'string'
      ? source.cvc
      : typeof source.cvc === 'number'
        ? String(source.cvc)
        : ''
  if (!/^\d{3}$/.test(cvc)) add('cvc', 'must be 3 digits')

  return Object.keys(errors).some((key) => key.startsWith('source.'))
    ? null
    : { name, number, month: month ?? 0, year, cvc }
}

function validateMetadata(value: unknown, errors: FieldErrors): Record<string, unknown> | null {
  if (value === undefined || value === null) return null
  const add = (message: string) => (errors.metadata ??= []).push(message)
  if (typeof value !== 'object' || Array.isArray(value)) {
    add('must be an object')
    return null
  }
  const entries = Object.entries(value)
  if (entries.length > METADATA_MAX_KEYS) add(`must have at most ${METADATA_MAX_KEYS} keys`)
  for (const [key, item] of entries) {
    if (key.length > METADATA_MAX_KEY_LENGTH)
      add(`key ${key.slice(0, 40)}… is longer than ${METADATA_MAX_KEY_LENGTH} characters`)
    const text = typeof item === 'string' ? item : JSON.stringify(item)
    if ((text ?? '').length > METADATA_MAX_VALUE_LENGTH)
      add(`value of ${key} is longer than ${METADATA_MAX_VALUE_LENGTH} characters`)
  }
  return value as Record<string, unknown>
}

/** Validates a create body: the input, or the per-field errors. */
export function validateCreate(
  body: Record<string, unknown>
): { input: CreateInput; errors: null } | { input: null; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const add = (field: string, message: string) => (errors[field] ??= []).push(message)

  const amount = body.amount
  if (typeof amount !== 'number' || !Number.isInteger(amount)) add('amount', 'must be an integer')
  else if (amount < MIN_AMOUNT) add('amount', `must be greater than or equal to ${MIN_AMOUNT}`)
  if (body.currency !== 'SAR') add('currency', 'must be SAR')
  if (typeof body.description !== 'string') add('description', 'must be a string')
  const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : ''
  if (httpOrigin(callbackUrl) === null) add('callback_url', 'must be an http or https URL')

  const source = body.source
  let card: CardInput | null = null
  if (typeof source !== 'object' || source === null || Array.isArray(source))
    add('source', "can't be blank")
  else card = validateCard(source as Record<string, unknown>, errors)
  const metadata = validateMetadata(body.metadata, errors)

  if (Object.keys(errors).length > 0 || card === null) return { input: null, errors }
  return {
    input: {
      amount: amount as number,
      currency: 'SAR',
      description: body.description as string,
      callbackUrl,
      card,
      metadata,
    },
    errors: null,
  }
}
