/**
 * `/admin/payments`: every payment, with its kind and every month it covers (a deposit named as
 * such, several months as a range) and how it came (card, Ejar, transfer, cash); filtered by
 * status, month covered, building and tenant search; the count and SAR total of the filtered
 * set; the same set as a CSV file, streamed by the API (UTF-8 with a BOM, so spreadsheet
 * programs show Arabic).
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
import { Link } from 'react-router'
import { filterQuery } from '../../components/office/filter-query'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import type { Column } from '../../components/lists/ResourceTable'
import {
  statusColumn,
  createdColumn,
  idColumn,
  personColumn,
  roomColumn,
  textColumn,
} from '../../components/lists/office-table'
import { paymentCoverText } from '../../lib/rent'
import { Icon, icons } from '@sakan/common/ui/Icon'

export default function PaymentListPage() {
  const { t, lang, label, table } = useOfficeList<Payment>('payments')
  const query = filterQuery(table.filters).toString()
  /* The same filters as the list (the data provider writes them as the list's query). */
  const { result: summary, query: summaryQuery } = useCustom<PaymentsSummary>({
    url: '/api/admin/payments/summary',
    method: 'get',
    config: { filters: table.filters },
    errorNotification: false,
  })
  const columns: Column<Payment>[] = [
    idColumn(lang, (row) => (
      <Link to={`/admin/payments/${row.id}`}>{localizeDigits(row.id, lang)}</Link>
    )),
    personColumn('tenant', label('tenant'), (row) => row.user),
    roomColumn(label('room'), lang),
    // What it pays for: "Deposit", or every month it covers, never its first alone (a payment
    // for three months is not a payment for the first).
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
    // How it came: the card form, or recorded by the administrator (Ejar, transfer, cash).
    textColumn('method', label('method'), (row) => (
      <span data-testid="payment-method" data-value={row.paymentMethod}>
        {t(`office.payments.methods.${row.paymentMethod}`)}
      </span>
    )),
    statusColumn('payment', label('status'), (row) => row.paymentStatus, 'paymentStatus'),
    createdColumn('date', label('date')),
  ]
  const total = summaryQuery.isSuccess ? summary.data : undefined
  return (
    <OfficeListPage
      title={label('title')}
      actions={
        <Button
          component="a"
          variant="default"
          size="md"
          leftSection={<Icon icon={icons.file} />}
          // A download the browser makes itself sends no X-Locale: the file's language is named.
          href={`/api/admin/payments/export?${query ? `${query}&` : ''}locale=${lang}`}
          download
          data-testid="payments-export"
        >
          {label('export')}
        </Button>
      }
      table={table}
      columns={columns}
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
      filters={[
        { type: 'search', hint: label('searchHint') },
        { type: 'status', kind: 'payment', field: 'paymentStatus', values: PAYMENT_STATUSES },
        { type: 'month', field: 'monthCovered', label: label('month') },
        { type: 'building', label: label('building') },
      ]}
    />
  )
}
