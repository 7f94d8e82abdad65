/** The room fields these pages show, from `GET /api/rooms/{id}` (spec §3). */
import type { Locale } from '@sakan/common'

export interface RoomSummary {
  id: number
  roomNumber: string
  price: number
  availability: boolean
  photos: string[]
  type?: string | null
  type_en?: string | null
  type_ar?: string | null
  building: {
    name: string | null
    name_en?: string | null
    name_ar?: string | null
    address?: string | null
    address_en?: string | null
    address_ar?: string | null
  } | null
}

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

/** Everything `GET /api/rooms` and `GET /api/rooms/{id}` send that the back office shows. */
export interface RoomDetails extends RoomSummary {
  features: string[]
  size: number | null
  description?: string | null
  description_en?: string | null
  description_ar?: string | null
  occupancyRate?: number | null
  createdAt?: string
  images?: { src: string; srcset?: string; width: number; height: number }[]
  building:
    | (NonNullable<RoomSummary['building']> & {
        id?: number
        zone?: string | null
        amenities?: string[]
        isFullyManaged?: boolean
      })
    | null
}
