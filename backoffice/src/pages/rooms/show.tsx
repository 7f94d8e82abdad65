/**
 * `/admin/rooms/{id}`, the rooms resource's show page: one room as the administrator sees it
 * (archived ones too): building and address, price, type, size, availability, features,
 * amenities, description and photos, with the way back to the list she came from, to its edit
 * page and to the room's public page. An archived room says so, is not called available and
 * offers no public page (it answers 410); the page sits in the back office's frame (navigation
 * and breadcrumb) like the other resources' pages.
 */
import '../../components/applications/applications.css'
import '../../components/admin/admin.css'
import { Button, Skeleton } from '@mantine/core'
import { useOne } from '@refinedev/core'
import { formatLongDate, formatSar, localePath, type AdminRoom } from '@sakan/common'
import { Link, useLocation, useParams } from 'react-router'
import { ErrorCard } from '../../components/EmptyState'
import { TitledSection } from '../../components/TitledSection'
import { AvailabilityBadge } from '../../components/admin/AvailabilityBadge'
import { Facts } from '../../components/details/Facts'
import { ArchivedBadge } from '../../components/office/ArchivedBadge'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { localized, type RoomDetails } from '../../lib/room'
import { useTexts } from '../../providers/use-language'
import { READ_PATHS } from '../../config/resources'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { RoomPhoto } from '@sakan/common/ui/RoomPhoto'

/** Back to the list she came from (tab, filter and page), else to the rooms tab. */
function useBackLink(): string {
  const location = useLocation()
  const from = (location.state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/admin') ? from : '/admin?tab=rooms'
}

export default function AdminRoomPage() {
  const { t, lang } = useTexts('admin')
  const back = useBackLink()
  const { id } = useParams()
  const validId = /^\d+$/.test(id ?? '')
  const { query, result: room } = useOne<RoomDetails & Partial<Pick<AdminRoom, 'archivedAt'>>>({
    resource: 'rooms',
    id: id ?? '',
    meta: { readPath: READ_PATHS.rooms },
    queryOptions: { enabled: validId },
    errorNotification: false,
  })
  const failed = !validId || query.isError || (query.isSuccess && !room)

  const backLink = (
    <Button
      component={Link}
      variant="subtle"
      color="dark"
      size="sm"
      leftSection={<Icon icon={icons.arrowStart} directional />}
      className="back-link"
      to={back}
    >
      {t('rooms.detail.back')}
    </Button>
  )

  if (failed) {
    return (
      <OfficeFrame title={t('office.rooms.room')}>
        <div className="room-detail-back">{backLink}</div>
        <ErrorCard
          heading="h2"
          title={t('rooms.detail.loadError')}
          action={
            <Button component={Link} size="md" to={back}>
              {t('rooms.detail.back')}
            </Button>
          }
        />
      </OfficeFrame>
    )
  }

  if (query.isLoading || !room) {
    return (
      <OfficeFrame title={t('office.rooms.room')}>
        <div className="room-detail-back">{backLink}</div>
        <div className="room-detail" role="status" aria-label={t('account:states.loading')}>
          <Skeleton height={280} radius="lg" />
          <Skeleton height={160} radius="lg" mt="lg" />
        </div>
      </OfficeFrame>
    )
  }

  const building = localized(room.building, 'name', lang) ?? t('applications.fallback.buildingName')
  const address = localized(room.building, 'address', lang)
  const description = localized(room, 'description', lang)
  const images = room.images?.length
    ? room.images
    : room.photos.map((src) => ({ src, srcset: undefined, width: 1280, height: 853 }))

  const archivedAt = room.archivedAt ?? null

  return (
    <OfficeFrame
      title={t('titles.room', { number: room.roomNumber })}
      lead={building}
      actions={
        <>
          <Button
            component={Link}
            size="sm"
            to={`/admin/rooms/${room.id}/edit`}
            data-testid="office-edit"
          >
            {t('office.common.edit')}
          </Button>
          {!archivedAt && (
            <Button
              component="a"
              variant="default"
              size="sm"
              rightSection={<Icon icon={icons.external} directional />}
              href={localePath(lang, `/property/${room.id}`)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="room-public-page"
            >
              {t('rooms.detail.publicPage')}
              <span className="visually-hidden"> {t('applications.document.newTab')}</span>
            </Button>
          )}
        </>
      }
    >
      <div className="room-detail-back">{backLink}</div>
      {archivedAt && (
        <p className="inline-note room-archived-note" data-testid="room-archived-note">
          <Icon icon={icons.alert} />
          {t('rooms.detail.archivedNote', { date: formatLongDate(archivedAt, lang) })}
        </p>
      )}
      <div className="room-detail" data-testid="admin-room" data-room-id={room.id}>
        <section className="card room-detail-card" aria-labelledby="room-overview">
          <header className="room-detail-head">
            <h2 id="room-overview" className="card-title">
              {t('rooms.detail.overview')}
            </h2>
            {archivedAt ? (
              <ArchivedBadge archivedAt={archivedAt} />
            ) : (
              <AvailabilityBadge available={room.availability} from={room.availableFrom} />
            )}
          </header>
          <Facts
            facts={[
              { label: t('rooms.detail.building'), value: building },
              address ? { label: t('rooms.detail.address'), value: address } : null,
              {
                label: t('rooms.detail.price'),
                value: formatSar(room.price, lang),
                valueProps: { className: 'record-price' },
              },
              {
                label: t('rooms.detail.type'),
                value: localized(room, 'type', lang) ?? t('common:room.standardType'),
              },
              room.size !== null &&
                room.size !== undefined && {
                  label: t('rooms.detail.size'),
                  value: t('common:room.size', { size: room.size }),
                },
              room.occupancyRate !== null &&
                room.occupancyRate !== undefined && {
                  label: t('rooms.detail.occupancy'),
                  value: t('stats.percent', { value: room.occupancyRate }),
                },
              room.createdAt
                ? { label: t('rooms.detail.listed'), value: formatLongDate(room.createdAt, lang) }
                : null,
            ]}
          />
        </section>

        <TitledSection
          id="room-features"
          title={t('rooms.detail.features')}
          className="card room-detail-card"
        >
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
        </TitledSection>

        <TitledSection
          id="room-photos"
          title={t('rooms.detail.photos')}
          className="card room-detail-card room-detail-photos"
        >
          {images.length > 0 ? (
            <ul className="photo-grid" role="list">
              {images.map((image, index) => (
                <li key={image.src}>
                  <RoomPhoto
                    image={image}
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
        </TitledSection>
      </div>
    </OfficeFrame>
  )
}
