/**
 * The listing's live first page, and showing the built one as soon as it is known to be
 * current. The page's HTML holds the built query's rooms as same-size placeholders until the
 * live ones are in (pages/[lang]/listings.astro, `.listing-pending`); on the page's own address
 * the live answer usually says exactly what the HTML says (the page cache renders it again when
 * its rooms change). Then the cards show the moment that answer arrives, without waiting for
 * the island's hydration (`client:idle`, after React has loaded): the listing's largest paint
 * no longer waits for the JavaScript. When anything differs, the island draws the live rooms
 * as before (components/listing/ListingResults.tsx), which takes the same answer: it is asked
 * for once (the inline script's preload, then this fetch).
 */
import { TOTAL_COUNT_HEADER } from '@sakan/common'
import { cardKey, type CardRoom } from '../lib/card-room'
import { PAGE_SIZE, apiRoomsQuery } from '../lib/filters'
import { BUILT_QUERY, type ListingQuery } from '../stores/listing'
import { api } from './http'

export interface RoomsPage {
  rooms: CardRoom[]
  total: number
}

/** One page of a query's rooms from `/api/rooms`, and the total (`X-Total-Count`). */
export async function fetchRoomsPage(
  query: ListingQuery,
  start: number,
  signal?: AbortSignal
): Promise<RoomsPage> {
  const path = `/api/rooms?${apiRoomsQuery(query.filters, query.sort, start, start + PAGE_SIZE)}`
  const { ok, status, headers, data: rooms, text } = await api<CardRoom[]>(path, { signal })
  if (!ok || !rooms) throw new Error(`${status}: ${text}`)
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? rooms.length)
  return { rooms, total: Number.isFinite(total) ? total : rooms.length }
}

let builtQueryPage: Promise<RoomsPage> | undefined

/** The live first page of the query the page is built with, asked for once per page. */
export function liveBuiltPage(): Promise<RoomsPage> {
  builtQueryPage ??= fetchRoomsPage(BUILT_QUERY, 0)
  return builtQueryPage
}

/** What a card shows, by room: the key of each built card (`data-card-key`) and of each live room. */
export const cardKeyOf = (room: CardRoom) => `${room.id}-${cardKey(room)}`

/**
 * On the page's own address (no query), shows the built cards as soon as the live first page
 * is known to say the same: the same rooms, each showing the same, and the same total.
 */
export function showBuiltWhenCurrent(): void {
  if (window.location.search || !document.documentElement.classList.contains('listing-pending'))
    return
  liveBuiltPage().then(
    (live) => {
      const built = [...document.querySelectorAll<HTMLElement>('[data-results] [data-card-key]')]
      const count = document.querySelector<HTMLElement>('[data-results-count]')?.dataset
      const same =
        built.length === live.rooms.length &&
        built.every((card, index) => card.dataset.cardKey === cardKeyOf(live.rooms[index]!)) &&
        count?.resultsCount === String(live.total)
      if (same) document.documentElement.classList.remove('listing-pending')
    },
    () => {
      /* Offline: the island shows the built list as it is, after its wait. */
    }
  )
}
