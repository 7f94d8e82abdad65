import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  apiRoomsQuery,
  bandRange,
  defaultFilters,
  listingSearch,
  parseListingQuery,
  sliderBounds,
  sliderValues,
} from '../src/lib/filters'

const parse = (search: string) => parseListingQuery(new URLSearchParams(search))

describe('parseListingQuery', () => {
  it('starts with the spec defaults: any location, no price bounds, available rooms, newest', () => {
    expect(parse('')).toEqual({ filters: defaultFilters(), sort: 'newest' })
    expect(defaultFilters()).toEqual({
      location: '',
      priceMin: null,
      priceMax: null,
      amenities: [],
      features: [],
      availability: true,
    })
  })

  it('reads the quick search query', () => {
    const { filters } = parse(
      'location=north&priceMin=1000&priceMax=2000&amenities=wifi,security&availability=true'
    )
    expect(filters).toMatchObject({
      location: 'north',
      priceMin: 1000,
      priceMax: 2000,
      amenities: ['wifi', 'security'],
      availability: true,
    })
  })

  it('accepts repeated list parameters (a plain GET form) and drops unknown values', () => {
    const { filters } = parse('amenities=wifi&amenities=pool&features=desk,jacuzzi,ac')
    expect(filters.amenities).toEqual(['wifi'])
    expect(filters.features).toEqual(['desk', 'ac'])
  })

  it('ignores malformed values instead of trusting them', () => {
    const { filters, sort } = parse('location=mars&priceMin=abc&priceMax=-5&sort=cheapest')
    expect(filters.location).toBe('')
    expect(filters.priceMin).toBeNull()
    expect(filters.priceMax).toBeNull()
    expect(sort).toBe('newest')
  })

  it('treats any-location as no location', () => {
    expect(parse('location=any-location').filters.location).toBe('')
  })

  it('swaps bounds given the wrong way round', () => {
    expect(parse('priceMin=3000&priceMax=1000').filters).toMatchObject({
      priceMin: 1000,
      priceMax: 3000,
    })
  })

  it('understands a price band sent without JavaScript', () => {
    expect(parse('band=luxury').filters).toMatchObject({ priceMin: 3000, priceMax: null })
    expect(parse('band=midrange').filters).toMatchObject({ priceMin: 1000, priceMax: 2000 })
  })

  it('shows every room when availability is switched off', () => {
    expect(parse('availability=any').filters.availability).toBe(false)
    expect(parse('availability=true').filters.availability).toBe(true)
  })

  it('reads the sort', () => {
    expect(parse('sort=priceAsc').sort).toBe('priceAsc')
    expect(parse('sort=priceDesc').sort).toBe('priceDesc')
  })
})

describe('listingSearch (the shareable page URL)', () => {
  it('round-trips through parseListingQuery', () => {
    const query = {
      filters: {
        ...defaultFilters(),
        location: 'east' as const,
        priceMin: 800,
        amenities: ['laundry' as const],
      },
      sort: 'priceDesc' as const,
    }
    const search = listingSearch(query.filters, query.sort)
    expect(search).toBe(
      '?location=east&priceMin=800&amenities=laundry&availability=true&sort=priceDesc'
    )
    expect(parse(search.slice(1))).toEqual(query)
  })

  it('keeps comma lists readable', () => {
    expect(listingSearch({ ...defaultFilters(), features: ['desk', 'ac'] }, 'newest')).toBe(
      '?features=desk,ac&availability=true'
    )
  })
})

describe('apiRoomsQuery', () => {
  it('sends only what is set, with sort and paging', () => {
    expect(apiRoomsQuery(defaultFilters(), 'newest', 0, 12)).toBe(
      'availability=true&sort=newest&_start=0&_end=12'
    )
  })

  it('leaves availability out when every room is wanted', () => {
    const query = apiRoomsQuery(
      { ...defaultFilters(), availability: false, location: 'central' },
      'priceAsc',
      12,
      24
    )
    expect(query).toBe('location=central&sort=priceAsc&_start=12&_end=24')
  })
})

describe('price slider', () => {
  it('maps quick-search bands to bounds', () => {
    expect(bandRange('budget')).toEqual({ priceMin: 0, priceMax: 1000 })
    expect(bandRange('luxury')).toEqual({ priceMin: 3000, priceMax: null })
  })

  it('shows 500–3500 when there are no bounds, and clamps to the track', () => {
    expect(sliderValues({ priceMin: null, priceMax: null })).toEqual([500, 3500])
    expect(sliderValues({ priceMin: 0, priceMax: 9000 })).toEqual([500, 3500])
    expect(sliderValues({ priceMin: 1200, priceMax: 2000 })).toEqual([1200, 2000])
  })

  it('turns the ends of the track into "no bound"', () => {
    expect(sliderBounds(500, 3500)).toEqual({ priceMin: null, priceMax: null })
    expect(sliderBounds(900, 3500)).toEqual({ priceMin: 900, priceMax: null })
    expect(sliderBounds(500, 2100)).toEqual({ priceMin: null, priceMax: 2100 })
  })
})

describe('activeFilterCount', () => {
  it('counts what differs from the defaults', () => {
    expect(activeFilterCount(defaultFilters())).toBe(0)
    expect(
      activeFilterCount({
        ...defaultFilters(),
        location: 'north',
        priceMax: 2000,
        amenities: ['wifi', 'laundry'],
        availability: false,
      })
    ).toBe(5)
  })
})
