/**
 * `/admin/payments`: every payment, with its kind and every month it covers (a deposit named as
 * such, several months as a range); filtered by status, month covered, building and tenant
 * search; the count and SAR total of the filtered set; the same set as a CSV file, streamed by
 * the API (UTF-8 with a BOM, so spreadsheet programs show Arabic).
 */
import { Button } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import {
  PAYMENT_STATUSES,
  formatSar,
  localizeDigits,
  type Payment,
  type PaymentsSummary,
} from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  BuildingFilter,
  EnumFilters,
  MonthFilter,
  SearchFilter,
} from '../../components/office/Filters'
import { filterQuery } from '../../components/office/filter-query'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/lists/ResourceTable'
import {
  statusColumn,
  createdColumn,
  idColumn,
  textColumn,
  useOfficeTable,
} from '../../components/lists/office-table'
import { roomPlaceOf } from '../../lib/applications'
import { paymentCoverText } from '../../lib/rent'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

export default function PaymentListPage() {
  const { t } = useTranslation(['admin', 'account'])
  const lang = useLanguage()
  const table = useOfficeTable<Payment>('payments')
  const query = filterQuery(table.filters).toString()
  /* The same filters as the list (the data provider writes them as the list's query). */
  const { result: summary, query: summaryQuery } = useCustom<PaymentsSummary>({
    url: '/api/admin/payments/summary',
    method: 'get',
    config: { filters: table.filters },
    errorNotification: false,
  })
  const label = (field: string) => t(`office.payments.${field}`)
  const columns: Column<Payment>[] = [
    idColumn(lang, (row) => (
      <Link to={`/admin/payments/${row.id}`}>{localizeDigits(row.id, lang)}</Link>
    )),
    textColumn('tenant', label('tenant'), (row) => (
      <bdi>{row.user?.fullName || row.user?.email || '—'}</bdi>
    )),
    textColumn('room', label('room'), (row) =>
      row.room ? roomPlaceOf(row.room, row.room.building, lang) : '—'
    ),
    // What it pays for (issue 39): "Deposit", or every month it covers, never its first alone.
    textColumn(
      'month',
      label('covers'),
      (row) => (
        <span data-testid="payment-covers" data-kind={row.kind}>
          {paymentCoverText(row, lang, label('kinds.deposit'))}
        </span>
      ),
      'monthCovered'
    ),
    textColumn('amount', label('amount'), (row) => formatSar(row.amount, lang), 'amount'),
    statusColumn('payment', label('status'), (row) => row.paymentStatus, 'paymentStatus'),
    createdColumn('date', label('date')),
  ]
  const total = summaryQuery.isSuccess ? summary.data : undefined
  return (
    <OfficeFrame
      title={t('office.payments.title')}
      actions={
        <Button
          component="a"
          variant="default"
          size="md"
          leftSection={<Icon icon={icons.file} />}
          href={`/api/admin/payments/export${query ? `?${query}` : ''}`}
          download
          data-testid="payments-export"
        >
          {label('export')}
        </Button>
      }
    >
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.payments.title')}
        icon={icons.creditCard}
        testId="payments-table"
        summary={
          <p
            className="office-summary"
            role="status"
            aria-live="polite"
            data-testid="payments-summary"
          >
            {total
              ? t('office.payments.total', {
                  count: total.count,
                  total: formatSar(total.total, lang),
                })
              : '\u00a0'}
          </p>
        }
        toolbar={
          <>
            <SearchFilter table={table} hint={label('searchHint')} />
            <EnumFilters
              table={table}
              filters={[
                {
                  field: 'paymentStatus',
                  label: label('status'),
                  values: PAYMENT_STATUSES,
                  texts: 'account:status.payment',
                },
              ]}
            />
            <MonthFilter table={table} field="monthCovered" label={label('month')} />
            <BuildingFilter table={table} label={label('building')} />
          </>
        }
      />
    </OfficeFrame>
  )
}
