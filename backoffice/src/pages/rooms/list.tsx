/** `/admin/rooms`: every room, archived ones too, with search, building, availability and status filters. */
import { useTable } from '@refinedev/core'
import { formatSar, localizeDigits, type AdminRoom } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ArchivedBadge } from '../../components/office/ArchivedBadge'
import { ArchivedFilter, ChoiceFilter, SearchFilter } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/office/ResourceTable'
import { useBuildingChoices } from '../../components/office/use-building-choices'
import { READ_PATHS } from '../../config/resources'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

export default function RoomListPage() {
  const { t } = useTranslation(['admin', 'common'])
  const lang = useLanguage()
  const buildings = useBuildingChoices()
  const table = useTable<AdminRoom>({
    resource: 'rooms',
    meta: { readPath: READ_PATHS.rooms },
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.rooms.${field}`)
  const columns: Column<AdminRoom>[] = [
    { key: 'id', header: '#', sort: 'id', render: (row) => localizeDigits(row.id, lang) },
    {
      key: 'room',
      header: label('roomNumber'),
      sort: 'roomNumber',
      render: (row) => (
        <Link to={`/admin/rooms/${row.id}`} state={{ from: '/admin/rooms' }}>
          {localizeDigits(row.roomNumber, lang)}
        </Link>
      ),
    },
    {
      key: 'building',
      header: label('building'),
      render: (row) => <bdi>{lang === 'ar' ? row.building.name_ar : row.building.name_en}</bdi>,
    },
    {
      key: 'price',
      header: label('price'),
      sort: 'price',
      render: (row) => formatSar(row.price, lang),
    },
    {
      key: 'availability',
      header: label('availability'),
      sort: 'availability',
      render: (row) => (row.availability ? t('common:room.available') : t('common:room.occupied')),
    },
    {
      key: 'status',
      header: t('office.common.status'),
      render: (row) => <ArchivedBadge archivedAt={row.archivedAt} />,
    },
    {
      key: 'actions',
      header: t('office.common.actions'),
      render: (row) => (
        <Link className="btn btn-ghost btn-sm" to={`/admin/rooms/${row.id}/edit`}>
          {t('office.common.edit')}
        </Link>
      ),
    },
  ]
  return (
    <OfficeFrame
      title={t('office.rooms.title')}
      actions={
        <Link className="btn btn-primary" to="/admin/rooms/create" data-testid="office-create">
          <Icon icon={icons.plus} />
          {t('office.rooms.create')}
        </Link>
      }
    >
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.rooms.title')}
        icon={icons.building}
        testId="rooms-table"
        toolbar={
          <>
            <SearchFilter table={table} label={t('office.common.search')} />
            <ChoiceFilter
              table={table}
              field="buildingId"
              label={label('building')}
              allLabel={t('office.common.all')}
              data={buildings}
            />
            <ChoiceFilter
              table={table}
              field="availability"
              label={label('availability')}
              allLabel={t('office.common.all')}
              data={[
                { value: 'true', label: t('common:room.available') },
                { value: 'false', label: t('common:room.occupied') },
              ]}
            />
            <ArchivedFilter table={table} />
          </>
        }
      />
    </OfficeFrame>
  )
}
