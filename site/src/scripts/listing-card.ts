/**
 * The listing's live room cards: the card of `lib/room-card.ts` (which the server renders for
 * the built results and the home page) drawn in the browser for the rooms the listing fetches,
 * and the skeletons that hold their place while they load.
 */
import type { Locale } from '@sakan/common'
import type { Translate } from '../i18n/client'
import type { CardRoom } from '../lib/card-room'
import { roomCard as card } from '../lib/room-card'
import { domMarkup, h } from './dom'

export function roomCard(room: CardRoom, lang: Locale, t: Translate, eager: boolean): HTMLElement {
  return card(domMarkup, room, lang, t, { eager }) as HTMLElement
}

/** A card's shape while the results load (hidden from assistive technology). */
export function roomCardSkeleton(): HTMLElement {
  const line = (inlineSize: string, blockSize?: string) => {
    const element = h('span', { class: 'skeleton line' })
    // Set through the CSSOM: the pages' Content-Security-Policy has no inline styles for scripts.
    element.style.inlineSize = inlineSize
    if (blockSize) element.style.blockSize = blockSize
    return element
  }
  return h(
    'div',
    { class: 'room-card room-card-skeleton', 'aria-hidden': 'true', 'data-skeleton': true },
    h('div', { class: 'room-card-media skeleton' }),
    h(
      'div',
      { class: 'room-card-body' },
      line('40%'),
      line('75%', '1.2rem'),
      line('60%'),
      line('90%'),
      h('div', { class: 'room-card-footer' }, line('35%', '1.4rem'), line('20%'))
    )
  )
}
