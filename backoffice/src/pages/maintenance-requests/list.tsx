/** `/admin/maintenance-requests`: every request, filtered by status, priority and category, found by its words. */
import { Badge } from '@mantine/core'
import { useTable } from '@refinedev/core'
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  localizeDigits,
} from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ChoiceFilter, SearchFilter } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/office/ResourceTable'
import type { MaintenanceRequest } from '../../lib/applications'
import { formatDateTime } from '../../lib/format'
import { MAINTENANCE_TONES, PRIORITY_COLORS, toneOf } from '../../lib/status'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

export default function MaintenanceListPage() {
  const { t } = useTranslation(['admin', 'account'])
  const lang = useLanguage()
  const table = useTable<MaintenanceRequest>({
    resource: 'maintenance-requests',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.maintenanceList.${field}`)
  const columns: Column<MaintenanceRequest>[] = [
    { key: 'id', header: '#', sort: 'id', render: (row) => localizeDigits(row.id, lang) },
    {
      key: 'title',
      header: label('request'),
      render: (row) => (
        <Link to={`/admin/maintenance-requests/${row.id}`}>
          <bdi>{row.title}</bdi>
        </Link>
      ),
    },
    {
      key: 'room',
      header: t('office.rooms.room'),
      render: (row) =>
        `${row.room ? localizeDigits(row.room.roomNumber, lang) : '—'} · ${(lang === 'ar' ? row.building?.name_ar : row.building?.name_en) ?? ''}`,
    },
    {
      key: 'category',
      header: label('category'),
      sort: 'category',
      render: (row) => t(`account:category.${row.category}`),
    },
    {
      key: 'priority',
      header: label('priority'),
      sort: 'priority',
      render: (row) => (
        <Badge data-tone={PRIORITY_COLORS[row.priority]} data-value={row.priority}>
          {t(`account:priority.${row.priority}`)}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: t('office.common.status'),
      sort: 'status',
      render: (row) => (
        <Badge data-tone={toneOf(MAINTENANCE_TONES, row.status)} data-value={row.status}>
          {t(`account:status.maintenance.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'date',
      header: t('office.payments.date'),
      sort: 'createdAt',
      render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>,
    },
  ]
  const choices = (values: readonly string[], key: string) =>
    values.map((value) => ({ value, label: t(`${key}.${value}`) }))
  return (
    <OfficeFrame title={t('office.maintenanceList.title')}>
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.maintenanceList.title')}
        icon={icons.wrench}
        testId="maintenance-table"
        toolbar={
          <>
            <SearchFilter
              table={table}
              label={t('office.common.search')}
              hint={label('searchHint')}
            />
            <ChoiceFilter
              table={table}
              field="status"
              label={t('office.common.status')}
              allLabel={t('office.common.all')}
              data={choices(MAINTENANCE_STATUSES, 'account:status.maintenance')}
            />
            <ChoiceFilter
              table={table}
              field="priority"
              label={label('priority')}
              allLabel={t('office.common.all')}
              data={choices(MAINTENANCE_PRIORITIES, 'account:priority')}
            />
            <ChoiceFilter
              table={table}
              field="category"
              label={label('category')}
              allLabel={t('office.common.all')}
              data={choices(MAINTENANCE_CATEGORIES, 'account:category')}
            />
          </>
        }
      />
    </OfficeFrame>
  )
}
