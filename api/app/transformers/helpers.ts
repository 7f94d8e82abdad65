import type { DateTime } from 'luxon'
import type { Bilingual, BuildingName, Locale } from '@sakan/common'
import type Building from '#models/building'
import type Room from '#models/room'
import type User from '#models/user'

/** Both languages of a text, plus the caller's as the plain field: `x`, `x_en` and `x_ar`. */
export function bilingual<Key extends string, Value extends string | null>(
  key: Key,
  en: Value,
  ar: Value,
  locale: Locale
): Bilingual<Key, Value> {
  return {
    [key]: locale === 'ar' ? (ar ?? en) : (en ?? ar),
    [`${key}_en`]: en,
    [`${key}_ar`]: ar,
  } as Bilingual<Key, Value>
}

/** The building an account list's row names. */
export function buildingName(building: Building | undefined, locale: Locale): BuildingName | null {
  if (!building) return null
  return { id: building.id, ...bilingual('name', building.nameEn, building.nameAr, locale) }
}

/** A stored instant in ISO 8601, UTC. Lucid reads only valid instants, so there is always one. */
export function instant(value: DateTime): string {
  return value.toUTC().toISO()!
}

/** A stored calendar date, `yyyy-MM-dd`. */
export function calendarDate(value: DateTime): string {
  return value.toISODate()!
}

/** The room a resident's record is about, with its building (its relation loaded), or null. */
export function roomRef(room: Room | undefined, locale: Locale) {
  return room
    ? { id: room.id, roomNumber: room.roomNumber, building: buildingName(room.building, locale) }
    : null
}

/** The resident a record belongs to, as the account lists name her, or null. */
export function residentRef(user: User | undefined) {
  return user ? { id: user.id, fullName: user.fullName ?? user.username, email: user.email } : null
}
