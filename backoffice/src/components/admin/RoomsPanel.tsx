/**
 * The rooms tab of the management card (spec §2): filters all / available / occupied; rows
 * with the room number, availability, building, monthly price in SAR, type ('Standard Room'
 * when none is set) and up to four feature badges plus '+N more'; "view details" opens the
 * room's page in the back office. Paged: a catalogue can hold thousands of rooms.
 */
import { Badge } from '@mantine/core'
import { ADMIN_ROOM_FEATURE_BADGES, formatSar } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { limitBadges } from '../../lib/badges'
import { localized, type RoomDetails } from '../../lib/room'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { ManagementList } from './ManagementList'
import { useManagementList } from './use-management-list'

const FILTERS = ['all', 'available', 'occupied'] as const
const PAGE_SIZE = 10

export function RoomsPanel() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const location = useLocation()
  const list = useManagementList<RoomDetails, (typeof FILTERS)[number]>({
    resource: 'rooms',
    filters: FILTERS,
    pageSize: PAGE_SIZE,
    filterOf: (filter) => ({
      field: 'availability',
      operator: 'eq',
      value: filter === 'available',
    }),
  })
  const buildingFallback = t('applications.fallback.buildingName')

  return (
    <ManagementList
      list={list}
      kind="rooms"
      emptyTitle={t(`management.empty.rooms.${list.filter}`)}
      icon={icons.building}
      labelOf={(value) => t(`management.filters.${value}`)}
    >
      <ul
        className="admin-rows"
        role="list"
        aria-label={t('rooms.listLabel')}
        aria-busy={list.query.isFetching || undefined}
        data-testid="room-rows"
      >
        {list.items.map((room) => {
          const building = localized(room.building, 'name', lang) ?? buildingFallback
          const { shown, more } = limitBadges(room.features ?? [], ADMIN_ROOM_FEATURE_BADGES)
          return (
            <li
              key={room.id}
              className="admin-row"
              data-testid="room-row"
              data-room-id={room.id}
              data-available={room.availability}
            >
              <div className="admin-row-main">
                <p className="admin-row-title">
                  <span className="admin-row-name">
                    {t('rooms.roomNumber', { number: room.roomNumber })}
                  </span>
                  <Badge
                    data-tone={room.availability ? 'success' : 'neutral'}
                    data-value={room.availability ? 'available' : 'occupied'}
                  >
                    {room.availability ? t('common:room.available') : t('common:room.occupied')}
                  </Badge>
                </p>
                <p className="admin-row-meta">
                  <span>
                    <Icon icon={icons.building} />
                    {building}
                  </span>
                  <span className="admin-row-price">
                    <Icon icon={icons.wallet} />
                    {t('rooms.perMonth', { price: formatSar(room.price, lang) })}
                  </span>
                  <span>
                    <Icon icon={icons.home} />
                    {localized(room, 'type', lang) ?? t('common:room.standardType')}
                  </span>
                </p>
                <ul
                  className="chip-list admin-row-features"
                  role="list"
                  data-testid="room-features"
                >
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
              </div>
              <div className="admin-row-actions">
                <Link
                  className="btn btn-secondary btn-sm"
                  to={`/admin/rooms/${room.id}`}
                  state={{ from: location.pathname + location.search }}
                  data-testid="room-view"
                >
                  <Icon icon={icons.eye} />
                  {t('rooms.viewDetails')}
                  <span className="visually-hidden">
                    {' '}
                    {t('rooms.context', { number: room.roomNumber, building })}
                  </span>
                </Link>
              </div>
            </li>
          )
        })}
      </ul>
    </ManagementList>
  )
}
