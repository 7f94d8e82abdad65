import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import {
  ANY_LOCATION,
  toHalalas,
  type BuildingAmenity,
  type Location,
  type RoomFeature,
  type RoomSort,
} from '@sakan/common'
import Room from '#models/room'

export interface RoomFilter {
  location?: Location
  priceMin?: number
  priceMax?: number
  amenities?: BuildingAmenity[]
  features?: RoomFeature[]
  availability?: boolean
  featured?: boolean
  sort?: RoomSort
}

/** Preloads everything a room's JSON shows: building with amenities, features, photos. */
export function withDetails(query: ModelQueryBuilderContract<typeof Room>) {
  return query
    .preload('building', (building) => building.preload('amenityRows'))
    .preload('featureRows')
    .preload('photos')
}

/**
 * The catalogue query behind the listings: every filter of the specification, combined
 * with AND. Amenities are the building's (it has all of them), features the room's.
 */
export function filteredRooms(filter: RoomFilter) {
  const query = Room.query()
  const buildingWhere: Array<(q: any) => void> = []

  if (filter.location && filter.location !== ANY_LOCATION) {
    buildingWhere.push((q) => q.where('zone', filter.location!))
  }
  if (filter.featured) buildingWhere.push((q) => q.where('is_fully_managed', true))
  for (const amenity of filter.amenities ?? []) {
    buildingWhere.push((q) =>
      q.whereIn('id', db.from('building_amenities').select('building_id').where('amenity', amenity))
    )
  }
  if (buildingWhere.length > 0) {
    query.whereIn('building_id', (sub) => {
      sub.from('buildings').select('id')
      for (const where of buildingWhere) where(sub)
    })
  }
  if (filter.priceMin !== undefined) query.where('price_halalas', '>=', toHalalas(filter.priceMin))
  if (filter.priceMax !== undefined) query.where('price_halalas', '<=', toHalalas(filter.priceMax))
  if (filter.availability !== undefined) query.where('availability', filter.availability)
  /* Correlated EXISTS on the (room_id, feature) key: checked per candidate room, after the
     indexed filters above have narrowed the candidates. */
  for (const feature of filter.features ?? []) {
    query.whereExists((sub) =>
      sub
        .from('room_features')
        .whereColumn('room_features.room_id', 'rooms.id')
        .where('room_features.feature', feature)
    )
  }
  return query
}

/** The catalogue in the order asked for, with everything a room's JSON shows (paged by the caller). */
export function sortedRooms(filter: RoomFilter) {
  const query = filteredRooms(filter)
  /* Featured rooms are the home page's showcase: available ones first, so an occupied room
     is featured only when too few are free (rooms_availability_created_at_index). */
  if (filter.featured) query.orderBy('availability', 'desc')
  switch (filter.sort ?? 'newest') {
    case 'priceAsc':
      query.orderBy('price_halalas', 'asc')
      break
    case 'priceDesc':
      query.orderBy('price_halalas', 'desc')
      break
    case 'newest':
      query.orderBy('created_at', 'desc')
      break
  }
  /* A stable order across pages when the sort key ties. */
  query.orderBy('id', 'desc')
  return withDetails(query)
}
