/**
 * A stay's rent ledger (`GET /api/tenancies/{id}/ledger`): one row per month from the move-in
 * month on — its state, rent, late fee and due day, and the payment that covers it with the
 * way to its page and to its receipt. In the list states every list has (placeholders, the
 * error with a retry, the empty state).
 */
import { Table } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { formatSar, type LedgerRow } from '@sakan/common'
import { Link } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { TitledSection } from '../../components/TitledSection'
import { ListStates } from '../../components/lists/ListStates'
import { RowSkeletons } from '../../components/lists/Skeletons'
import { formatCalendarDate, formatMonth } from '../../lib/format'
import { icons } from '@sakan/common/ui/Icon'
import { ledgerKey } from './TenancyActions'
import { TenancyBadge } from './TenancyBadge'
import { useOfficeTexts } from '../../components/office/use-office-texts'

export function LedgerTable({ id }: { id: number }) {
  const { t, lang, label } = useOfficeTexts('tenancies.ledger')
  const { query, result } = useCustom<LedgerRow[]>({
    url: `/api/tenancies/${id}/ledger`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ledgerKey(id) },
  })
  const rows = query.isSuccess ? result.data : []
  return (
    <TitledSection id="ledger-heading" title={label('title')} className="card office-list">
      <ListStates
        query={query}
        count={rows.length}
        skeleton={<RowSkeletons />}
        errorText={label('error')}
        empty={<EmptyState icon={icons.calendar} title={label('empty')} />}
        paging={{ page: 1, pageSize: rows.length, total: rows.length, onChange: () => {} }}
      >
        {/* Scrolled sideways on a phone, by the keyboard too: rows without a payment have no link. */}
        <div
          className="office-table-wrap"
          role="region"
          aria-labelledby="ledger-heading"
          tabIndex={0}
        >
          <Table className="office-table" striped data-testid="ledger-table">
            <caption className="visually-hidden">{label('title')}</caption>
            <Table.Thead>
              <Table.Tr>
                {(['month', 'state', 'amount', 'lateFee', 'dueDate', 'payment'] as const).map(
                  (field) => (
                    <Table.Th key={field} scope="col">
                      {label(field)}
                    </Table.Th>
                  )
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.month} data-month={row.month} data-testid="ledger-row">
                  <Table.Th scope="row">{formatMonth(row.month, lang)}</Table.Th>
                  <Table.Td>
                    <TenancyBadge kind="ledger" value={row.state} />
                  </Table.Td>
                  <Table.Td>{formatSar(row.amount, lang)}</Table.Td>
                  <Table.Td>{row.lateFee > 0 ? formatSar(row.lateFee, lang) : '—'}</Table.Td>
                  <Table.Td>
                    <time dateTime={row.dueDate}>{formatCalendarDate(row.dueDate, lang)}</time>
                  </Table.Td>
                  <Table.Td>
                    {row.paymentId === null ? (
                      '—'
                    ) : (
                      <span className="ledger-payment">
                        <Link to={`/admin/payments/${row.paymentId}`}>
                          {t('office.tenancies.ledger.paymentRef', { id: row.paymentId })}
                        </Link>
                        {' · '}
                        <Link
                          to={`/receipts/${row.paymentId}`}
                          aria-label={t('office.tenancies.ledger.receiptOf', { id: row.paymentId })}
                        >
                          {label('receipt')}
                        </Link>
                      </span>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </ListStates>
    </TitledSection>
  )
}
