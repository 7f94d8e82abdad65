/** `/admin/buildings`: every building, archived ones too, with search, zone and status filters. */
import { useTable } from '@refinedev/core'
import { ZONES, localizeDigits, type AdminBuilding } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ArchivedFilter, ChoiceFilter, SearchFilter } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/office/ResourceTable'
import { READ_PATHS } from '../../config/resources'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { ArchivedBadge } from '../../components/office/ArchivedBadge'

export default function BuildingListPage() {
  const { t } = useTranslation(['admin', 'common'])
  const lang = useLanguage()
  const table = useTable<AdminBuilding>({
    resource: 'buildings',
    meta: { readPath: READ_PATHS.buildings },
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.buildings.${field}`)
  const columns: Column<AdminBuilding>[] = [
    { key: 'id', header: '#', sort: 'id', render: (row) => localizeDigits(row.id, lang) },
    {
      key: 'name',
      header: label('name'),
      sort: lang === 'ar' ? 'name_ar' : 'name_en',
      render: (row) => (
        <Link to={`/admin/buildings/${row.id}/edit`}>
          <bdi>{lang === 'ar' ? row.name_ar : row.name_en}</bdi>
        </Link>
      ),
    },
    {
      key: 'zone',
      header: label('zone'),
      sort: 'zone',
      render: (row) => t(`common:locations.${row.zone}`),
    },
    { key: 'rooms', header: label('rooms'), render: (row) => localizeDigits(row.roomCount, lang) },
    {
      key: 'status',
      header: t('office.common.status'),
      render: (row) => <ArchivedBadge archivedAt={row.archivedAt} />,
    },
  ]
  return (
    <OfficeFrame
      title={t('office.buildings.title')}
      actions={
        <Link className="btn btn-primary" to="/admin/buildings/create" data-testid="office-create">
          <Icon icon={icons.plus} />
          {t('office.buildings.create')}
        </Link>
      }
    >
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.buildings.title')}
        icon={icons.building}
        testId="buildings-table"
        toolbar={
          <>
            <SearchFilter table={table} label={t('office.common.search')} />
            <ChoiceFilter
              table={table}
              field="zone"
              label={label('zone')}
              allLabel={t('office.common.all')}
              data={ZONES.map((zone) => ({ value: zone, label: t(`common:locations.${zone}`) }))}
            />
            <ArchivedFilter table={table} />
          </>
        }
      />
    </OfficeFrame>
  )
}
