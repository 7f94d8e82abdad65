/**
 * `/admin/applications`: every application, filtered by status and found by the applicant's
 * name or e-mail; each opens its page, where she decides.
 */
import { Badge } from '@mantine/core'
import { useTable } from '@refinedev/core'
import { APPLICATION_STATUSES, localizeDigits } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useApplicantFallbacks } from '../../components/admin/applicant'
import { ChoiceFilter, SearchFilter } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/office/ResourceTable'
import { buildingNameOf, roomNumberOf, type Application } from '../../lib/applications'
import { formatCalendarDate, formatDateTime } from '../../lib/format'
import { APPLICATION_TONES, toneOf } from '../../lib/status'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

export default function ApplicationListPage() {
  const { t } = useTranslation(['admin', 'account'])
  const lang = useLanguage()
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const table = useTable<Application>({
    resource: 'applications',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.applicationsList.${field}`)
  const columns: Column<Application>[] = [
    { key: 'id', header: '#', sort: 'id', render: (row) => localizeDigits(row.id, lang) },
    {
      key: 'applicant',
      header: label('applicant'),
      render: (row) => (
        <Link to={`/admin/applications/${row.id}`} data-testid="application-link">
          <bdi>{nameOf(row)}</bdi>
        </Link>
      ),
    },
    {
      key: 'email',
      header: label('email'),
      render: (row) => <span dir="ltr">{row.user?.email ?? '—'}</span>,
    },
    {
      key: 'room',
      header: label('room'),
      render: (row) =>
        `${localizeDigits(roomNumberOf(row.room, fallbacks), lang)} · ${buildingNameOf(row.room?.building, lang, fallbacks)}`,
    },
    {
      key: 'moveIn',
      header: label('moveIn'),
      sort: 'moveInDate',
      render: (row) => formatCalendarDate(row.moveInDate, lang),
    },
    {
      key: 'submitted',
      header: label('submitted'),
      sort: 'createdAt',
      render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>,
    },
    {
      key: 'status',
      header: t('office.common.status'),
      sort: 'status',
      render: (row) => (
        <Badge data-tone={toneOf(APPLICATION_TONES, row.status)} data-value={row.status}>
          {t(`account:status.application.${row.status}`)}
        </Badge>
      ),
    },
  ]
  return (
    <OfficeFrame title={t('office.applicationsList.title')}>
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.applicationsList.title')}
        icon={icons.file}
        testId="applications-table"
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
              data={APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: t(`account:status.application.${status}`),
              }))}
            />
          </>
        }
      />
    </OfficeFrame>
  )
}
