/**
 * `/admin/tenancies`: every stay — resident, room, rent, move-in, its state and its
 * deposit's, what it owes and (under it) whether a month is overdue; filtered by state, overdue,
 * building and a search (resident, e-mail, room number, Ejar number), sorted by the API.
 */
import { TENANCY_STATES, formatSar, localizeDigits, type Tenancy } from '@sakan/common'
import { Link } from 'react-router'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import type { Column } from '../../components/lists/ResourceTable'
import { idColumn, personColumn, roomColumn, textColumn } from '../../components/lists/office-table'
import { formatCalendarDate } from '../../lib/format'
import { icons } from '@sakan/common/ui/Icon'
import { OverdueBadge, TenancyBadge } from './TenancyBadge'

export default function TenancyListPage() {
  const { lang, label, table } = useOfficeList<Tenancy>('tenancies', { sort: 'id' })
  const columns: Column<Tenancy>[] = [
    idColumn(lang, (row) => (
      <Link to={`/admin/tenancies/${row.id}`} data-testid="tenancy-link">
        {localizeDigits(row.id, lang)}
      </Link>
    )),
    personColumn('resident', label('resident'), (row) => row.user),
    roomColumn(label('room'), lang),
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
    // is on screen at 1280 px.
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
    <OfficeListPage
      title={label('title')}
      table={table}
      columns={columns}
      icon={icons.key}
      testId="tenancies-table"
      filters={[
        { type: 'search', hint: label('searchHint') },
        {
          type: 'enum',
          field: 'state',
          label: label('state'),
          values: TENANCY_STATES,
          texts: 'office.tenancies.states',
        },
        { type: 'boolean', field: 'overdue', label: label('overdue') },
        { type: 'building', label: label('building') },
      ]}
    />
  )
}
