/**
 * `/admin/tenancies/{id}`: one stay (issue 26) — the resident, the room, the rent fixed at the
 * approval, the move-in and, once ended, the end and why; the Ejar contract number; the deposit
 * and what was returned of it; what is owed — then its rent ledger, and the administrator's
 * actions on it (TenancyActions).
 */
import { useShow } from '@refinedev/core'
import { formatSar, localizeDigits, type Tenancy } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Facts } from '../../components/details/Facts'
import { ResidentContact } from '../../components/details/ResidentContact'
import { RecordSection } from '../../components/details/RecordSection'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { RecordError } from '../../components/office/OfficeForm'
import { roomPlaceOf } from '../../lib/applications'
import { formatCalendarDate } from '../../lib/format'
import { useLanguage } from '../../providers/use-language'
import { LedgerTable } from './LedgerTable'
import { TenancyActions } from './TenancyActions'
import { OverdueBadge, TenancyBadge } from './TenancyBadge'

export default function TenancyShowPage() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const { id } = useParams()
  const { query, result: tenancy } = useShow<Tenancy>({
    resource: 'tenancies',
    id,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.tenancies.${field}`)
  const title = t('office.tenancies.tenancy', { id: id ?? '' })
  const date = (value: string) => <time dateTime={value}>{formatCalendarDate(value, lang)}</time>

  if (query.isError) return <RecordError title={title} />
  return (
    <OfficeFrame title={title} actions={tenancy && <TenancyActions tenancy={tenancy} />}>
      <RecordSection loading={query.isLoading} testId="tenancy-detail">
        {tenancy && (
          <Facts
            className="office-facts"
            facts={[
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
              {
                label: label('room'),
                value: tenancy.room ? (
                  <Link to={`/admin/rooms/${tenancy.room.id}`}>
                    {roomPlaceOf(tenancy.room, tenancy.room.building, lang)}
                  </Link>
                ) : (
                  '—'
                ),
              },
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
        )}
      </RecordSection>
      {tenancy && <LedgerTable id={tenancy.id} />}
    </OfficeFrame>
  )
}
