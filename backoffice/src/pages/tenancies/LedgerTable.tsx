/**
 * A stay's rent ledger (`GET /api/tenancies/{id}/ledger`): one row per month from the move-in
 * month on — its state, rent, late fee and due day, and the payment that covers it with the
 * way to its page and to its receipt, how it came when not by card (Ejar, a transfer, cash) and
 * what of it was refunded. In the list states every list has (placeholders, the
 * error with a retry, the empty state).
 */
import { Table } from '@mantine/core'
import { formatSar } from '@sakan/common'
import { Link } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { TitledSection } from '../../components/TitledSection'
import { ListStates } from '../../components/lists/ListStates'
import { RowSkeletons } from '../../components/lists/Skeletons'
import { formatCalendarDate, formatMonth } from '../../lib/format'
import { icons } from '@sakan/common/ui/Icon'
import { TenancyBadge } from './TenancyBadge'
import { useLedger } from './use-ledger'
import { useOfficeTexts } from '../../components/office/use-office-texts'

export function LedgerTable({ id }: { id: number }) {
  const { t, lang, label } = useOfficeTexts('tenancies.ledger')
  const { query, rows } = useLedger(id)
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
                        {/* How it came when not by card, and what of it was given back. */}
                        {row.paymentMethod && row.paymentMethod !== 'creditCard' && (
                          <span className="ledger-payment-note" data-testid="ledger-method">
                            {t('office.tenancies.ledger.via', {
                              method: t(`office.payments.methods.${row.paymentMethod}`),
                            })}
                          </span>
                        )}
                        {row.refunded > 0 && (
                          <span className="ledger-payment-note" data-testid="ledger-refunded">
                            {t('office.tenancies.ledger.refunded', {
                              amount: formatSar(row.refunded, lang),
                            })}
                          </span>
                        )}
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
