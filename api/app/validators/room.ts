import vine from '@vinejs/vine'
import { BUILDING_AMENITIES, LOCATIONS, ROOM_FEATURES, ROOM_SORTS } from '@sakan/common'
import { pagingFields } from '#validators/paging'
import { notBelow } from '#validators/rules'

/**
 * The listing's query string. Comma lists (`amenities`, `features`) arrive already split
 * (see `roomListInput`); every value must be one of the specification's.
 */
export const listRoomsValidator = vine.create(
  vine.object({
    location: vine.enum(LOCATIONS).optional(),
    priceMin: vine.number().min(0).max(1_000_000).optional(),
    priceMax: vine
      .number()
      .min(0)
      .max(1_000_000)
      .use(notBelow({ other: 'priceMin', rule: 'priceRange' }))
      .optional(),
    amenities: vine.array(vine.enum(BUILDING_AMENITIES)).distinct().optional(),
    features: vine.array(vine.enum(ROOM_FEATURES)).distinct().optional(),
    availability: vine.boolean({ strict: false }).optional(),
    featured: vine.boolean({ strict: false }).optional(),
    sort: vine.enum(ROOM_SORTS).optional(),
    ...pagingFields,
  })
)

export const featuredReviewsValidator = vine.create(
  vine.object({
    featured: vine.boolean({ strict: false }).optional(),
  })
)

/** The raw query with comma lists split, empty values dropped. */
export function roomListInput(query: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue
    input[key] =
      (key === 'amenities' || key === 'features') && typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : value
  }
  return input
}
