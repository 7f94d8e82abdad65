/**
 * The listing's filters (the API's filter object, the panel's controls) and their two URL forms:
 * the page's query string (shareable) and the API's query.
 */
import {
  ANY_LOCATION,
  BUILDING_AMENITIES,
  PRICE_BANDS,
  PRICE_SLIDER,
  ROOM_FEATURES,
  ROOM_SORTS,
  ZONES,
  isOneOf,
  type BuildingAmenity,
  type PriceBand,
  type RoomFeature,
  type RoomSort,
  type Zone,
} from '@sakan/common'

export interface Filters {
  /** A zone, or '' for any location. */
  location: Zone | ''
  priceMin: number | null
  priceMax: number | null
  amenities: BuildingAmenity[]
  features: RoomFeature[]
  /** true: available rooms only; false: every room. */
  availability: boolean
}

export const DEFAULT_SORT: RoomSort = 'newest'
export const PAGE_SIZE = 12

/** The state filters start in, and what Clear returns to. */
export function defaultFilters(): Filters {
  return {
    location: '',
    priceMin: null,
    priceMax: null,
    amenities: [],
    features: [],
    availability: true,
  }
}

function listParam<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[]
): T[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
  return allowed.filter((item) => values.includes(item))
}

function priceParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name)
  if (raw === null || raw.trim() === '') return null
  const value = Number(raw)
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : null
}

/** Reads filters and sort from a page URL; unknown values are dropped, never trusted. */
export function parseListingQuery(params: URLSearchParams): { filters: Filters; sort: RoomSort } {
  const filters = defaultFilters()
  const location = params.get('location')
  if (isOneOf(ZONES, location)) filters.location = location
  filters.priceMin = priceParam(params, 'priceMin')
  filters.priceMax = priceParam(params, 'priceMax')
  // The home page's quick search without JavaScript sends its band by name.
  const band = params.get('band')
  if (filters.priceMin === null && filters.priceMax === null && band && band in PRICE_BANDS) {
    const range = bandRange(band as PriceBand)
    filters.priceMin = range.priceMin
    filters.priceMax = range.priceMax
  }
  if (
    filters.priceMin !== null &&
    filters.priceMax !== null &&
    filters.priceMin > filters.priceMax
  ) {
    ;[filters.priceMin, filters.priceMax] = [filters.priceMax, filters.priceMin]
  }
  filters.amenities = listParam(params, 'amenities', BUILDING_AMENITIES)
  filters.features = listParam(params, 'features', ROOM_FEATURES)
  filters.availability =
    params.get('availability') !== 'false' && params.get('availability') !== 'any'
  const sort = params.get('sort')
  return { filters, sort: isOneOf(ROOM_SORTS, sort) ? sort : DEFAULT_SORT }
}

/** The filters the page's URL and the API's query write alike (those set, in this order). */
function filterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.location) params.set('location', filters.location)
  if (filters.priceMin !== null) params.set('priceMin', String(filters.priceMin))
  if (filters.priceMax !== null) params.set('priceMax', String(filters.priceMax))
  if (filters.amenities.length) params.set('amenities', filters.amenities.join(','))
  if (filters.features.length) params.set('features', filters.features.join(','))
  return params
}

/** The page's query string for filters and sort (defaults left out, so URLs stay short). */
export function listingSearch(filters: Filters, sort: RoomSort): string {
  const params = filterParams(filters)
  params.set('availability', filters.availability ? 'true' : 'any')
  if (sort !== DEFAULT_SORT) params.set('sort', sort)
  const text = params.toString().replaceAll('%2C', ',')
  return text ? `?${text}` : ''
}

/** The API query (`GET /api/rooms?…`) for one page of results. */
export function apiRoomsQuery(
  filters: Filters,
  sort: RoomSort,
  start: number,
  end: number
): string {
  const params = filterParams(filters)
  if (filters.availability) params.set('availability', 'true')
  params.set('sort', sort)
  params.set('_start', String(start))
  params.set('_end', String(end))
  return params.toString().replaceAll('%2C', ',')
}

/** A quick-search price band as query bounds (luxury has no maximum). */
export function bandRange(band: PriceBand): { priceMin: number | null; priceMax: number | null } {
  const { min, max } = PRICE_BANDS[band]
  return { priceMin: min, priceMax: max }
}

/** The slider's two thumbs for the filters' bounds (clamped to the slider's range). */
export function sliderValues(filters: Pick<Filters, 'priceMin' | 'priceMax'>): [number, number] {
  const clamp = (value: number) => Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, value))
  const low = filters.priceMin === null ? PRICE_SLIDER.min : clamp(filters.priceMin)
  const high = filters.priceMax === null ? PRICE_SLIDER.max : clamp(filters.priceMax)
  return [Math.min(low, high), Math.max(low, high)]
}

/** Slider thumbs back to bounds: a thumb at the end of the track means "no bound". */
export function sliderBounds(
  low: number,
  high: number
): { priceMin: number | null; priceMax: number | null } {
  return {
    priceMin: low <= PRICE_SLIDER.min ? null : low,
    priceMax: high >= PRICE_SLIDER.max ? null : high,
  }
}

/** How many filters differ from the defaults (shown on the mobile toggle). */
export function activeFilterCount(filters: Filters): number {
  return (
    (filters.location ? 1 : 0) +
    (filters.priceMin !== null || filters.priceMax !== null ? 1 : 0) +
    filters.amenities.length +
    filters.features.length +
    (filters.availability ? 0 : 1)
  )
}

export function sameFilters(a: Filters, b: Filters): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export { ANY_LOCATION }
