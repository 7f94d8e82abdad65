/**
 * `/admin/tenancies`: every stay (issue 26) — resident, room, rent, move-in, its state and its
 * deposit's, what it owes and (under it) whether a month is overdue; filtered by state, overdue,
 * building and a search (resident, e-mail, room number, Ejar number), sorted by the API.
 */
import { TENANCY_STATES, formatSar, localizeDigits, type Tenancy } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  BooleanFilter,
  BuildingFilter,
  EnumFilters,
  SearchFilter,
} from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/lists/ResourceTable'
import { idColumn, textColumn, useOfficeTable } from '../../components/lists/office-table'
import { roomPlaceOf } from '../../lib/applications'
import { formatCalendarDate } from '../../lib/format'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'
import { OverdueBadge, TenancyBadge } from './TenancyBadge'

export default function TenancyListPage() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const table = useOfficeTable<Tenancy>('tenancies', { sort: 'id' })
  const label = (field: string) => t(`office.tenancies.${field}`)
  const columns: Column<Tenancy>[] = [
    idColumn(lang, (row) => (
      <Link to={`/admin/tenancies/${row.id}`} data-testid="tenancy-link">
        {localizeDigits(row.id, lang)}
      </Link>
    )),
    textColumn('resident', label('resident'), (row) => (
      <bdi>{row.user?.fullName || row.user?.email || '—'}</bdi>
    )),
    textColumn('room', label('room'), (row) =>
      row.room ? roomPlaceOf(row.room, row.room.building, lang) : '—'
    ),
    textColumn(
      'rent',
      label('monthlyRent'),
      (row) => formatSar(row.monthlyRent, lang),
      'monthlyRent'
    ),
    textColumn(
      'moveIn',
      label('moveIn'),
      (row) => <time dateTime={row.startDate}>{formatCalendarDate(row.startDate, lang)}</time>,
      'startDate'
    ),
    textColumn(
      'state',
      label('state'),
      (row) => <TenancyBadge kind="state" value={row.state} testId="tenancy-state" />,
      'state'
    ),
    textColumn('deposit', label('depositState'), (row) => (
      <TenancyBadge kind="deposit" value={row.deposit.state} />
    )),
    // What it owes, and under it whether a month is overdue: one column, so that every column
    // is on screen at 1280 px (issue 41).
    textColumn(
      'balance',
      label('balance'),
      (row) => (
        <div className="tenancy-balance">
          <span data-value={row.balance}>{formatSar(row.balance, lang)}</span>
          {row.overdue && <OverdueBadge />}
        </div>
      ),
      'balance'
    ),
  ]
  return (
    <OfficeFrame title={label('title')}>
      <ResourceTable
        table={table}
        columns={columns}
        caption={label('title')}
        icon={icons.key}
        testId="tenancies-table"
        toolbar={
          <>
            <SearchFilter table={table} hint={label('searchHint')} />
            <EnumFilters
              table={table}
              filters={[
                {
                  field: 'state',
                  label: label('state'),
                  values: TENANCY_STATES,
                  texts: 'office.tenancies.states',
                },
              ]}
            />
            <BooleanFilter table={table} field="overdue" label={label('overdue')} />
            <BuildingFilter table={table} label={label('building')} />
          </>
        }
      />
    </OfficeFrame>
  )
}
