/**
 * Live data on static pages: availability, price and the "remaining" badge of the room
 * cards and the property page come from `/api` when the page opens, so a page built
 * yesterday still tells the truth today.
 */
import {
  DEFAULT_OCCUPANCY_RATE,
  formatNumber,
  formatSar,
  intlLocale,
  remainingBadge,
} from '@sakan/common'

export interface LiveRoom {
  id: number
  price: number
  availability: boolean
  occupancyRate?: number | null
}

function pageLang(): string {
  return document.documentElement.lang === 'ar' ? 'ar' : 'en'
}

/** Remaining-badge texts come from the page (`data-label-*`), in its language. */
export function applyLiveRoom(root: Element, room: LiveRoom): void {
  const lang = pageLang()
  for (const price of root.querySelectorAll<HTMLElement>('[data-live-price]'))
    price.textContent = formatSar(room.price, lang)

  for (const badge of root.querySelectorAll<HTMLElement>('[data-live-availability]')) {
    badge.textContent =
      (room.availability ? badge.dataset.labelAvailable : badge.dataset.labelOccupied) ?? ''
    badge.classList.toggle('badge-available', room.availability)
    badge.classList.toggle('badge-occupied', !room.availability)
  }

  for (const block of root.querySelectorAll<HTMLElement>('[data-live-when]')) {
    block.hidden = block.dataset.liveWhen !== (room.availability ? 'available' : 'occupied')
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
    const response = await fetch(`/api/rooms?${query}`, { headers: { accept: 'application/json' } })
    if (!response.ok) return []
    const rooms = (await response.json()) as LiveRoom[]
    return Array.isArray(rooms) ? rooms : []
  } catch {
    return []
  }
}

export async function refreshFeaturedCards(): Promise<void> {
  const cards = document.querySelectorAll<HTMLElement>('[data-featured-rooms] [data-room-card]')
  if (cards.length === 0) return
  const rooms = await fetchLiveRooms('featured=true&sort=newest&_start=0&_end=12')
  const byId = new Map(rooms.map((room) => [String(room.id), room]))
  for (const card of cards) {
    const room = byId.get(card.dataset.roomId ?? '')
    if (room) applyLiveRoom(card, room)
  }
}
