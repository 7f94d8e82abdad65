/** `/admin/buildings`: every building, archived ones too, with search, zone and status filters. */
import { ZONES, localizeDigits, type AdminBuilding } from '@sakan/common'
import { CreateLink } from '../../components/office/OfficeFrame'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import type { Column } from '../../components/lists/ResourceTable'
import {
  archivedColumn,
  idColumn,
  linkColumn,
  textColumn,
} from '../../components/lists/office-table'
import { icons } from '@sakan/common/ui/Icon'

export default function BuildingListPage() {
  const { t, lang, label, table } = useOfficeList<AdminBuilding>('buildings', { sort: 'id' })
  const columns: Column<AdminBuilding>[] = [
    idColumn(lang),
    linkColumn(
      'name',
      label('name'),
      (row) => `/admin/buildings/${row.id}/edit`,
      (row) => (lang === 'ar' ? row.name_ar : row.name_en),
      { sort: lang === 'ar' ? 'name_ar' : 'name_en' }
    ),
    textColumn('zone', label('zone'), (row) => t(`common:locations.${row.zone}`), 'zone'),
    textColumn('rooms', label('rooms'), (row) => localizeDigits(row.roomCount, lang)),
    archivedColumn(t('office.common.status')),
  ]
  return (
    <OfficeListPage
      title={label('title')}
      actions={<CreateLink resource="buildings" label={t('office.buildings.create')} />}
      table={table}
      columns={columns}
      icon={icons.building}
      testId="buildings-table"
      filters={[
        { type: 'search' },
        {
          type: 'enum',
          field: 'zone',
          label: label('zone'),
          values: ZONES,
          texts: 'common:locations',
        },
        { type: 'archived' },
      ]}
    />
  )
}
