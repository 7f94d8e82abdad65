/** `/admin/buildings`: every building, archived ones too, with search, zone and status filters. */
import { ZONES, localizeDigits, type AdminBuilding } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ArchivedFilter, EnumFilter, SearchFilter } from '../../components/office/Filters'
import { CreateLink, OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/lists/ResourceTable'
import { idColumn, useOfficeTable } from '../../components/lists/office-table'
import { READ_PATHS } from '../../config/resources'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'
import { ArchivedBadge } from '../../components/office/ArchivedBadge'

export default function BuildingListPage() {
  const { t } = useTranslation(['admin', 'common'])
  const lang = useLanguage()
  const table = useOfficeTable<AdminBuilding>('buildings', {
    sort: 'id',
    readPath: READ_PATHS.buildings,
  })
  const label = (field: string) => t(`office.buildings.${field}`)
  const columns: Column<AdminBuilding>[] = [
    idColumn(lang),
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
      actions={<CreateLink resource="buildings" label={t('office.buildings.create')} />}
    >
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.buildings.title')}
        icon={icons.building}
        testId="buildings-table"
        toolbar={
          <>
            <SearchFilter table={table} />
            <EnumFilter
              table={table}
              field="zone"
              label={label('zone')}
              values={ZONES}
              texts="common:locations"
            />
            <ArchivedFilter table={table} />
          </>
        }
      />
    </OfficeFrame>
  )
}
