/**
 * Live data on static pages: availability, price and the "remaining" badge of the room
 * cards and the property page come from `/api` when the page opens, so a page built
 * yesterday still tells the truth today.
 */
import {
  DEFAULT_OCCUPANCY_RATE,
  HOME_FEATURED_ROOMS,
  formatCalendarDate,
  formatNumber,
  formatSar,
  intlLocale,
  pickLocale,
  remainingBadge,
  type Room,
} from '@sakan/common'
import { takesApplications } from '../lib/room'
import { api } from './http'

/** What the live update reads of a room. */
export type LiveRoom = Pick<
  Room,
  'id' | 'price' | 'availability' | 'availableFrom' | 'occupancyRate'
>

/**
 * Badge texts come from the page (`data-label-*`, the templates of PluralTemplates.astro), in
 * its language.
 */
export function applyLiveRoom(root: Element, room: LiveRoom): void {
  const lang = pickLocale(document.documentElement.lang)
  for (const price of root.querySelectorAll<HTMLElement>('[data-live-price]'))
    price.textContent = formatSar(room.price, lang)

  const availableFrom = document.querySelector<HTMLTemplateElement>(
    'template[data-available-from-label]'
  )?.dataset.text
  for (const badge of root.querySelectorAll<HTMLElement>('[data-live-availability]')) {
    badge.textContent =
      (room.availability
        ? badge.dataset.labelAvailable
        : room.availableFrom && availableFrom
          ? availableFrom.replace('{{date}}', formatCalendarDate(room.availableFrom, lang))
          : badge.dataset.labelOccupied) ?? ''
    badge.classList.toggle('badge-available', room.availability)
    badge.classList.toggle('badge-occupied', !room.availability)
  }

  /* "available": the room takes applications (free now, or from a known day). */
  const open = takesApplications(room)
  for (const block of root.querySelectorAll<HTMLElement>('[data-live-when]')) {
    block.hidden = block.dataset.liveWhen !== (open ? 'available' : 'occupied')
  }

  const remaining = root.querySelector<HTMLElement>('[data-live-remaining]')
  const template = document.querySelector<HTMLTemplateElement>('template[data-remaining-labels]')
  if (remaining && template) {
    const count = remainingBadge(room.occupancyRate ?? DEFAULT_OCCUPANCY_RATE)
    remaining.hidden = count === null
    if (count !== null) {
      const rule = new Intl.PluralRules(intlLocale(lang)).select(count)
      const label = template.dataset[rule] ?? template.dataset.other ?? ''
      remaining.textContent = label.replace(/\{\{count(?:, number)?\}\}/, formatNumber(count, lang))
    }
  }
}

export async function fetchLiveRooms(query: string): Promise<LiveRoom[]> {
  try {
    const { data: rooms } = await api<LiveRoom[]>(`/api/rooms?${query}`)
    return Array.isArray(rooms) ? rooms : []
  } catch {
    return []
  }
}

/**
 * Brings the home page's featured cards up to date and shows the first three in the API's
 * live order (available rooms first): a room taken since the build gives its place to an
 * available one rendered hidden beside it. Cards move only when the choice changed.
 */
export async function refreshFeaturedCards(): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-featured-rooms]')
  if (!list) return
  const rooms = await fetchLiveRooms('featured=true&sort=newest&_start=0&_end=12')
  if (rooms.length === 0) return // the API did not answer: keep the build's choice
  const byId = new Map(rooms.map((room) => [String(room.id), room]))
  const rank = new Map(rooms.map((room, index) => [String(room.id), index]))
  const items = [...list.children] as HTMLElement[]
  const ranked = items.map((item, index) => {
    const card = item.querySelector<HTMLElement>('[data-room-card]')
    const id = card?.dataset.roomId ?? ''
    const room = byId.get(id)
    if (card && room) applyLiveRoom(card, room)
    // A room no longer listed (deleted, or far down the list) goes last.
    return { item, index, rank: rank.get(id) ?? Number.POSITIVE_INFINITY }
  })
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index)
  ranked.forEach(({ item }, position) => {
    item.hidden = position >= HOME_FEATURED_ROOMS
  })
  if (ranked.some(({ item }, position) => items[position] !== item))
    list.append(...ranked.map(({ item }) => item))
}
