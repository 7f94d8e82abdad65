/**
 * The listing's live room cards: the same markup as `islands/RoomCard.tsx` (which the server
 * renders for the built results and the home page), drawn in the browser for the rooms the
 * listing fetches: a change to one is a change to both.
 */
import { formatSar, localePath, type Locale, type Room } from '@sakan/common'
import { icons } from '@sakan/common/ui/Icon'
import type { Translate } from '../i18n/client'
import { LISTING_PHOTO_SIZES, type CardRoom } from '../lib/card-room'
import { AMENITY_ICONS } from '../lib/icons'
import { cardAmenities, isFeatured, localizeRoom, roomImages, roomRemaining } from '../lib/room'
import { h, iconSvg } from './dom'

export function roomCard(
  cardRoom: CardRoom,
  lang: Locale,
  t: Translate,
  eager: boolean
): HTMLElement {
  const room = cardRoom as Room
  const text = localizeRoom(room, lang)
  const type = text.type ?? t('common:room.standardType')
  const image = roomImages(room)[0]
  const remaining = roomRemaining(room)
  const amenities = cardAmenities(room)

  const media = image
    ? [
        h('img', {
          src: image.src,
          srcset: image.srcset,
          sizes: LISTING_PHOTO_SIZES,
          width: image.width ?? 640,
          height: image.height ?? 427,
          alt: t('card.photoAlt', { type, building: text.buildingName }),
          loading: eager ? 'eager' : 'lazy',
          decoding: 'async',
          'data-card-photo': 'true',
        }),
        h(
          'span',
          { class: 'room-card-nophoto', 'data-photo-fallback': 'true', hidden: true },
          t('card.noPhoto')
        ),
      ]
    : [
        h('img', {
          src: '/images/room-placeholder.svg',
          width: 640,
          height: 427,
          alt: '',
          loading: 'lazy',
        }),
        h('span', { class: 'room-card-nophoto' }, t('card.noPhoto')),
      ]

  return h(
    'article',
    {
      class: 'room-card',
      'data-room-card': 'true',
      'data-room-id': room.id,
      'data-price': room.price,
    },
    h(
      'div',
      { class: 'room-card-media' },
      ...media,
      h(
        'div',
        { class: 'room-card-badges' },
        isFeatured(room) &&
          h('span', { class: 'badge badge-featured' }, iconSvg(icons.sparkles), t('card.featured')),
        h(
          'span',
          {
            class: 'badge badge-remaining',
            'data-live-remaining': 'true',
            hidden: remaining === null,
          },
          remaining !== null && t('card.remaining', { count: remaining })
        )
      )
    ),
    h(
      'div',
      { class: 'room-card-body' },
      h(
        'p',
        { class: 'room-card-location' },
        iconSvg(icons.mapPin),
        t(`common:locations.${room.building.zone}`)
      ),
      h(
        'h2',
        { class: 'room-card-title' },
        h('a', { href: localePath(lang, `/property/${room.id}`) }, text.buildingName)
      ),
      h(
        'p',
        { class: 'room-card-type' },
        `${type} · ${t('common:room.number', { number: room.roomNumber })} · ${t('common:room.size', { size: room.size })}`
      ),
      h(
        'ul',
        { class: 'room-card-amenities', role: 'list' },
        ...amenities.shown.map((amenity) =>
          h(
            'li',
            { class: 'chip' },
            iconSvg(AMENITY_ICONS[amenity] ?? icons.check),
            t(`common:amenities.${amenity}`)
          )
        ),
        amenities.more > 0 &&
          h('li', { class: 'chip' }, t('card.moreAmenities', { count: amenities.more }))
      ),
      h(
        'div',
        { class: 'room-card-footer' },
        h(
          'p',
          { class: 'room-card-price' },
          h('span', { 'data-live-price': 'true' }, formatSar(room.price, lang)),
          ' ',
          h('small', {}, t('common:room.perMonthShort'))
        ),
        h(
          'span',
          {
            class: `badge ${room.availability ? 'badge-available' : 'badge-occupied'}`,
            'data-live-availability': 'true',
            'data-label-available': t('common:room.available'),
            'data-label-occupied': t('common:room.occupied'),
          },
          room.availability ? t('common:room.available') : t('common:room.occupied')
        )
      )
    )
  )
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
