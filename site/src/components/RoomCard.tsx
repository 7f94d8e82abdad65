/**
 * The room card, written once: Astro renders it to HTML for the home page's featured rooms
 * (no client directive: no JavaScript) and inside the listing's island, which draws it again
 * for the live results (components/islands/Listing.tsx). The page's styles hold its look
 * (styles/room-card.css, imported by the Astro component that shows it); the photo fallback
 * (scripts/photo-fallback.ts) and the home page's live refresh (scripts/live-cards.ts) work on
 * its `data-*` parts.
 */
import { formatSar, localePath, type Locale, type Room, type Translate } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { RoomPhoto } from '@sakan/common/ui/RoomPhoto'
import { LISTING_PHOTO_SIZES, type CardRoom } from '../lib/card-room'
import { amenityIcon } from '../lib/icons'
import {
  availabilityText,
  cardAmenities,
  isFeatured,
  localizeRoom,
  roomImages,
  roomRemaining,
} from '../lib/room'

interface RoomCardProps {
  room: Room | CardRoom
  lang: Locale
  t: Translate
  headingLevel?: 'h2' | 'h3'
  /** In the first screenful: the photo loads at once rather than when scrolled near. */
  eager?: boolean
  /** The page's largest paint (the first card above the fold): its photo is fetched first. */
  priority?: boolean
  /** The photo's `sizes`: the listing's grid by default. */
  photoSizes?: string
}

export function RoomCard({
  room: cardRoom,
  lang,
  t,
  headingLevel: Heading = 'h2',
  eager = false,
  priority = false,
  photoSizes = LISTING_PHOTO_SIZES,
}: RoomCardProps) {
  const room = cardRoom as Room
  const text = localizeRoom(room, lang)
  const type = text.type ?? t('common:room.standardType')
  const image = roomImages(room)[0]
  const remaining = roomRemaining(room)
  const amenities = cardAmenities(room)

  return (
    <article
      className="room-card"
      data-room-card="true"
      data-room-id={room.id}
      data-price={room.price}
    >
      <div className="room-card-media">
        {image ? (
          <>
            <RoomPhoto
              image={image}
              sizes={photoSizes}
              width={image.width ?? 640}
              height={image.height ?? 427}
              alt={t('card.photoAlt', { type, building: text.buildingName })}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
              data-card-photo="true"
            />
            <span className="room-card-nophoto" data-photo-fallback="true" hidden>
              {t('card.noPhoto')}
            </span>
          </>
        ) : (
          <>
            <img
              src="/images/room-placeholder.svg"
              width={640}
              height={427}
              alt=""
              loading="lazy"
            />
            <span className="room-card-nophoto">{t('card.noPhoto')}</span>
          </>
        )}
        <div className="room-card-badges">
          {isFeatured(room) && (
            <span className="badge badge-featured">
              <Icon icon={icons.sparkles} />
              {t('card.featured')}
            </span>
          )}
          <span
            className="badge badge-remaining"
            data-live-remaining="true"
            hidden={remaining === null}
          >
            {remaining !== null && t('card.remaining', { count: remaining })}
          </span>
        </div>
      </div>
      <div className="room-card-body">
        <p className="room-card-location">
          <Icon icon={icons.mapPin} />
          {t(`common:locations.${room.building.zone}`)}
        </p>
        <Heading className="room-card-title">
          <a href={localePath(lang, `/property/${room.id}`)}>{text.buildingName}</a>
        </Heading>
        <p className="room-card-type">
          {`${type} · ${t('common:room.number', { number: room.roomNumber })} · ${t('common:room.size', { size: room.size })}`}
        </p>
        <ul className="room-card-amenities" role="list">
          {amenities.shown.map((amenity) => (
            <li key={amenity} className="chip">
              <Icon icon={amenityIcon(amenity)} />
              {t(`common:amenities.${amenity}`)}
            </li>
          ))}
          {amenities.more > 0 && (
            <li className="chip">{t('card.moreAmenities', { count: amenities.more })}</li>
          )}
        </ul>
        <div className="room-card-footer">
          <p className="room-card-price">
            <span data-live-price="true">{formatSar(room.price, lang)}</span>{' '}
            <small>{t('common:room.perMonthShort')}</small>
          </p>
          <span
            className={`badge ${room.availability ? 'badge-available' : 'badge-occupied'}`}
            data-live-availability="true"
            data-label-available={t('common:room.available')}
            data-label-occupied={t('common:room.occupied')}
          >
            {availabilityText(room, lang, t)}
          </span>
        </div>
      </div>
    </article>
  )
}

/** A card's shape while the results load (hidden from assistive technology). */
export function RoomCardSkeleton() {
  const line = (inlineSize: string, blockSize?: string) => (
    <span className="skeleton line" style={{ inlineSize, blockSize }} />
  )
  return (
    <div className="room-card room-card-skeleton" aria-hidden="true" data-skeleton="">
      <div className="room-card-media skeleton" />
      <div className="room-card-body">
        {line('40%')}
        {line('75%', '1.2rem')}
        {line('60%')}
        {line('90%')}
        <div className="room-card-footer">
          {line('35%', '1.4rem')}
          {line('20%')}
        </div>
      </div>
    </div>
  )
}
