/** Pure business rules of the product, written once for every part. */

import {
  HALALAS_PER_RIYAL,
  REMAINING_BADGE_THRESHOLD,
  RIYADH_UTC_OFFSET_MINUTES,
} from './constants.js'

/** SAR → integer halalas (the payment widget's and the database's unit). */
export function toHalalas(sar: number): number {
  return Math.round(sar * HALALAS_PER_RIYAL)
}

/** Integer halalas → SAR. */
export function fromHalalas(halalas: number): number {
  return halalas / HALALAS_PER_RIYAL
}

/**
 * How many places a card's "remaining" badge announces, or null when the badge is not
 * shown: above 70 % occupancy it shows max(1, floor(5 × (1 − rate/100))).
 */
export function remainingBadge(occupancyRate: number): number | null {
  if (!(occupancyRate > REMAINING_BADGE_THRESHOLD)) return null
  return Math.max(1, Math.floor(5 * (1 - occupancyRate / 100)))
}

/** Occupied rooms over all rooms, as a whole percent; 0 when there are no rooms. */
export function occupancyRate(occupiedRooms: number, totalRooms: number): number {
  if (totalRooms <= 0) return 0
  return Math.round((occupiedRooms / totalRooms) * 100)
}

/** The calendar date and month in Riyadh for an instant. */
export function riyadhDate(instant: Date = new Date()): {
  year: number
  month: number
  day: number
} {
  const shifted = new Date(instant.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000)
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  }
}

/** Today in Riyadh as `yyyy-MM-dd`. */
export function riyadhToday(instant: Date = new Date()): string {
  const { year, month, day } = riyadhDate(instant)
  return `${year}-${pad(month)}-${pad(day)}`
}

/** A rent month `yyyy-MM`. */
export function monthKey(year: number, month: number): string {
  return `${year}-${pad(month)}`
}

/** The first instant and the instant after the last of the current Riyadh month, in UTC. */
export function riyadhMonthRange(instant: Date = new Date()): { start: Date; end: Date } {
  const { year, month } = riyadhDate(instant)
  const offset = RIYADH_UTC_OFFSET_MINUTES * 60_000
  return {
    start: new Date(Date.UTC(year, month - 1, 1) - offset),
    end: new Date(Date.UTC(year, month, 1) - offset),
  }
}

/** The months offered for payment: `count` months `yyyy-MM` starting with the current one. */
export function monthsOffered(count: number, now: Date = new Date()): string[] {
  const { year, month } = riyadhDate(now)
  return Array.from({ length: count }, (_, index) => {
    const zeroBased = month - 1 + index
    return monthKey(year + Math.floor(zeroBased / 12), (zeroBased % 12) + 1)
  })
}

/** `yyyy-MM` with a real month. */
export function isMonthKey(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value)
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
