/**
 * The listing's applied query, shared by the filter panel and the results of the listing's
 * island (components/islands/Listing.tsx). It starts at the defaults (what the page's HTML
 * shows) and takes the page URL's query when the island starts.
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
}

let listening = false

const searchOf = (query: ListingQuery) => listingSearch(query.filters, query.sort)

/** Reads the URL once and follows back/forward navigation. */
export function startListingQuery(): void {
  if (listening) return
  listening = true
  readQueryFromUrl()
  window.addEventListener('popstate', () => {
    // An entry of the same query (the filter sheet's own, listing/FilterPanel.tsx) changes nothing.
    const query = parseListingQuery(new URLSearchParams(window.location.search))
    if (searchOf(query) !== searchOf($listingQuery.get())) readQueryFromUrl()
  })
}

/**
 * Applies a query: the URL reflects it (shareable) and the results refetch. `replace`: the new
 * address takes the place of the current history entry (the filter sheet's own) instead of
 * adding one.
 */
export function applyListingQuery(query: ListingQuery, { replace = false } = {}): void {
  const url = `${window.location.pathname}${searchOf(query)}`
  if (url !== `${window.location.pathname}${window.location.search}`) {
    if (replace) window.history.replaceState(null, '', url)
    else window.history.pushState(null, '', url)
  }
  $listingQuery.set({ filters: { ...query.filters }, sort: query.sort })
}
