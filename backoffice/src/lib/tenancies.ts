/**
 * The back office's stays as rules the pages share: the tones of their states, the
 * months a payment covers as one text, and the checks of the three actions' fields before they
 * are sent (the API checks them again; its words win when it refuses).
 */
import {
  depositReturnable,
  fromHalalas,
  isEjarContractNumber,
  toHalalas,
  type Locale,
  type Tenancy,
} from '@sakan/common'
import { formatMonthSpan } from './rent'

export { DEPOSIT_TONES, LEDGER_TONES, TENANCY_TONES } from './status'

/**
 * The months a payment covers, in her language: one month, or the first and last of several
 * ("January 2027 – March 2027"); `fallback` (the payment's first month) when it names none.
 */
export function formatMonths(months: readonly string[], fallback: string, lang: Locale): string {
  return formatMonthSpan(months.length > 0 ? months : [fallback], lang)
}

/** A field's refusal: its text's key under `office.tenancies.form`, and the text's values. */
export interface FieldProblem {
  key: string
  values?: Record<string, string | number>
}

/** The longest reason the API keeps. */
export const MAX_REASON_LENGTH = 500

/** A reason is required, up to MAX_REASON_LENGTH characters. */
export function reasonProblem(reason: string): FieldProblem | null {
  const trimmed = reason.trim()
  if (trimmed === '') return { key: 'reasonRequired' }
  if (trimmed.length > MAX_REASON_LENGTH)
    return { key: 'reasonTooLong', values: { max: MAX_REASON_LENGTH } }
  return null
}

const ARABIC_INDIC = /[\u0660-\u0669]/g

/** A number typed with the Arabic keyboard's digits and decimal separator, in Latin digits. */
export function latinDigits(text: string): string {
  return text
    .trim()
    .replace(ARABIC_INDIC, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/\u066b/g, '.')
}

/** The Ejar number as sent: 10 digits, or null (an empty field clears it). */
export function ejarValue(text: string): string | null {
  const value = latinDigits(text)
  return value === '' ? null : value
}

export function ejarProblem(text: string): FieldProblem | null {
  const value = ejarValue(text)
  return value === null || isEjarContractNumber(value) ? null : { key: 'ejarInvalid' }
}

/** The end date: a calendar date, not before the move-in (named as `format` writes it). */
export function endDateProblem(
  endDate: string,
  startDate: string,
  format: (date: string) => string = (date) => date
): FieldProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) return { key: 'endDateRequired' }
  if (endDate < startDate) return { key: 'endBeforeStart', values: { date: format(startDate) } }
  return null
}

/**
 * What of a stay's deposit may still be returned (SAR): what was paid less what was returned so
 * far, over one or more returns (common's `depositReturnable`, in halalas).
 */
export function depositLeft(deposit: Pick<Tenancy['deposit'], 'paid' | 'returnedAmount'>): number {
  return fromHalalas(
    depositReturnable(toHalalas(deposit.paid), toHalalas(deposit.returnedAmount ?? 0))
  )
}

/** Whether a return can be recorded: the deposit is held (or partly returned) and some is left. */
export function depositReturnOpen(
  deposit: Pick<Tenancy['deposit'], 'state' | 'paid' | 'returnedAmount'>
): boolean {
  return (
    (deposit.state === 'held' || deposit.state === 'partly_returned') && depositLeft(deposit) > 0
  )
}

/**
 * The amount returned (SAR): more than nothing, to the halala, at most `max` (what is left of the
 * deposit, named as `format` writes it).
 */
export function returnAmountProblem(
  text: string,
  max: number,
  format: (sar: number) => string = String
): FieldProblem | null {
  const value = latinDigits(text)
  const amount = Number(value)
  if (!/^\d+(\.\d{1,2})?$/.test(value) || !(amount > 0)) return { key: 'amountInvalid' }
  if (toHalalas(amount) > toHalalas(max))
    return { key: 'amountAboveDeposit', values: { max: format(max) } }
  return null
}
