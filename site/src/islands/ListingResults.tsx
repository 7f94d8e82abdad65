/**
 * The listing's results: sort menu, result count, grid of cards (6 skeletons while loading),
 * empty and error states, and "show more" paging. Rooms come live from `/api/rooms`.
 */
import {
  ROOM_SORTS,
  SKELETONS,
  TOTAL_COUNT_HEADER,
  type Locale,
  type RoomSort,
} from '@sakan/common'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createTranslator } from '../i18n/client'
import type { IslandMessages } from '../i18n'
import type { CardRoom } from '../lib/card-room'
import { PAGE_SIZE, apiRoomsQuery, defaultFilters, sameFilters } from '../lib/filters'
import {
  $listingQuery,
  BUILT_QUERY,
  $listingReady,
  applyListingQuery,
  startListingQuery,
  type ListingQuery,
} from '../stores/listing'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useHydratedStore } from './use-store'
import { RoomCard, RoomCardSkeleton } from './RoomCard'

interface Props {
  lang: Locale
  messages: IslandMessages
  initialRooms: CardRoom[]
  initialTotal: number
}

type Status = 'initial' | 'loading' | 'ready' | 'error'

/** How long the built results wait as placeholders for the live ones (a slow network) before they show. */
const LIVE_WAIT_MS = 6000

function isDefaultQuery(query: ListingQuery): boolean {
  return query.sort === 'newest' && sameFilters(query.filters, defaultFilters())
}

async function fetchPage(query: ListingQuery, start: number, signal: AbortSignal) {
  const response = await fetch(
    `/api/rooms?${apiRoomsQuery(query.filters, query.sort, start, start + PAGE_SIZE)}`,
    {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    }
  )
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)
  const rooms = (await response.json()) as CardRoom[]
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? rooms.length)
  return { rooms, total: Number.isFinite(total) ? total : rooms.length }
}

export default function ListingResults({ lang, messages, initialRooms, initialTotal }: Props) {
  const t = useMemo(() => createTranslator(lang, messages), [lang, messages])
  const query = useHydratedStore($listingQuery, BUILT_QUERY)
  const ready = useHydratedStore($listingReady, false)
  const [rooms, setRooms] = useState(initialRooms)
  const [total, setTotal] = useState(initialTotal)
  const [status, setStatus] = useState<Status>('initial')
  const [loadingMore, setLoadingMore] = useState(false)
  const [attempt, setAttempt] = useState(0)
  /** The page URL's query whose results are on screen (`?location=…`), for scripts and tests to wait on. */
  const [shownQuery, setShownQuery] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  const firstLoad = useRef(true)

  useEffect(() => startListingQuery(), [])
  // The built results stay placeholders (listings.astro) until live results, skeletons or an error show.
  useEffect(() => {
    if (status !== 'initial') {
      document.documentElement.classList.remove('listing-pending')
      return
    }
    const timer = setTimeout(
      () => setStatus((current) => (current === 'initial' ? 'ready' : current)),
      LIVE_WAIT_MS
    )
    return () => clearTimeout(timer)
  }, [status])

  // Every applied query (and retry) loads the first page again.
  useEffect(() => {
    if (!ready) return
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    // The built page has the default query's cards: they hold the place (as placeholders) for the
    // live ones, no skeletons.
    const quiet = firstLoad.current && isDefaultQuery(query)
    firstLoad.current = false
    if (!quiet) setStatus('loading')
    const search = window.location.search
    fetchPage(query, 0, current.signal)
      .then((page) => {
        setRooms(page.rooms)
        setTotal(page.total)
        setStatus('ready')
        setShownQuery(search)
      })
      .catch((error: unknown) => {
        if (current.signal.aborted) return
        console.warn('Listing: could not load rooms', error)
        setStatus(quiet ? 'ready' : 'error')
      })
    return () => current.abort()
  }, [query, ready, attempt])

  const loadMore = useCallback(async () => {
    setLoadingMore(true)
    try {
      const page = await fetchPage(query, rooms.length, new AbortController().signal)
      setRooms((previous) => [
        ...previous,
        ...page.rooms.filter((room) => !previous.some((p) => p.id === room.id)),
      ])
      setTotal(page.total)
    } catch (error) {
      console.warn('Listing: could not load more rooms', error)
    } finally {
      setLoadingMore(false)
    }
  }, [query, rooms.length])

  const onSort = (sort: RoomSort) => applyListingQuery({ filters: query.filters, sort })
  const clearAll = () => applyListingQuery({ filters: defaultFilters(), sort: query.sort })
  const loading = status === 'loading'

  return (
    <section
      className="results"
      aria-labelledby="results-count"
      data-status={status}
      data-shown-query={status === 'ready' ? (shownQuery ?? undefined) : undefined}
    >
      <div className="results-toolbar">
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
              value={query.sort}
              onChange={(event) => onSort(event.target.value as RoomSort)}
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

      {loading ? (
        <ul className="room-grid" role="list" aria-busy="true" aria-label={t('listings.loading')}>
          {Array.from({ length: SKELETONS.listingCards }, (_, index) => (
            <li key={index}>
              <RoomCardSkeleton />
            </li>
          ))}
        </ul>
      ) : status === 'error' ? (
        <div className="results-state" role="alert">
          <span className="state-icon state-icon-error">
            <Icon icon={icons.info} />
          </span>
          <h2>{t('listings.error.title')}</h2>
          <p>{t('listings.error.text')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            <Icon icon={icons.refresh} />
            {t('listings.error.retry')}
          </button>
        </div>
      ) : rooms.length === 0 ? (
        <div className="results-state" data-empty>
          <span className="state-emoji" aria-hidden="true">
            😢
          </span>
          <h2>{t('listings.empty.title')}</h2>
          <p>{t('listings.empty.text')}</p>
          <button type="button" className="btn btn-secondary" onClick={clearAll}>
            {t('listings.empty.clear')}
          </button>
        </div>
      ) : (
        <>
          <ul
            className="room-grid"
            role="list"
            data-results
            data-initial={status === 'initial' ? '' : undefined}
          >
            {/* Keyed by place, not by room: when the live rooms differ from the built ones, each
                card's content changes where it stands instead of the cards moving (layout shift). */}
            {rooms.map((room, index) => (
              <li key={index}>
                <RoomCard room={room} lang={lang} t={t} eager={index < 3} />
              </li>
            ))}
          </ul>
          <div className="results-more">
            <p>{t('listings.showing', { shown: rooms.length, total })}</p>
            {rooms.length < total && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={loadMore}
                disabled={loadingMore}
                data-load-more
              >
                {loadingMore ? t('listings.loadingMore') : t('listings.loadMore')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  )
}
