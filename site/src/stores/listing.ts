/**
 * The listing's applied query, shared by the filter panel and the results islands. It starts
 * at the defaults (as rendered at build) and takes the page URL's query once an island
 * mounts, so hydration always matches the static HTML.
 */
import type { RoomSort } from '@sakan/common'
import { atom } from 'nanostores'
import {
  DEFAULT_SORT,
  defaultFilters,
  listingSearch,
  parseListingQuery,
  type Filters,
} from '../lib/filters'

export interface ListingQuery {
  filters: Filters
  sort: RoomSort
}

/** The query the listing page is built with. */
export const BUILT_QUERY: ListingQuery = { filters: defaultFilters(), sort: DEFAULT_SORT }

export const $listingQuery = atom<ListingQuery>(BUILT_QUERY)
/** True once the query has been read from the URL. */
export const $listingReady = atom(false)

export function readQueryFromUrl(): void {
  const params = new URLSearchParams(window.location.search)
  const query = parseListingQuery(params)
  // A quick search sent without JavaScript names its price band: the address bar shows the bounds instead.
  if (params.has('band')) {
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${listingSearch(query.filters, query.sort)}`
    )
  }
  $listingQuery.set(query)
  $listingReady.set(true)
}

let listening = false

/** Reads the URL once (whichever island mounts first) and follows back/forward navigation. */
export function startListingQuery(): void {
  if (listening) return
  listening = true
  readQueryFromUrl()
  window.addEventListener('popstate', readQueryFromUrl)
}

/** Applies a query: the URL reflects it (shareable) and the results refetch. */
export function applyListingQuery(query: ListingQuery): void {
  const search = listingSearch(query.filters, query.sort)
  const url = `${window.location.pathname}${search}`
  if (url !== `${window.location.pathname}${window.location.search}`)
    window.history.pushState(null, '', url)
  $listingQuery.set({ filters: { ...query.filters }, sort: query.sort })
}
