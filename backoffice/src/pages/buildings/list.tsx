/** `/admin/buildings`: every building, archived ones too, with search, zone and status filters. */
import { ZONES, localizeDigits, type AdminBuilding } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { ArchivedFilter, EnumFilters, SearchFilter } from '../../components/office/Filters'
import { CreateLink, OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/lists/ResourceTable'
import {
  archivedColumn,
  idColumn,
  linkColumn,
  textColumn,
  useOfficeTable,
} from '../../components/lists/office-table'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

export default function BuildingListPage() {
  const { t } = useTranslation(['admin', 'common'])
  const lang = useLanguage()
  const table = useOfficeTable<AdminBuilding>('buildings', { sort: 'id' })
  const label = (field: string) => t(`office.buildings.${field}`)
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
            <EnumFilters
              table={table}
              filters={[
                { field: 'zone', label: label('zone'), values: ZONES, texts: 'common:locations' },
              ]}
            />
            <ArchivedFilter table={table} />
          </>
        }
      />
    </OfficeFrame>
  )
}
