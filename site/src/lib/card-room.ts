/** The part of a room a card needs: what the page hands the listings island, and no more. */
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
