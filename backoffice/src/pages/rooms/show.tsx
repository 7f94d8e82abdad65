/**
 * `/admin/rooms/{id}`, the rooms resource's show page: one room as the administrator sees it
 * (archived ones too): building and address, price, type, size, availability, features,
 * amenities, description and photos, with the way back to the list she came from, to its edit
 * page and to the room's public page.
 */
import '../../components/applications/applications.css'
import '../../components/admin/admin.css'
import { Badge, Skeleton } from '@mantine/core'
import { useOne } from '@refinedev/core'
import { formatLongDate, formatSar, localePath } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { PageShell } from '../../components/PageShell'
import { localized, type RoomDetails } from '../../lib/room'
import { useLanguage } from '../../providers/use-language'
import { READ_PATHS } from '../../config/resources'
import { Icon, icons } from '@sakan/common/ui/Icon'

/** Back to the list she came from (tab, filter and page), else to the rooms tab. */
function useBackLink(): string {
  const location = useLocation()
  const from = (location.state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/admin') ? from : '/admin?tab=rooms'
}

export default function AdminRoomPage() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const back = useBackLink()
  const { id } = useParams()
  const validId = /^\d+$/.test(id ?? '')
  const { query, result: room } = useOne<RoomDetails>({
    resource: 'rooms',
    id: id ?? '',
    meta: { readPath: READ_PATHS.rooms },
    queryOptions: { enabled: validId },
    errorNotification: false,
  })
  const failed = !validId || query.isError || (query.isSuccess && !room)

  const backLink = (
    <Link className="btn btn-ghost btn-sm back-link" to={back}>
      <Icon icon={icons.arrowStart} directional />
      {t('rooms.detail.back')}
    </Link>
  )

  if (failed) {
    return (
      <PageShell title={t('rooms.detail.loadError')} hideHeading>
        <div className="room-detail-back">{backLink}</div>
        <div className="card panel-card">
          <EmptyState
            tone="error"
            icon={icons.alert}
            heading="h1"
            title={t('rooms.detail.loadError')}
            action={
              <Link className="btn btn-primary" to={back}>
                {t('rooms.detail.back')}
              </Link>
            }
          />
        </div>
      </PageShell>
    )
  }

  if (query.isLoading || !room) {
    return (
      <PageShell title={t('management.tabs.rooms')} hideHeading>
        <div className="room-detail-back">{backLink}</div>
        <div className="room-detail" role="status" aria-label={t('account:states.loading')}>
          <Skeleton height={40} width="40%" />
          <Skeleton height={280} radius="lg" mt="lg" />
          <Skeleton height={160} radius="lg" mt="lg" />
        </div>
      </PageShell>
    )
  }

  const building = localized(room.building, 'name', lang) ?? t('applications.fallback.buildingName')
  const address = localized(room.building, 'address', lang)
  const description = localized(room, 'description', lang)
  const images = room.images?.length
    ? room.images
    : room.photos.map((src) => ({ src, srcset: undefined, width: 1280, height: 853 }))

  return (
    <PageShell title={t('titles.room', { number: room.roomNumber })} hideHeading>
      <div className="room-detail-back">{backLink}</div>
      <header className="page-head">
        <div className="page-head-text">
          <h1 className="page-title">{t('titles.room', { number: room.roomNumber })}</h1>
          <p className="page-lead">{building}</p>
        </div>
        <div className="page-actions">
          <Link
            className="btn btn-primary btn-sm"
            to={`/admin/rooms/${room.id}/edit`}
            data-testid="office-edit"
          >
            {t('office.common.edit')}
          </Link>
          <a
            className="btn btn-secondary btn-sm"
            href={localePath(lang, `/property/${room.id}`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('rooms.detail.publicPage')}
            <span className="visually-hidden"> {t('applications.document.newTab')}</span>
            <Icon icon={icons.external} directional />
          </a>
        </div>
      </header>
      <div className="room-detail" data-testid="admin-room" data-room-id={room.id}>
        <section className="card room-detail-card" aria-labelledby="room-overview">
          <header className="room-detail-head">
            <h2 id="room-overview" className="card-title">
              {t('rooms.detail.overview')}
            </h2>
            <Badge
              data-tone={room.availability ? 'success' : 'neutral'}
              data-value={room.availability ? 'available' : 'occupied'}
            >
              {room.availability ? t('common:room.available') : t('common:room.occupied')}
            </Badge>
          </header>
          <dl className="facts">
            <div>
              <dt>{t('rooms.detail.building')}</dt>
              <dd>{building}</dd>
            </div>
            {address && (
              <div>
                <dt>{t('rooms.detail.address')}</dt>
                <dd>{address}</dd>
              </div>
            )}
            <div>
              <dt>{t('rooms.detail.price')}</dt>
              <dd className="record-price">{formatSar(room.price, lang)}</dd>
            </div>
            <div>
              <dt>{t('rooms.detail.type')}</dt>
              <dd>{localized(room, 'type', lang) ?? t('common:room.standardType')}</dd>
            </div>
            {room.size !== null && room.size !== undefined && (
              <div>
                <dt>{t('rooms.detail.size')}</dt>
                <dd>{t('common:room.size', { size: room.size })}</dd>
              </div>
            )}
            {room.occupancyRate !== null && room.occupancyRate !== undefined && (
              <div>
                <dt>{t('rooms.detail.occupancy')}</dt>
                <dd>{t('stats.percent', { value: room.occupancyRate })}</dd>
              </div>
            )}
            {room.createdAt && (
              <div>
                <dt>{t('rooms.detail.listed')}</dt>
                <dd>{formatLongDate(room.createdAt, lang)}</dd>
              </div>
            )}
          </dl>
        </section>

        <section className="card room-detail-card" aria-labelledby="room-features">
          <h2 id="room-features" className="card-title">
            {t('rooms.detail.features')}
          </h2>
          {room.features.length > 0 ? (
            <ul className="chip-list" role="list">
              {room.features.map((feature) => (
                <li key={feature} className="chip chip-lg">
                  {t(`common:features.${feature}`, { defaultValue: feature })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('rooms.noFeatures')}</p>
          )}
          {(room.building?.amenities?.length ?? 0) > 0 && (
            <>
              <h3 className="card-subtitle">{t('rooms.detail.amenities')}</h3>
              <ul className="chip-list" role="list">
                {room.building!.amenities!.map((amenity) => (
                  <li key={amenity} className="chip chip-lg">
                    {t(`common:amenities.${amenity}`, { defaultValue: amenity })}
                  </li>
                ))}
              </ul>
            </>
          )}
          {description && (
            <>
              <h3 className="card-subtitle">{t('rooms.detail.description')}</h3>
              <p className="room-detail-description">{description}</p>
            </>
          )}
        </section>

        <section className="card room-detail-card room-detail-photos" aria-labelledby="room-photos">
          <h2 id="room-photos" className="card-title">
            {t('rooms.detail.photos')}
          </h2>
          {images.length > 0 ? (
            <ul className="photo-grid" role="list">
              {images.map((image, index) => (
                <li key={image.src}>
                  <img
                    src={image.src}
                    srcSet={image.srcset}
                    sizes="(min-width: 900px) 30vw, 90vw"
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                    alt={t('rooms.detail.photoAlt', {
                      index: index + 1,
                      number: room.roomNumber,
                    })}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('rooms.detail.noPhotos')}</p>
          )}
        </section>
      </div>
    </PageShell>
  )
}
