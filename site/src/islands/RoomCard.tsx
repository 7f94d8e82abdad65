import { formatSar, localePath, type Locale, type Room, type Translate } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import '../styles/room-card.css'
import { LISTING_PHOTO_SIZES, type CardRoom } from '../lib/card-room'
import { AMENITY_ICONS } from '../lib/icons'
import { cardAmenities, isFeatured, localizeRoom, roomImages, roomRemaining } from '../lib/room'

interface Props {
  room: CardRoom
  lang: Locale
  t: Translate
  eager?: boolean
  /** The page's largest paint (the first card above the fold): its photo is fetched first. */
  priority?: boolean
  headingLevel?: 'h2' | 'h3'
  /** The photo's `sizes`: the listings grid by default. */
  photoSizes?: string
}

/**
 * The room card as static HTML (RoomCard.astro), on the home page and the listing's built
 * results; `scripts/listing-card.ts` draws the same markup for the listing's live results.
 * `scripts/live-cards.ts` updates the `data-live-*` parts in place.
 */
export function RoomCard({
  room: cardRoom,
  lang,
  t,
  eager = false,
  priority = false,
  headingLevel: Heading = 'h2',
  photoSizes = LISTING_PHOTO_SIZES,
}: Props) {
  const room = cardRoom as Room
  const text = localizeRoom(room, lang)
  const type = text.type ?? t('common:room.standardType')
  const image = roomImages(room)[0]
  const remaining = roomRemaining(room)
  const amenities = cardAmenities(room)

  return (
    <article className="room-card" data-room-card data-room-id={room.id} data-price={room.price}>
      <div className="room-card-media">
        {image ? (
          <>
            <img
              src={image.src}
              srcSet={image.srcset}
              sizes={photoSizes}
              width={image.width ?? 640}
              height={image.height ?? 427}
              alt={t('card.photoAlt', { type, building: text.buildingName })}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
              data-card-photo
            />
            <span className="room-card-nophoto" data-photo-fallback hidden>
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
          <span className="badge badge-remaining" data-live-remaining hidden={remaining === null}>
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
          {type} · {t('common:room.number', { number: room.roomNumber })} ·{' '}
          {t('common:room.size', { size: room.size })}
        </p>
        <ul className="room-card-amenities" role="list">
          {amenities.shown.map((amenity) => (
            <li className="chip" key={amenity}>
              <Icon icon={AMENITY_ICONS[amenity] ?? icons.check} />
              {t(`common:amenities.${amenity}`)}
            </li>
          ))}
          {amenities.more > 0 && (
            <li className="chip">{t('card.moreAmenities', { count: amenities.more })}</li>
          )}
        </ul>
        <div className="room-card-footer">
          <p className="room-card-price">
            <span data-live-price>{formatSar(room.price, lang)}</span>{' '}
            <small>{t('common:room.perMonthShort')}</small>
          </p>
          <span
            className={`badge ${room.availability ? 'badge-available' : 'badge-occupied'}`}
            data-live-availability
            data-label-available={t('common:room.available')}
            data-label-occupied={t('common:room.occupied')}
          >
            {room.availability ? t('common:room.available') : t('common:room.occupied')}
          </span>
        </div>
      </div>
    </article>
  )
}

export function RoomCardSkeleton() {
  return (
    <div className="room-card room-card-skeleton" aria-hidden="true" data-skeleton>
      <div className="room-card-media skeleton" />
      <div className="room-card-body">
        <span className="skeleton line" style={{ inlineSize: '40%' }} />
        <span className="skeleton line" style={{ inlineSize: '75%', blockSize: '1.2rem' }} />
        <span className="skeleton line" style={{ inlineSize: '60%' }} />
        <span className="skeleton line" style={{ inlineSize: '90%' }} />
        <div className="room-card-footer">
          <span className="skeleton line" style={{ inlineSize: '35%', blockSize: '1.4rem' }} />
          <span className="skeleton line" style={{ inlineSize: '20%' }} />
        </div>
      </div>
    </div>
  )
}
