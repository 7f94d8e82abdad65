/**
 * The move-in date of an application: a calendar date `yyyy-MM-dd`,
 * today or later where "today" is Riyadh's, suggested one week ahead.
 */
import { DEFAULT_MOVE_IN_OFFSET_DAYS, riyadhToday } from '@sakan/common'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date written `yyyy-MM-dd`. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** `yyyy-MM-dd` plus a number of calendar days. */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate)
  if (!match) throw new Error(`not a yyyy-MM-dd date: ${isoDate}`)
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days))
  return date.toISOString().slice(0, 10)
}

/** The picker's minimum (today in Riyadh) and its suggested value (a week later). */
export function moveInBounds(now: Date = new Date()): { min: string; initial: string } {
  const min = riyadhToday(now)
  return { min, initial: addDays(min, DEFAULT_MOVE_IN_OFFSET_DAYS) }
}

export type MoveInProblem = 'required' | 'invalid' | 'past'

/** What is wrong with a chosen move-in date, or null when it can be sent. */
export function moveInProblem(
  value: string | null | undefined,
  now: Date = new Date()
): MoveInProblem | null {
  if (!value) return 'required'
  if (!isIsoDate(value)) return 'invalid'
  // Same-length ISO dates compare as strings.
  return value < riyadhToday(now) ? 'past' : null
}
