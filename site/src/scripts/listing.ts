/**
 * The listing page's behaviour over its HTML (components/ListingFilters.astro,
 * ListingResults.astro), with no framework: the filter panel (a draft until Apply, Clear,
 * the toggle on small screens) and the live results (sort, count, cards, six skeletons while
 * loading, empty and error states, "show more"). Both follow the applied query in
 * `stores/listing.ts`, which the page URL holds (shareable, back and forward).
 *
 * Until the live rooms are in, the built cards stay as same-size placeholders (listings.astro):
 * a built card whose room is unchanged is kept as it is (its photo already loaded), the others
 * change where they stand, so nothing moves; after LIVE_WAIT_MS the built list shows as it is.
 */
import {
  BUILDING_AMENITIES,
  PRICE_SLIDER,
  ROOM_FEATURES,
  ROOM_SORTS,
  SKELETONS,
  TOTAL_COUNT_HEADER,
  ZONES,
  formatSar,
  isOneOf,
  type Locale,
} from '@sakan/common'
import { icons } from '@sakan/common/ui/Icon'
import { createTranslator, type Translate } from '../i18n/client'
import type { IslandMessages } from '../i18n'
import { cardKey, type CardRoom } from '../lib/card-room'
import {
  PAGE_SIZE,
  activeFilterCount,
  apiRoomsQuery,
  defaultFilters,
  sameFilters,
  sliderBounds,
  sliderValues,
  type Filters,
} from '../lib/filters'
import {
  $listingQuery,
  applyListingQuery,
  startListingQuery,
  type ListingQuery,
} from '../stores/listing'
import { h, iconSvg, inertOutside, keepFocusInside } from './dom'
import { api } from './http'
import { roomCard, roomCardSkeleton } from './listing-card'

/** Where the filter panel is a toggled sheet rather than the sidebar (listings.css). */
const SHEET_MEDIA = '(max-width: 1023.98px)'

/** How long the built results wait as placeholders for the live ones (a slow network) before they show. */
const LIVE_WAIT_MS = 6000

type Status = 'initial' | 'loading' | 'ready' | 'error'

function isDefaultQuery(query: ListingQuery): boolean {
  return query.sort === 'newest' && sameFilters(query.filters, defaultFilters())
}

async function fetchPage(
  query: ListingQuery,
  start: number,
  signal: AbortSignal,
  count = PAGE_SIZE
) {
  const path = `/api/rooms?${apiRoomsQuery(query.filters, query.sort, start, start + count)}`
  const { ok, status, headers, data: rooms, text } = await api<CardRoom[]>(path, { signal })
  if (!ok || !rooms) throw new Error(`${status}: ${text}`)
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? rooms.length)
  return { rooms, total: Number.isFinite(total) ? total : rooms.length }
}

/* ---------- Filter panel ---------- */

function initFilters(panel: HTMLElement, lang: Locale, t: Translate): void {
  const toggle = panel.querySelector<HTMLButtonElement>('[data-filter-toggle]')
  const sheet = panel.querySelector<HTMLElement>('[data-filter-sheet]')
  const form = panel.querySelector<HTMLFormElement>('[data-filter-form]')
  if (!toggle || !sheet || !form) return
  const count = toggle.querySelector<HTMLElement>('[data-filter-count]')
  const location = form.elements.namedItem('location') as HTMLSelectElement
  const min = form.querySelector<HTMLInputElement>('[data-price-min]')!
  const max = form.querySelector<HTMLInputElement>('[data-price-max]')!
  const range = form.querySelector<HTMLElement>('[data-price-range]')
  const display = form.querySelector<HTMLElement>('[data-price-display]')
  const availability = form.elements.namedItem('availability') as HTMLInputElement
  const boxes = (name: string) => [
    ...form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`),
  ]
  const sar = (value: number) => formatSar(value, lang)
  const step = PRICE_SLIDER.step

  /* On small screens the panel opens as a full-screen sheet, a modal dialog (listings.css):
     focus moves in and stays in, the page behind is inert and does not scroll, and Escape, the
     close button or the back gesture close it (its own history entry) with focus back on the
     toggle. */
  const smallScreen = window.matchMedia(SHEET_MEDIA)
  const closeButton = sheet.querySelector<HTMLButtonElement>('[data-filter-close]')
  let restoreOutside: (() => void) | null = null
  /** Set while the sheet takes its own history entry back: that popstate is not a back gesture. */
  let leavingOwnEntry = false
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true'
  const ownsHistoryEntry = () =>
    (window.history.state as { filterSheet?: boolean } | null)?.filterSheet === true

  const open = () => {
    toggle.setAttribute('aria-expanded', 'true')
    panel.toggleAttribute('data-open', true)
    if (!smallScreen.matches) return
    sheet.setAttribute('role', 'dialog')
    sheet.setAttribute('aria-modal', 'true')
    sheet.setAttribute('aria-labelledby', 'filters-title')
    document.documentElement.classList.add('filter-sheet-open')
    restoreOutside = inertOutside(sheet)
    // An entry left by a sheet closed with the back gesture, reached again going forward, serves again.
    if (!ownsHistoryEntry())
      window.history.pushState({ filterSheet: true }, '', window.location.href)
    closeButton?.focus()
  }
  /** Closes the panel; `returnFocus`: to the toggle (not when the screen grew wide). */
  const close = (returnFocus = true) => {
    if (!isOpen()) return
    toggle.setAttribute('aria-expanded', 'false')
    panel.toggleAttribute('data-open', false)
    for (const name of ['role', 'aria-modal', 'aria-labelledby']) sheet.removeAttribute(name)
    document.documentElement.classList.remove('filter-sheet-open')
    restoreOutside?.()
    restoreOutside = null
    if (ownsHistoryEntry()) {
      leavingOwnEntry = true
      window.history.back()
    }
    if (returnFocus) toggle.focus()
  }
  toggle.addEventListener('click', () => (isOpen() ? close() : open()))
  closeButton?.addEventListener('click', () => close())
  document.addEventListener('keydown', (event) => {
    if (!restoreOutside) return
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else keepFocusInside(sheet, event)
  })
  window.addEventListener('popstate', () => {
    if (leavingOwnEntry) leavingOwnEntry = false
    else if (restoreOutside) close()
  })
  // Wide again (a rotated tablet): the sidebar is back; the sheet lets the page go.
  smallScreen.addEventListener('change', () => {
    if (!smallScreen.matches && restoreOutside) close(false)
  })

  /** The slider's fill, its labels and the shown range follow the two thumbs. */
  const showRange = () => {
    const low = Number(min.value)
    const high = Number(max.value)
    const percent = (value: number) =>
      ((value - PRICE_SLIDER.min) / (PRICE_SLIDER.max - PRICE_SLIDER.min)) * 100
    range?.style.setProperty('--range-start', `${percent(low)}%`)
    range?.style.setProperty('--range-end', `${100 - percent(high)}%`)
    const highLabel =
      high >= PRICE_SLIDER.max
        ? t('filters.priceOrMore', { price: sar(PRICE_SLIDER.max) })
        : sar(high)
    min.setAttribute('aria-valuetext', sar(low))
    max.setAttribute('aria-valuetext', highLabel)
    if (display) display.textContent = t('filters.priceRange', { min: sar(low), max: highLabel })
  }
  // The thumbs never cross: each stays a step away from the other.
  min.addEventListener('input', () => {
    min.value = String(Math.min(Number(min.value), Number(max.value) - step))
    showRange()
  })
  max.addEventListener('input', () => {
    max.value = String(Math.max(Number(max.value), Number(min.value) + step))
    showRange()
  })

  /** The panel as the draft it holds. */
  const draft = (): Filters => {
    const checked = (name: string) =>
      boxes(name)
        .filter((box) => box.checked)
        .map((box) => box.value)
    return {
      location: isOneOf(ZONES, location.value) ? location.value : '',
      ...sliderBounds(Number(min.value), Number(max.value)),
      amenities: BUILDING_AMENITIES.filter((amenity) => checked('amenities').includes(amenity)),
      features: ROOM_FEATURES.filter((feature) => checked('features').includes(feature)),
      availability: availability.checked,
    }
  }
  /** Shows filters in the panel (what is applied, or the reset). */
  const show = (filters: Filters) => {
    location.value = filters.location
    const [low, high] = sliderValues(filters)
    min.value = String(low)
    max.value = String(high)
    for (const box of boxes('amenities'))
      box.checked = (filters.amenities as string[]).includes(box.value)
    for (const box of boxes('features'))
      box.checked = (filters.features as string[]).includes(box.value)
    availability.checked = filters.availability
    showRange()
  }

  const apply = (filters: Filters) => {
    // From the sheet, the new address replaces the sheet's own history entry: back then
    // returns to the query before, not to the sheet.
    applyListingQuery({ filters, sort: $listingQuery.get().sort }, { replace: ownsHistoryEntry() })
    close()
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    apply(draft())
  })
  form.querySelector('[data-filter-clear]')?.addEventListener('click', () => {
    const reset = defaultFilters()
    show(reset)
    apply(reset)
  })

  // The panel shows what is applied whenever that changes (URL read, Clear from the results,
  // back button, sort): a draft not applied is dropped then.
  $listingQuery.subscribe((query) => {
    show(query.filters)
    const active = activeFilterCount(query.filters)
    if (count) {
      count.hidden = active === 0
      count.textContent = active > 0 ? t('filters.activeCount', { count: active }) : ''
    }
  })
}

/* ---------- Results ---------- */

function initResults(section: HTMLElement, lang: Locale, t: Translate): void {
  const countText = section.querySelector<HTMLElement>('[data-results-count]')!
  const sortSelect = section.querySelector<HTMLSelectElement>('select[data-sort]')!
  const body = section.querySelector<HTMLElement>('[data-results-body]')!
  let status: Status = 'initial'
  let rooms: CardRoom[] = []
  let total = Number(countText.dataset.resultsCount ?? 0)
  let query = $listingQuery.get()
  let controller: AbortController | null = null
  let firstLoad = true
  let loadingMore = false

  const setStatus = (next: Status) => {
    status = next
    section.dataset.status = next
    // The built results were placeholders until now (listings.astro).
    if (next !== 'initial') document.documentElement.classList.remove('listing-pending')
  }

  const showCount = () => {
    const loading = status === 'loading'
    countText.dataset.resultsCount = loading ? '' : String(total)
    countText.textContent = loading
      ? t('listings.loading')
      : t('listings.resultCount', { count: total })
  }

  const moreLine = () => {
    const line = h(
      'div',
      { class: 'results-more' },
      h('p', {}, t('listings.showing', { shown: rooms.length, total }))
    )
    if (rooms.length < total) {
      const button = h(
        'button',
        {
          type: 'button',
          class: 'btn btn-secondary',
          disabled: loadingMore,
          'data-load-more': true,
        },
        loadingMore ? t('listings.loadingMore') : t('listings.loadMore')
      )
      button.addEventListener('click', () => void loadMore())
      line.append(button)
    }
    return line
  }

  /** The grid of cards, changed in place: each place keeps its card if its room is the same. */
  const showRooms = () => {
    let grid = body.querySelector<HTMLUListElement>('ul[data-results]')
    if (!grid) {
      grid = h('ul', { class: 'room-grid', role: 'list', 'data-results': true })
      body.replaceChildren(grid)
    }
    grid.removeAttribute('data-initial')
    const items = [...grid.children] as HTMLLIElement[]
    rooms.forEach((room, index) => {
      const key = cardKey(room)
      let item = items[index]
      if (!item) {
        item = h('li')
        grid.append(item)
      } else if (item.dataset.cardKey === key) return
      item.dataset.cardKey = key
      item.replaceChildren(roomCard(room, lang, t, index < 3))
    })
    for (const extra of items.slice(rooms.length)) extra.remove()
    grid.nextElementSibling?.remove()
    grid.after(moreLine())
  }

  const showSkeletons = () => {
    body.replaceChildren(
      h(
        'ul',
        {
          class: 'room-grid',
          role: 'list',
          'aria-busy': 'true',
          'aria-label': t('listings.loading'),
        },
        ...Array.from({ length: SKELETONS.listingCards }, () => h('li', {}, roomCardSkeleton()))
      )
    )
  }

  const showState = (kind: 'error' | 'empty') => {
    const button = h(
      'button',
      { type: 'button', class: kind === 'error' ? 'btn btn-primary' : 'btn btn-secondary' },
      kind === 'error' && iconSvg(icons.refresh),
      t(kind === 'error' ? 'listings.error.retry' : 'listings.empty.clear')
    )
    button.addEventListener('click', kind === 'error' ? () => load(query) : clearAll)
    body.replaceChildren(
      kind === 'error'
        ? h(
            'div',
            { class: 'results-state', role: 'alert' },
            h('span', { class: 'state-icon state-icon-error' }, iconSvg(icons.info)),
            h('h2', {}, t('listings.error.title')),
            h('p', {}, t('listings.error.text')),
            button
          )
        : h(
            'div',
            { class: 'results-state', 'data-empty': true },
            h('span', { class: 'state-emoji', 'aria-hidden': 'true' }, '😢'),
            h('h2', {}, t('listings.empty.title')),
            h('p', {}, t('listings.empty.text')),
            button
          )
    )
  }

  const render = () => {
    showCount()
    if (status === 'loading') showSkeletons()
    else if (status === 'error') showState('error')
    else if (rooms.length === 0) showState('empty')
    else showRooms()
  }

  /** Loads the first page of a query: every applied query, and a retry. */
  const load = (current: ListingQuery) => {
    controller?.abort()
    const own = new AbortController()
    controller = own
    // The built page has the default query's cards: they hold the place (as placeholders) for
    // the live ones, no skeletons.
    const quiet = firstLoad && isDefaultQuery(current)
    firstLoad = false
    if (!quiet) {
      setStatus('loading')
      section.removeAttribute('data-shown-query')
      render()
    }
    const search = window.location.search
    fetchPage(current, 0, own.signal).then(
      (page) => {
        rooms = page.rooms
        total = page.total
        setStatus('ready')
        section.dataset.shownQuery = search
        render()
      },
      (error: unknown) => {
        if (own.signal.aborted) return
        console.warn('Listing: could not load rooms', error)
        if (quiet) {
          // Offline: the built list shows as it is.
          setStatus('ready')
          showCount()
          body.querySelector('[data-initial]')?.removeAttribute('data-initial')
        } else {
          setStatus('error')
          section.removeAttribute('data-shown-query')
          render()
        }
      }
    )
  }

  /** The "show more" button while a page loads, and after. */
  const showMoreButton = () => {
    const button = body.querySelector<HTMLButtonElement>('[data-load-more]')
    if (!button) return
    button.disabled = loadingMore
    button.textContent = loadingMore ? t('listings.loadingMore') : t('listings.loadMore')
  }

  const loadMore = async () => {
    // The built list shown as it is (no live rooms came): its rooms and the next page, live.
    const built = rooms.length === 0 ? body.querySelectorAll('ul[data-results] > li').length : 0
    loadingMore = true
    showMoreButton()
    try {
      const page = await fetchPage(
        query,
        rooms.length,
        new AbortController().signal,
        built + PAGE_SIZE
      )
      rooms = [...rooms, ...page.rooms.filter((room) => !rooms.some((p) => p.id === room.id))]
      total = page.total
    } catch (error) {
      console.warn('Listing: could not load more rooms', error)
    } finally {
      loadingMore = false
      if (rooms.length > 0) render()
      else showMoreButton()
    }
  }

  const clearAll = () => applyListingQuery({ filters: defaultFilters(), sort: query.sort })
  sortSelect.addEventListener('change', () => {
    if (isOneOf(ROOM_SORTS, sortSelect.value))
      applyListingQuery({ filters: query.filters, sort: sortSelect.value })
  })
  // Before the live rooms: the built list's own buttons.
  body.querySelector('[data-results-clear]')?.addEventListener('click', clearAll)
  body.querySelector('[data-load-more]')?.addEventListener('click', () => {
    // The built page's "show more" has no live rooms to add to yet: wait for them.
    if (status !== 'initial') void loadMore()
  })

  setTimeout(() => {
    if (status === 'initial') {
      setStatus('ready')
      body.querySelector('[data-initial]')?.removeAttribute('data-initial')
    }
  }, LIVE_WAIT_MS)

  $listingQuery.subscribe((next) => {
    query = next
    sortSelect.value = next.sort
    load(next)
  })
}

export function initListing(): void {
  const root = document.querySelector<HTMLElement>('[data-listing]')
  const section = root?.querySelector<HTMLElement>('[data-results-section]')
  if (!root || !section) return
  const lang = root.dataset.lang as Locale
  const messages = JSON.parse(root.dataset.messages ?? '{}') as IslandMessages
  const t = createTranslator(lang, messages)
  // Read before the first subscriber: the applied query is the URL's.
  startListingQuery()
  const panel = root.querySelector<HTMLElement>('[data-filter-panel]')
  if (panel) initFilters(panel, lang, t)
  initResults(section, lang, t)
  section.dataset.started = ''
}
