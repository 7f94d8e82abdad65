/**
 * The listing's results, part of the listing's island: sort menu, result count, the grid of
 * cards, six skeletons while a query loads, the empty and error states and "show more". Each
 * applied query (stores/listing.ts) is fetched from `/api/rooms`.
 *
 * The server renders the built query's rooms. Until the live ones are in they stay as
 * same-size placeholders (listings.astro, `.listing-pending`): a card whose room is unchanged
 * in its place is kept as it is (its photo already loaded), the others are drawn again in the
 * places they stand in (a room listed since does not push the others along), so nothing
 * moves; after LIVE_WAIT_MS the built list shows as it is. On the page's own address the live first page is the one asked for on arrival (scripts/listing-first-page.ts),
 * which has shown the built cards already when it says the same.
 */
import { ROOM_SORTS, SKELETONS, isOneOf, type Locale, type Translate } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useCallback, useEffect, useRef, useState } from 'react'
import { LISTING_PHOTO_SIZES, type CardRoom } from '../../lib/card-room'
import { defaultFilters, sameFilters } from '../../lib/filters'
import { cardKeyOf, fetchRoomsPage, liveBuiltPage } from '../../scripts/listing-first-page'
import {
  $listingQuery,
  applyListingQuery,
  startListingQuery,
  type ListingQuery,
} from '../../stores/listing'
import { RoomCard, RoomCardSkeleton } from '../RoomCard'

/** How long the built results wait as placeholders for the live ones (a slow network) before they show. */
const LIVE_WAIT_MS = 6000

/** `initial`: the built rooms, not yet confirmed by the live ones. */
type Status = 'initial' | 'loading' | 'ready' | 'error'

const isDefaultQuery = (query: ListingQuery) =>
  query.sort === 'newest' && sameFilters(query.filters, defaultFilters())

interface ListingResultsProps {
  lang: Locale
  t: Translate
  applied: ListingQuery
  /** The built query's first page and total, as the server rendered them. */
  builtRooms: CardRoom[]
  builtTotal: number
}

export function ListingResults({ lang, t, applied, builtRooms, builtTotal }: ListingResultsProps) {
  const [status, setStatus] = useState<Status>('initial')
  const [rooms, setRooms] = useState(builtRooms)
  const [total, setTotal] = useState(builtTotal)
  const [loadingMore, setLoadingMore] = useState(false)
  /** The page's query string whose live results are shown (`data-shown-query`). */
  const [shownQuery, setShownQuery] = useState<string | null>(null)
  const [started, setStarted] = useState(false)
  /** The load in progress: a newer one aborts it, and its answer is dropped. */
  const current = useRef<AbortController | null>(null)

  /** Loads the first page of a query: every applied query, and a retry. */
  const load = useCallback((query: ListingQuery, quiet = false) => {
    current.current?.abort()
    const own = new AbortController()
    current.current = own
    if (!quiet) {
      setStatus('loading')
      setShownQuery(null)
    }
    const search = window.location.search
    // The default query's first answer is the one the page asked for on arrival (quiet: only then).
    const page = quiet ? liveBuiltPage() : fetchRoomsPage(query, 0, own.signal)
    page.then(
      (page) => {
        if (current.current !== own) return
        setRooms(page.rooms)
        setTotal(page.total)
        setStatus('ready')
        setShownQuery(search)
      },
      (error: unknown) => {
        if (own.signal.aborted) return
        console.warn('Listing: could not load rooms', error)
        // Offline on arrival: the built list shows as it is.
        setStatus(quiet ? 'ready' : 'error')
      }
    )
  }, [])

  useEffect(() => {
    setStarted(true)
    // The URL's query is read before the first load (the page's HTML has the built one).
    startListingQuery()
    let first = true
    const unsubscribe = $listingQuery.subscribe((query) => {
      // The built cards hold the place (as placeholders) for the default query's live ones: no skeletons.
      load(query, first && isDefaultQuery(query))
      first = false
    })
    const wait = setTimeout(
      () => setStatus((now) => (now === 'initial' ? 'ready' : now)),
      LIVE_WAIT_MS
    )
    return () => {
      unsubscribe()
      clearTimeout(wait)
      current.current?.abort()
    }
  }, [load])

  // The built results were placeholders until now (listings.astro).
  useEffect(() => {
    if (status !== 'initial') document.documentElement.classList.remove('listing-pending')
  }, [status])

  const loadMore = async () => {
    // The built rooms may be stale: "show more" waits for the live ones.
    if (status === 'initial') return
    const own = current.current
    setLoadingMore(true)
    try {
      const page = await fetchRoomsPage($listingQuery.get(), rooms.length)
      if (current.current !== own) return // another query since
      setRooms((shown) => [
        ...shown,
        ...page.rooms.filter((room) => !shown.some((other) => other.id === room.id)),
      ])
      setTotal(page.total)
    } catch (error) {
      console.warn('Listing: could not load more rooms', error)
    } finally {
      setLoadingMore(false)
    }
  }

  const clearAll = () => applyListingQuery({ filters: defaultFilters(), sort: applied.sort })
  const loading = status === 'loading'

  let body
  if (loading)
    body = (
      <ul className="room-grid" role="list" aria-busy="true" aria-label={t('listings.loading')}>
        {Array.from({ length: SKELETONS.listingCards }, (_, index) => (
          <li key={index}>
            <RoomCardSkeleton />
          </li>
        ))}
      </ul>
    )
  else if (status === 'error')
    body = (
      <div className="results-state" role="alert">
        <span className="state-icon state-icon-error">
          <Icon icon={icons.info} />
        </span>
        <h2>{t('listings.error.title')}</h2>
        <p>{t('listings.error.text')}</p>
        <button type="button" className="btn btn-primary" onClick={() => load($listingQuery.get())}>
          <Icon icon={icons.refresh} />
          {t('listings.error.retry')}
        </button>
      </div>
    )
  else if (rooms.length === 0)
    body = (
      <div className="results-state" data-empty>
        <span className="state-emoji" aria-hidden="true">
          😢
        </span>
        <h2>{t('listings.empty.title')}</h2>
        <p>{t('listings.empty.text')}</p>
        <button type="button" className="btn btn-secondary" onClick={clearAll} data-results-clear>
          {t('listings.empty.clear')}
        </button>
      </div>
    )
  else
    body = (
      <>
        <ul
          className="room-grid"
          role="list"
          data-results
          data-initial={status === 'initial' ? '' : undefined}
        >
          {rooms.map((room, index) => (
            /* Each place in the grid stays where it is (keyed by place): when the live rooms
               differ from the built ones (a room listed since, first in the list), no card
               moves to another place. The card in it is keyed by what it shows: a changed room
               gets a new card in that place, an unchanged one stays as it is. */
            <li key={index} data-card-key={cardKeyOf(room)}>
              {/* The first card's photo is the page's largest paint on a phone. */}
              <RoomCard
                key={cardKeyOf(room)}
                room={room}
                lang={lang}
                t={t}
                headingLevel="h2"
                eager={index < 3}
                priority={index === 0}
                photoSizes={LISTING_PHOTO_SIZES}
              />
            </li>
          ))}
        </ul>
        <div className="results-more">
          <p>{t('listings.showing', { shown: rooms.length, total })}</p>
          {rooms.length < total && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={loadingMore}
              onClick={() => void loadMore()}
              data-load-more
            >
              {loadingMore ? t('listings.loadingMore') : t('listings.loadMore')}
            </button>
          )}
        </div>
      </>
    )

  return (
    <section
      className="results"
      aria-labelledby="results-count"
      data-status={status}
      data-shown-query={shownQuery ?? undefined}
      data-started={started ? '' : undefined}
      data-results-section
    >
      <div className="results-toolbar bar">
        <p
          className="results-count"
          id="results-count"
          aria-live="polite"
          data-results-count={loading ? '' : total}
        >
          {loading ? t('listings.loading') : t('listings.resultCount', { count: total })}
        </p>
        <label className="sort">
          <span className="sort-label">{t('listings.sort.label')}</span>
          <span className="select-wrap">
            <select
              className="select sort-select"
              value={applied.sort}
              onChange={(event) => {
                const sort = event.target.value
                if (isOneOf(ROOM_SORTS, sort)) applyListingQuery({ filters: applied.filters, sort })
              }}
              data-sort
            >
              {ROOM_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`listings.sort.${sort}`)}
                </option>
              ))}
            </select>
          </span>
        </label>
      </div>

      <div data-results-body>{body}</div>
    </section>
  )
}
