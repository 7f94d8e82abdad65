/** What the back office shows of a room, from `GET /api/rooms/{id}`. */
import type { Locale, Room } from '@sakan/common'

/** The room the application page shows. */
export type RoomSummary = Pick<
  Room,
  | 'id'
  | 'roomNumber'
  | 'price'
  | 'availability'
  | 'availableFrom'
  | 'photos'
  | 'type'
  | 'type_en'
  | 'type_ar'
  | 'building'
>

/**
 * A text in the UI language when the API sent both (`name_en`, `name_ar`), so switching the
 * language needs no new request; else the plain field.
 */
export function localized<T extends object>(
  source: T | null | undefined,
  field: string,
  lang: Locale
): string | null {
  if (!source) return null
  const record = source as Record<string, unknown>
  const value = record[`${field}_${lang}`] ?? record[field]
  return typeof value === 'string' && value !== '' ? value : null
}

/** The room the administrator's room pages show: all of it. */
export type RoomDetails = Room
