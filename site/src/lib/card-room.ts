/** The part of a room a card needs, and no more: what a built card and its fingerprint are made of. */
import type { Building, Room } from '@sakan/common'

export type CardRoom = Omit<CardFields, 'building'> & {
  /** The building without its address in both languages (the card shows none). */
  building: Omit<Building, 'address_en' | 'address_ar'>
}

type CardFields = Pick<
  Room,
  | 'id'
  | 'roomNumber'
  | 'price'
  | 'photos'
  | 'images'
  | 'description'
  | 'size'
  | 'type'
  | 'type_en'
  | 'type_ar'
  | 'availability'
  | 'availableFrom'
  | 'occupancyRate'
  | 'features'
  | 'building'
  | 'buildingId'
  | 'createdAt'
>

export function toCardRoom(room: Room): CardRoom {
  const { building } = room
  return {
    id: room.id,
    roomNumber: room.roomNumber,
    price: room.price,
    photos: room.photos?.slice(0, 1) ?? [],
    images: room.images?.slice(0, 1),
    description: '',
    size: room.size,
    type: room.type,
    type_en: room.type_en,
    type_ar: room.type_ar,
    availability: room.availability,
    availableFrom: room.availableFrom ?? null,
    occupancyRate: room.occupancyRate,
    features: room.features,
    buildingId: room.buildingId,
    createdAt: room.createdAt,
    building: {
      id: building.id,
      name: building.name,
      name_en: building.name_en,
      name_ar: building.name_ar,
      address: '',
      zone: building.zone,
      amenities: building.amenities,
      latitude: building.latitude,
      longitude: building.longitude,
      isFullyManaged: building.isFullyManaged,
    },
  }
}

/**
 * A listing card's photo width (listings.css): three of about 255 px in the 1200 px container,
 * two or three beside the filters from 1024 px, two from 520 px, and one across a phone's
 * screen less the container's padding, named 12 px narrower so that the 640 px photo serves
 * phones of up to 1.75 device pixels per CSS pixel (the 1280 px one sharper screens).
 */
export const LISTING_PHOTO_SIZES =
  '(min-width: 1200px) 260px, (min-width: 1024px) calc(50vw - 12rem), (min-width: 520px) 50vw, calc(100vw - 3rem)'

/**
 * A short fingerprint of everything a card shows of a room (FNV-1a of its card fields): the
 * listing keeps a built card whose room is unchanged instead of drawing it again.
 */
export function cardKey(room: Room | CardRoom): string {
  const text = JSON.stringify(toCardRoom(room as Room))
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}
