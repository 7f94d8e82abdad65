/** A room's texts in one language, and the numbers the cards show. */
import {
  CARD_AMENITY_CHIPS,
  DEFAULT_OCCUPANCY_RATE,
  formatCalendarDate,
  remainingBadge,
  type Locale,
  type Room,
  type RoomImage,
  type Translate,
} from '@sakan/common'
import type { ShownImage } from './images'

function pick(lang: Locale, base: string, en?: string | null, ar?: string | null): string {
  const localized = lang === 'ar' ? ar : en
  return localized && localized.trim() !== '' ? localized : base
}

export interface LocalizedRoom {
  buildingName: string
  address: string
  description: string
  /** null means "Standard Room" in the UI language. */
  type: string | null
}

export function localizeRoom(room: Room, lang: Locale): LocalizedRoom {
  const building = room.building
  const baseType = room.type ?? null
  const localizedType = lang === 'ar' ? room.type_ar : room.type_en
  return {
    buildingName: pick(lang, building.name, building.name_en, building.name_ar),
    address: pick(lang, building.address, building.address_en, building.address_ar),
    description: pick(lang, room.description, room.description_en, room.description_ar),
    type: localizedType && localizedType.trim() !== '' ? localizedType : baseType,
  }
}

/** The room's photos as images; `photos` alone (plain URLs) also works. */
export function roomImages(room: Pick<Room, 'photos'> & { images?: RoomImage[] }): ShownImage[] {
  if (room.images && room.images.length > 0) return room.images
  return (room.photos ?? []).filter(Boolean).map((src) => ({ src }))
}

/** The count on the card's "remaining" badge, or null when it is not shown. */
export function roomRemaining(room: { occupancyRate?: number | null }): number | null {
  return remainingBadge(room.occupancyRate ?? DEFAULT_OCCUPANCY_RATE)
}

/**
 * The availability badge's text: "Available"; while taken, "Available from {date}" when the
 * stay holding it ends on a day ahead, else "Occupied".
 */
export function availabilityText(
  room: Pick<Room, 'availability' | 'availableFrom'>,
  lang: Locale,
  t: Translate
): string {
  if (room.availability) return t('common:room.available')
  return room.availableFrom
    ? t('common:room.availableFrom', { date: formatCalendarDate(room.availableFrom, lang) })
    : t('common:room.occupied')
}

/**
 * Whether the room takes applications: free now, or taken until a known day (a move-in from
 * that day on).
 */
export function takesApplications(room: Pick<Room, 'availability' | 'availableFrom'>): boolean {
  return room.availability || Boolean(room.availableFrom)
}

/** The amenity chips a card shows and how many more the building has. */
export function cardAmenities(room: Room): { shown: string[]; more: number } {
  const all = room.building.amenities ?? []
  return {
    shown: all.slice(0, CARD_AMENITY_CHIPS),
    more: Math.max(0, all.length - CARD_AMENITY_CHIPS),
  }
}

/** Featured (badged in the listings) = in a fully managed building. */
export function isFeatured(room: Room): boolean {
  return room.building.isFullyManaged === true
}
