import vine from '@vinejs/vine'
import { BUILDING_AMENITIES, LOCATIONS, ROOM_FEATURES, ROOM_SORTS } from '@sakan/common'
import { MAX_OFFSET } from '#validators/limits'

/**
 * This field must not be below another field of the same object (`above`: strictly above).
 * The other value is read as sent; when it is itself invalid, its own rule reports it.
 */
const notBelow = vine.createRule(
  (value: unknown, options: { other: string; rule: string; above?: boolean }, field) => {
    if (!field.isValid) return
    const other = Number(field.parent[options.other])
    if (field.parent[options.other] === undefined || Number.isNaN(other)) return
    const current = Number(value)
    if (options.above ? current <= other : current < other) {
      field.report(`The {{ field }} field must not be below ${options.other}`, options.rule, field)
    }
  }
)

/** The largest page a client may ask for with `_start`/`_end`. */
export const MAX_PAGE_SIZE = 100

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
    _start: vine.number().withoutDecimals().min(0).max(MAX_OFFSET).optional(),
    _end: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(MAX_OFFSET)
      .use(notBelow({ other: '_start', rule: 'pageRange', above: true }))
      .optional(),
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
