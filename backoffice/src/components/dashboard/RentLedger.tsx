/**
 * The resident's rent, above her payments: each of her stays with its month-by-month
 * ledger (`GET /api/tenancies`, `GET /api/tenancies/{id}/ledger`) — every month's state, rent
 * and late fee, a Pay button on due and overdue months, a receipt link on paid ones (and how
 * one was paid when not by card, what of it was refunded) — its
 * deposit (what was paid and returned, with a Pay button while it is due), what it owes line
 * by line (rent, the deposit while due, the total), its Ejar contract number and, once
 * it has ended, its end date; below them, her choice of rent reminders. Each list has
 * its loading, empty and error state.
 */
import { Button, Skeleton } from '@mantine/core'
import { useList, type HttpError } from '@refinedev/core'
import { formatSar, localizeDigits, type LedgerRow, type Tenancy } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buildingNameOf, roomNumberOf } from '../../lib/applications'
import { formatCalendarDate, formatMonth } from '../../lib/format'
import { ledgerPayPath, payPath, receiptPath } from '../../lib/rent'
import { useTexts } from '../../providers/use-language'
import { ListError } from '../applications/ListError'
import { Facts } from '../details/Facts'
import { StatusBadge } from '../details/StatusBadge'
import { EmptyCard } from '../EmptyState'
import { TitledSection } from '../TitledSection'
import { useFallbacks } from '../details/use-fallbacks'
import { RentReminders } from './RentReminders'

/** A stay's months as a table: month, state, rent, late fee, and what she can do. */
function LedgerTable({ stay }: { stay: Tenancy }) {
  const { t, lang } = useTexts('account')
  const { query, result } = useList<LedgerRow, HttpError>({
    resource: `tenancies/${stay.id}/ledger`,
    pagination: { mode: 'off' },
    errorNotification: false,
  })
  if (query.isLoading) {
    return (
      <div role="status" aria-label={t('states.loading')} className="ledger-loading">
        <Skeleton height={28} radius="sm" />
        <Skeleton height={28} radius="sm" mt="xs" />
      </div>
    )
  }
  if (query.isError) {
    return <ListError text={t('dashboard.ledger.loadError')} query={query} />
  }
  const rows = result.data
  const caption = `ledger-caption-${stay.id}`
  return (
    // Scrolled sideways on a phone, by the keyboard too: months to come have no link to reach.
    <div className="ledger-scroll" role="region" aria-labelledby={caption} tabIndex={0}>
      <table className="ledger-table" data-testid="ledger">
        <caption id={caption}>{t('dashboard.ledger.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.ledger.month')}</th>
            <th scope="col">{t('dashboard.ledger.state')}</th>
            <th scope="col">{t('dashboard.ledger.amount')}</th>
            <th scope="col">{t('dashboard.ledger.lateFee')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('dashboard.ledger.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const month = formatMonth(row.month, lang)
            return (
              <tr
                key={row.month}
                data-testid="ledger-row"
                data-month={row.month}
                data-state={row.state}
              >
                <th scope="row">{month}</th>
                <td>
                  <StatusBadge kind="ledger" status={row.state} />
                  {/* How a paid month was paid when not by card, and what of it came back. */}
                  {row.paymentMethod && row.paymentMethod !== 'creditCard' && (
                    <span className="ledger-note" data-testid="ledger-method">
                      {t('dashboard.ledger.paidBy', {
                        method: t(`receipt.methods.${row.paymentMethod}`),
                      })}
                    </span>
                  )}
                  {row.refunded > 0 && (
                    <span className="ledger-note" data-testid="ledger-refunded">
                      {t('dashboard.ledger.refunded', { amount: formatSar(row.refunded, lang) })}
                    </span>
                  )}
                </td>
                <td className="ledger-amount">{formatSar(row.amount, lang)}</td>
                <td className="ledger-amount">
                  {row.state === 'overdue' && row.lateFee > 0 ? formatSar(row.lateFee, lang) : '—'}
                </td>
                <td className="ledger-action">
                  {(row.state === 'due' || row.state === 'overdue') && (
                    <Button
                      component={Link}
                      size="xs"
                      to={ledgerPayPath(stay.roomId, row.month)}
                      aria-label={t('dashboard.ledger.payMonth', { month })}
                      data-testid="ledger-pay"
                    >
                      {t('dashboard.ledger.pay')}
                    </Button>
                  )}
                  {row.state === 'paid' && row.paymentId !== null && (
                    <Link
                      to={receiptPath(row.paymentId)}
                      className="ledger-receipt"
                      aria-label={t('dashboard.ledger.receiptFor', { month })}
                      data-testid="ledger-receipt"
                    >
                      {t('dashboard.ledger.receipt')}
                    </Link>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function StayCard({ stay }: { stay: Tenancy }) {
  const { t, lang } = useTexts('account')
  const fallbacks = useFallbacks()
  const { deposit } = stay
  return (
    <article
      className="record-card card stay-card"
      data-testid="stay-card"
      data-status={stay.state}
      data-room-id={stay.roomId}
    >
      <header className="record-card-head">
        <div className="record-card-heading">
          <h3 className="record-card-title">
            {t('dashboard.ledger.stay', {
              building: buildingNameOf(stay.room?.building, lang, fallbacks),
              number: roomNumberOf(stay.room, fallbacks),
            })}
          </h3>
        </div>
        <StatusBadge kind="tenancy" status={stay.state} />
      </header>
      <Facts
        facts={[
          { label: t('dashboard.ledger.monthlyRent'), value: formatSar(stay.monthlyRent, lang) },
          {
            label: t('dashboard.ledger.moveIn'),
            value: formatCalendarDate(stay.startDate, lang),
          },
          Boolean(stay.endDate) && {
            label: t('dashboard.ledger.ended'),
            value: formatCalendarDate(stay.endDate ?? '', lang),
            valueProps: { 'data-testid': 'stay-ended' },
          },
          // What she owes, line by line: rent, the deposit while it is due, the total.
          {
            label: t('dashboard.ledger.owedRent'),
            value: formatSar(stay.owed.rent, lang),
            valueProps: { 'data-testid': 'stay-owed-rent' },
          },
          stay.owed.deposit > 0 && {
            label: t('dashboard.ledger.owedDeposit'),
            value: formatSar(stay.owed.deposit, lang),
            valueProps: { className: 'stay-balance-owed', 'data-testid': 'stay-owed-deposit' },
          },
          {
            label: t('dashboard.ledger.balance'),
            value: formatSar(stay.balance, lang),
            valueProps: {
              className: stay.balance > 0 ? 'stay-balance-owed' : undefined,
              'data-testid': 'stay-balance',
            },
          },
          Boolean(stay.ejarContractNumber) && {
            label: t('dashboard.ledger.ejar'),
            value: localizeDigits(stay.ejarContractNumber ?? '', lang),
            valueProps: { 'data-testid': 'stay-ejar' },
          },
        ]}
      />
      <div className="stay-deposit" data-testid="stay-deposit" data-state={deposit.state}>
        <span className="stay-deposit-label">{t('dashboard.ledger.deposit')}</span>
        <span className="stay-deposit-amount">{formatSar(deposit.amount, lang)}</span>
        <StatusBadge kind="deposit" status={deposit.state} />
        {deposit.paid > 0 && (
          <span className="stay-deposit-returned" data-testid="stay-deposit-paid">
            {t('dashboard.ledger.depositPaid', { amount: formatSar(deposit.paid, lang) })}
          </span>
        )}
        {(deposit.returnedAmount ?? 0) > 0 && (
          <span className="stay-deposit-returned" data-testid="stay-deposit-returned">
            {t('dashboard.ledger.depositReturned', {
              amount: formatSar(deposit.returnedAmount ?? 0, lang),
            })}
            {deposit.reason && (
              <>
                {' · '}
                <bdi>{deposit.reason}</bdi>
              </>
            )}
          </span>
        )}
        {deposit.state === 'due' && stay.state === 'active' && (
          <Button
            component={Link}
            size="xs"
            to={payPath(stay.roomId, 'deposit')}
            leftSection={<Icon icon={icons.creditCard} />}
            data-testid="deposit-pay"
          >
            {t('dashboard.ledger.payDeposit')}
          </Button>
        )}
      </div>
      <LedgerTable stay={stay} />
    </article>
  )
}

/** Her stays, each with its ledger; nothing to show until an application is approved. */
export function RentLedger() {
  const { t } = useTranslation('account')
  const { query, result } = useList<Tenancy, HttpError>({
    resource: 'tenancies',
    pagination: { mode: 'off' },
    errorNotification: false,
  })
  return (
    <TitledSection
      id="rent-ledger-title"
      title={t('dashboard.ledger.title')}
      className="rent-ledger"
      titleClassName="rent-ledger-title"
      testId="rent-ledger"
    >
      {query.isLoading ? (
        <div className="card panel-card" role="status" aria-label={t('states.loading')}>
          <Skeleton height={24} width="40%" radius="sm" />
          <Skeleton height={120} radius="md" mt="md" />
        </div>
      ) : query.isError ? (
        <ListError text={t('dashboard.ledger.loadError')} query={query} />
      ) : result.data.length === 0 ? (
        <EmptyCard
          icon={icons.calendar}
          title={t('dashboard.ledger.empty.title')}
          text={t('dashboard.ledger.empty.text')}
          testId="rent-ledger-empty"
        />
      ) : (
        <>
          <ul className="stay-list" role="list" aria-label={t('dashboard.ledger.listLabel')}>
            {result.data.map((stay) => (
              <li key={stay.id}>
                <StayCard stay={stay} />
              </li>
            ))}
          </ul>
          <RentReminders />
        </>
      )}
    </TitledSection>
  )
}
