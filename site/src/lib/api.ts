/**
 * Reading the rooms API over HTTP, when a page renders (the catalogue's pages render on each
 * request). The site imports no API code: this is its only way in.
 */
import {
  HOME_FEATURED_ROOMS,
  TOTAL_COUNT_HEADER,
  type RentPromise,
  type Review,
  type Room,
  type RuntimeConfig,
} from '@sakan/common'

/**
 * `SAKAN_API_URL`, else the product's own port on this machine (the one-origin server
 * serves `/api` next to the pages), else 3000.
 */
export function apiBaseUrl(): string {
  const configured = process.env.SAKAN_API_URL
  const base =
    configured && configured.trim() !== ''
      ? configured
      : `http://127.0.0.1:${process.env.PORT ?? 3000}`
  return base.replace(/\/+$/, '')
}

export class ApiUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      `Sakan site: cannot read ${url} (${reason}). Start the API (or the whole product) first, ` +
        `or point SAKAN_API_URL at a running one.`,
      { cause }
    )
    this.name = 'ApiUnavailableError'
  }
}

async function request(path: string): Promise<Response> {
  const url = `${apiBaseUrl()}${path}`
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    throw new ApiUnavailableError(url, error)
  }
  return response
}

async function getJson<T>(path: string): Promise<{ body: T; response: Response }> {
  const response = await request(path)
  if (!response.ok) {
    throw new ApiUnavailableError(`${apiBaseUrl()}${path}`, new Error(`HTTP ${response.status}`))
  }
  return { body: (await response.json()) as T, response }
}

/** One page of rooms for an API query string, with the total count. */
export async function fetchRoomsPage(query: string): Promise<{ rooms: Room[]; total: number }> {
  const { body, response } = await getJson<Room[]>(`/api/rooms?${query}`)
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? body.length)
  return { rooms: body, total: Number.isFinite(total) ? total : body.length }
}

/** How many featured rooms the home page renders: twice what it shows, to choose from live. */
const FEATURED_RENDERED = 2 * HOME_FEATURED_ROOMS

/**
 * The featured rooms for the home page, available ones first (the API's order for
 * `featured=true`); a few more than it shows, so the page can still show available rooms
 * when some of them are taken after the build (scripts/live-cards.ts).
 */
export async function fetchFeaturedRooms(): Promise<Room[]> {
  const { body } = await getJson<Room[]>(
    `/api/rooms?featured=true&sort=newest&_start=0&_end=${FEATURED_RENDERED}`
  )
  return body
}

export async function fetchFeaturedReviews(): Promise<Review[]> {
  const { body } = await getJson<Review[]>('/api/reviews?featured=true')
  return Array.isArray(body) ? body : []
}

/** A room by id; null when the API says it does not exist (404), 'gone' when archived (410). */
export async function fetchRoom(id: string | number): Promise<Room | null | 'gone'> {
  const path = `/api/rooms/${encodeURIComponent(String(id))}`
  const response = await request(path)
  if (response.status === 404) return null
  if (response.status === 410) return 'gone'
  if (!response.ok)
    throw new ApiUnavailableError(`${apiBaseUrl()}${path}`, new Error(`HTTP ${response.status}`))
  return (await response.json()) as Room
}

/**
 * What the pages may say about paying rent: `/api/config`'s `rent`, from the API's
 * configured terms (grace days, late fee, discounts). The terms are read from the API's
 * environment when it starts and the pages render in its process, so they are asked for once
 * per process (again only after a failed read), not on every render.
 */
let rentTerms: Promise<RentPromise> | undefined

export function fetchRentPromise(): Promise<RentPromise> {
  rentTerms ??= readRentPromise().catch((error: unknown) => {
    rentTerms = undefined
    throw error
  })
  return rentTerms
}

async function readRentPromise(): Promise<RentPromise> {
  const path = '/api/config'
  const { body } = await getJson<Partial<Pick<RuntimeConfig, 'rent'>>>(path)
  if (typeof body.rent?.graceDays !== 'number' || !body.rent.discountPercent)
    throw new ApiUnavailableError(
      `${apiBaseUrl()}${path}`,
      new Error('no rent terms in the answer')
    )
  return body.rent
}
