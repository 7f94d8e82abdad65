/**
 * The rooms resource's list. `/admin/rooms`: every room, archived ones too, with search,
 * building, availability and status filters. Compact, on the `/admin` dashboard's rooms tab:
 * filters all / available / occupied; rows with the room number, availability,
 * building, monthly price in SAR, type ('Standard Room' when none is set) and up to four
 * feature badges plus '+N more'; "view details" opens the room's page in the back office.
 * Paged: a catalogue can hold thousands of rooms.
 */
import { Button } from '@mantine/core'
import { ADMIN_ROOM_FEATURE_BADGES, formatSar, localizeDigits, type AdminRoom } from '@sakan/common'
import { Link, useLocation } from 'react-router'
import { CompactList } from '../../components/lists/CompactList'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import { useAddressTable } from '../../components/lists/use-address-table'
import { limitBadges } from '../../lib/badges'
import { localized, type RoomDetails } from '../../lib/room'
import { formatCalendarDate } from '../../lib/format'
import { AdminRow } from '../../components/admin/AdminRow'
import { AvailabilityBadge } from '../../components/admin/AvailabilityBadge'
import { CreateLink } from '../../components/office/OfficeFrame'
import type { Column } from '../../components/lists/ResourceTable'
import { archivedColumn, idColumn, textColumn } from '../../components/lists/office-table'
import { useTexts } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

/** Every room: the back office's table. */
export default function RoomListPage() {
  const { t, lang, label, table } = useOfficeList<AdminRoom>('rooms', { sort: 'id' })
  const columns: Column<AdminRoom>[] = [
    idColumn(lang),
    textColumn(
      'room',
      label('roomNumber'),
      (row) => (
        <Link to={`/admin/rooms/${row.id}`} state={{ from: '/admin/rooms' }}>
          {localizeDigits(row.roomNumber, lang)}
        </Link>
      ),
      'roomNumber'
    ),
    textColumn('building', label('building'), (row) => (
      <bdi>{lang === 'ar' ? row.building.name_ar : row.building.name_en}</bdi>
    )),
    textColumn('price', label('price'), (row) => formatSar(row.price, lang), 'price'),
    textColumn(
      'availability',
      label('availability'),
      (row) =>
        row.availability
          ? t('common:room.available')
          : row.availableFrom
            ? t('office.rooms.availableFrom', { date: formatCalendarDate(row.availableFrom, lang) })
            : t('common:room.occupied'),
      'availability'
    ),
    archivedColumn(t('office.common.status')),
    textColumn('actions', t('office.common.actions'), (row) => (
      <Button
        component={Link}
        variant="subtle"
        color="dark"
        size="sm"
        to={`/admin/rooms/${row.id}/edit`}
      >
        {t('office.common.edit')}
      </Button>
    )),
  ]
  return (
    <OfficeListPage
      title={label('title')}
      actions={<CreateLink resource="rooms" label={t('office.rooms.create')} />}
      table={table}
      columns={columns}
      icon={icons.building}
      testId="rooms-table"
      filters={[
        { type: 'search' },
        { type: 'building', label: label('building') },
        {
          type: 'boolean',
          field: 'availability',
          label: label('availability'),
          yes: t('common:room.available'),
          no: t('common:room.occupied'),
        },
        { type: 'archived' },
      ]}
    />
  )
}

const AVAILABILITY = ['all', 'available', 'occupied'] as const

/** Every room as the dashboard tab's compact rows. */
export function CompactRoomList() {
  const { t, lang } = useTexts('admin')
  const location = useLocation()
  const list = useAddressTable<RoomDetails, (typeof AVAILABILITY)[number]>({
    resource: 'rooms',
    pageSize: 10,
    statuses: AVAILABILITY,
    field: 'availability',
    values: { available: true, occupied: false },
  })
  const buildingFallback = t('applications.fallback.buildingName')

  return (
    <CompactList
      list={list}
      listClassName="admin-rows"
      testId="room-rows"
      kind="rooms"
      icon={icons.building}
    >
      {(room) => {
        const building = localized(room.building, 'name', lang) ?? buildingFallback
        const { shown, more } = limitBadges(room.features ?? [], ADMIN_ROOM_FEATURE_BADGES)
        return (
          <AdminRow
            key={room.id}
            testId="room-row"
            attributes={{ 'data-room-id': room.id, 'data-available': room.availability }}
            name={t('rooms.roomNumber', { number: room.roomNumber })}
            badges={<AvailabilityBadge available={room.availability} from={room.availableFrom} />}
            facts={[
              { icon: icons.building, text: building },
              {
                icon: icons.wallet,
                text: t('rooms.perMonth', { price: formatSar(room.price, lang) }),
                className: 'admin-row-price',
              },
              {
                icon: icons.home,
                text: localized(room, 'type', lang) ?? t('common:room.standardType'),
              },
            ]}
            actions={
              <Button
                component={Link}
                variant="default"
                size="sm"
                leftSection={<Icon icon={icons.eye} />}
                to={`/admin/rooms/${room.id}`}
                state={{ from: location.pathname + location.search }}
                data-testid="room-view"
              >
                {t('rooms.viewDetails')}
                <span className="visually-hidden">
                  {' '}
                  {t('rooms.context', { number: room.roomNumber, building })}
                </span>
              </Button>
            }
          >
            <ul className="chip-list admin-row-features" role="list" data-testid="room-features">
              {shown.map((feature) => (
                <li key={feature} className="chip">
                  {t(`common:features.${feature}`, { defaultValue: feature })}
                </li>
              ))}
              {more > 0 && (
                <li className="chip chip-more" data-testid="more-features">
                  {t('rooms.moreFeatures', { count: more })}
                </li>
              )}
              {shown.length === 0 && <li className="muted">{t('rooms.noFeatures')}</li>}
            </ul>
          </AdminRow>
        )
      }}
    </CompactList>
  )
}
