/**
 * The room card, written once: the server renders it to HTML (components/RoomCard.astro) for
 * the home page and the listing's built results, the listing's script draws it in the browser
 * for its live results (scripts/listing-card.ts). `scripts/live-cards.ts` updates the
 * `data-live-*` parts in place.
 */
import { formatSar, localePath, type Locale, type Room, type Translate } from '@sakan/common'
import { icons } from '@sakan/common/ui/Icon'
import { LISTING_PHOTO_SIZES, type CardRoom } from './card-room'
import { amenityIcon } from './icons'
import { PHOTO_PLACEHOLDER } from './images'
import type { Markup } from './markup'
import {
  availabilityText,
  cardAmenities,
  isFeatured,
  localizeRoom,
  roomImages,
  roomRemaining,
} from './room'

export interface RoomCardOptions {
  eager?: boolean
  /** The page's largest paint (the first card above the fold): its photo is fetched first. */
  priority?: boolean
  headingLevel?: 'h2' | 'h3'
  /** The photo's `sizes`: the listings grid by default. */
  photoSizes?: string
}

export function roomCard<N>(
  { element: h, icon }: Markup<N>,
  cardRoom: CardRoom,
  lang: Locale,
  t: Translate,
  {
    eager = false,
    priority = false,
    headingLevel = 'h2',
    photoSizes = LISTING_PHOTO_SIZES,
  }: RoomCardOptions = {}
): N {
  const room = cardRoom as Room
  const text = localizeRoom(room, lang)
  const type = text.type ?? t('common:room.standardType')
  const image = roomImages(room)[0]
  const remaining = roomRemaining(room)
  const amenities = cardAmenities(room)

  const photo =
    image &&
    h('img', {
      src: image.src,
      srcset: image.srcset,
      sizes: photoSizes,
      width: image.width ?? 640,
      height: image.height ?? 427,
      alt: t('card.photoAlt', { type, building: text.buildingName }),
      loading: eager ? 'eager' : 'lazy',
      fetchpriority: priority ? 'high' : undefined,
      decoding: 'async',
      'data-card-photo': 'true',
    })
  /* AVIF, then WebP, then the JPEG `<img>`: the browser takes the first format it reads. */
  const sources = (image?.sources ?? []).filter((source) => source.srcset)
  const media = photo
    ? [
        sources.length > 0
          ? h(
              'picture',
              {},
              ...sources.map(({ type: mediaType, srcset }) =>
                h('source', { type: mediaType, srcset, sizes: photoSizes })
              ),
              photo
            )
          : photo,
        h(
          'span',
          { class: 'room-card-nophoto', 'data-photo-fallback': 'true', hidden: true },
          t('card.noPhoto')
        ),
      ]
    : [
        h('img', {
          src: PHOTO_PLACEHOLDER,
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
          h('span', { class: 'badge badge-featured' }, icon(icons.sparkles), t('card.featured')),
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
        icon(icons.mapPin),
        t(`common:locations.${room.building.zone}`)
      ),
      h(
        headingLevel,
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
          h('li', { class: 'chip' }, icon(amenityIcon(amenity)), t(`common:amenities.${amenity}`))
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
          availabilityText(room, lang, t)
        )
      )
    )
  )
}
