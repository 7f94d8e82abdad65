/**
 * `/admin/tenancies/{id}`: one stay — the resident, the room, the rent fixed at the
 * approval, the move-in and, once ended, the end and why; the Ejar contract number; the deposit
 * and what was returned of it; what is owed — then its rent ledger, and the administrator's
 * actions on it (TenancyActions).
 */
import { formatSar, localizeDigits, type Tenancy } from '@sakan/common'
import { Link } from 'react-router'
import { ResidentContact } from '../../components/details/ResidentContact'
import { RoomLink } from '../../components/details/RoomLink'
import { useOfficeRecord } from '../../components/details/use-office-record'
import { OfficeRecordPage } from '../../components/office/OfficeRecordPage'
import { formatCalendarDate } from '../../lib/format'
import { LedgerTable } from './LedgerTable'
import { TenancyActions } from './TenancyActions'
import { OverdueBadge, TenancyBadge } from './TenancyBadge'
import { useOfficeTexts } from '../../components/office/use-office-texts'

export default function TenancyShowPage() {
  const { t, lang, label } = useOfficeTexts('tenancies')
  const { id, query, record: tenancy } = useOfficeRecord<Tenancy>('tenancies')
  const title = t('office.tenancies.tenancy', { id })
  const date = (value: string) => <time dateTime={value}>{formatCalendarDate(value, lang)}</time>

  return (
    <OfficeRecordPage
      title={title}
      actions={tenancy && <TenancyActions tenancy={tenancy} />}
      query={query}
      record={tenancy}
      testId="tenancy-detail"
      after={tenancy && <LedgerTable id={tenancy.id} />}
      facts={(tenancy) => [
        {
          label: label('state'),
          value: (
            <>
              <TenancyBadge kind="state" value={tenancy.state} testId="tenancy-state" />{' '}
              {tenancy.overdue && <OverdueBadge />}
            </>
          ),
        },
        {
          label: label('resident'),
          value: <ResidentContact resident={tenancy.user} />,
          wide: true,
        },
        { label: label('room'), value: <RoomLink room={tenancy.room} /> },
        {
          label: label('application'),
          value: (
            <Link to={`/admin/applications/${tenancy.applicationId}`}>
              {t('office.tenancies.applicationRef', { id: tenancy.applicationId })}
            </Link>
          ),
        },
        { label: label('monthlyRent'), value: formatSar(tenancy.monthlyRent, lang) },
        { label: label('moveIn'), value: date(tenancy.startDate) },
        tenancy.endDate !== null && { label: label('endDate'), value: date(tenancy.endDate) },
        !!tenancy.endReason && {
          label: label('endReason'),
          value: <bdi>{tenancy.endReason}</bdi>,
          wide: true,
        },
        {
          label: label('ejar'),
          value: tenancy.ejarContractNumber
            ? localizeDigits(tenancy.ejarContractNumber, lang)
            : label('ejarNone'),
          valueProps: {
            'data-testid': 'tenancy-ejar',
            'data-value': tenancy.ejarContractNumber ?? '',
          } as Record<string, string>,
        },
        {
          label: label('deposit'),
          value: (
            <>
              {formatSar(tenancy.deposit.amount, lang)}{' '}
              <TenancyBadge
                kind="deposit"
                value={tenancy.deposit.state}
                testId="tenancy-deposit-state"
              />
            </>
          ),
        },
        tenancy.deposit.paid > 0 && {
          label: label('depositPaid'),
          value: formatSar(tenancy.deposit.paid, lang),
          valueProps: { 'data-testid': 'tenancy-deposit-paid' },
        },
        tenancy.deposit.returnedAmount !== null && {
          label: label('returnedAmount'),
          value: formatSar(tenancy.deposit.returnedAmount, lang),
        },
        !!tenancy.deposit.reason && {
          label: label('returnReason'),
          value: <bdi>{tenancy.deposit.reason}</bdi>,
          wide: true,
        },
        {
          label: label('balance'),
          value: formatSar(tenancy.balance, lang),
          valueProps: { 'data-testid': 'tenancy-balance' },
        },
      ]}
    />
  )
}
