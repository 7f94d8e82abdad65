/**
 * The maintenance requests resource's list. `/admin/maintenance-requests`: every request,
 * filtered by status, priority and category, found by its words. Compact, on the `/admin`
 * dashboard's maintenance tab: filters all / pending / in progress / completed /
 * cancelled; cards with the title, resident and room, status, description (two lines),
 * category, priority in its colour (low green, medium yellow, high orange, urgent red), date
 * and photos, and the status control.
 */
import { Badge } from '@mantine/core'
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  formatLongDate,
} from '@sakan/common'
import { MaintenanceStatusSelect } from '../../components/admin/MaintenanceStatusSelect'
import { CompactList } from '../../components/lists/CompactList'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import { CardSkeletons } from '../../components/lists/Skeletons'
import { useAddressTable } from '../../components/lists/use-address-table'
import { MaintenancePhotos } from '../../components/maintenance/MaintenancePhotos'
import { roomNumberOf, roomPlaceOf } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { Icon } from '@sakan/common/ui/Icon'
import { PriorityBadge, StatusBadge } from '../../components/details/StatusBadge'
import type { Column } from '../../components/lists/ResourceTable'
import {
  statusColumn,
  createdColumn,
  idColumn,
  linkColumn,
  textColumn,
} from '../../components/lists/office-table'
import type { MaintenanceRequest } from '../../lib/applications'
import { PRIORITY_COLORS } from '../../lib/status'
import { useTexts } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

/** Every request: the back office's table. */
export default function MaintenanceListPage() {
  const { t, lang, label, table } = useOfficeList<MaintenanceRequest>('maintenance-requests', {
    texts: 'maintenanceList',
  })
  const columns: Column<MaintenanceRequest>[] = [
    idColumn(lang),
    linkColumn(
      'title',
      label('request'),
      (row) => `/admin/maintenance-requests/${row.id}`,
      (row) => row.title
    ),
    textColumn('room', t('office.rooms.room'), (row) => roomPlaceOf(row.room, row.building, lang)),
    textColumn(
      'category',
      label('category'),
      (row) => t(`account:category.${row.category}`),
      'category'
    ),
    textColumn(
      'priority',
      label('priority'),
      (row) => <PriorityBadge priority={row.priority} />,
      'priority'
    ),
    statusColumn('maintenance', t('office.common.status'), (row) => row.status),
    createdColumn('date', t('office.payments.date')),
  ]
  const enumFilter = (field: 'priority' | 'category', values: readonly string[]) =>
    ({ type: 'enum', field, label: label(field), values, texts: `account:${field}` }) as const
  return (
    <OfficeListPage
      title={label('title')}
      table={table}
      columns={columns}
      icon={icons.wrench}
      testId="maintenance-table"
      filters={[
        { type: 'search', hint: label('searchHint') },
        { type: 'status', kind: 'maintenance', values: MAINTENANCE_STATUSES },
        enumFilter('priority', MAINTENANCE_PRIORITIES),
        enumFilter('category', MAINTENANCE_CATEGORIES),
      ]}
    />
  )
}

const STATUSES = ['all', 'pending', 'in_progress', 'completed', 'cancelled'] as const

/** Every request as the dashboard tab's compact cards. */
export function CompactMaintenanceList() {
  const { t, lang } = useTexts('admin')
  const list = useAddressTable<MaintenanceRequest, (typeof STATUSES)[number]>({
    resource: 'maintenance-requests',
    pageSize: 12,
    statuses: STATUSES,
    field: 'status',
  })
  const roomFallback = t('applications.fallback.roomNumber')

  return (
    <CompactList
      list={list}
      listClassName="admin-cards"
      testId="maintenance-cards"
      kind="maintenance"
      icon={icons.wrench}
      skeleton={<CardSkeletons />}
      labelOf={(value) =>
        value === 'all' ? t('management.filters.all') : t(`account:status.maintenance.${value}`)
      }
    >
      {(request) => (
        <li key={request.id}>
          <article
            className="admin-card card"
            data-testid="maintenance-card"
            data-status={request.status}
          >
            <header className="admin-card-head">
              <h3 className="admin-card-title">
                <bdi>{request.title}</bdi>
              </h3>
              <StatusBadge kind="maintenance" status={request.status} />
            </header>
            <p className="admin-card-sub">
              <Icon icon={icons.user} />
              <span>
                {t('maintenance.by', {
                  name: isolate(request.user?.fullName?.trim() || t('maintenance.unknownTenant')),
                  room: isolate(
                    roomNumberOf(request.room, { roomNumber: roomFallback, buildingName: '' })
                  ),
                })}
              </span>
            </p>
            <p className="admin-card-description" dir="auto">
              {request.description}
            </p>
            <div className="admin-card-tags">
              <span className="chip">
                <Icon icon={icons.tag} />
                {t(`account:category.${request.category}`)}
              </span>
              <Badge
                data-tone={PRIORITY_COLORS[request.priority] ?? 'neutral'}
                data-value={request.priority}
                data-testid="priority"
              >
                {t('maintenance.priority', {
                  priority: t(`account:priority.${request.priority}`),
                })}
              </Badge>
            </div>
            <p className="admin-card-date">
              <Icon icon={icons.calendar} />
              <time dateTime={request.createdAt}>{formatLongDate(request.createdAt, lang)}</time>
            </p>
            <MaintenancePhotos
              photos={request.photos}
              title={request.title}
              texts="admin:maintenance"
            />
            <MaintenanceStatusSelect
              request={request}
              label={t('maintenance.status')}
              aria-label={t('maintenance.statusLabel', { title: request.title })}
              size="sm"
            />
          </article>
        </li>
      )}
    </CompactList>
  )
}
