/**
 * `/admin/rent-roll` (issue 44): how a month went, for one building or all
 * (`GET /api/admin/rent-roll?month=&buildingId=`, one answer, not a list) — its figures as cards
 * (rooms occupied, the rent expected and paid, what came in by each way, what is outstanding,
 * late fees, deposits held); the last 12 months as a chart of expected rent beside what came
 * in, stacked by how it came, with its figures in a table for assistive technology; and the
 * residents behind today, by how long (the age buckets, then the longest behind first, each
 * with the way to her stay). The month (this one or before, in Riyadh) and the building are in
 * the address, so the page can be shared and the back button goes back through them; the same
 * filters download as a CSV file in the administrator's language. Each part has its loading
 * placeholders; a failed read says so with a way to try again.
 */
import 'dayjs/locale/ar'
import '@mantine/core/styles/Card.css'
import '@mantine/dates/styles.css'
import './rent-roll.css'
import { Button, Card, Select, Skeleton, Table } from '@mantine/core'
import { DatesProvider, MonthPickerInput } from '@mantine/dates'
import { useCustom } from '@refinedev/core'
import {
  OVERDUE_BUCKETS,
  PAYMENT_METHODS,
  formatNumber,
  formatSar,
  type RentRoll,
} from '@sakan/common'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PendingButton } from '../../components/auth/PendingButton'
import { EmptyState, ErrorCard } from '../../components/EmptyState'
import { ListStates } from '../../components/lists/ListStates'
import { RowSkeletons } from '../../components/lists/Skeletons'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { useBuildingChoices } from '../../components/office/use-building-choices'
import { useOfficeTexts } from '../../components/office/use-office-texts'
import { TitledSection } from '../../components/TitledSection'
import { roomPlaceOf } from '../../lib/applications'
import { calendarFormats, formatCalendarDate, formatMonth } from '../../lib/format'
import { serverMessageOr, showErrorToast } from '../../lib/refusals'
import {
  currentMonth,
  historyHasFigures,
  collectedOf,
  rentRollExportPath,
  rentRollFileName,
  rentRollFilters,
  rentRollParams,
  rentRollQuery,
  type RentRollFilters,
} from '../../lib/rent-roll'
import { attachmentName, saveFile } from '../../lib/save-file'
import { apiDownload } from '../../providers/http-client'
import { HistoryChart } from './HistoryChart'

/** The filters: a month up to this one, and a building (all unless chosen). */
function Filters({
  filters,
  onChange,
}: {
  filters: RentRollFilters
  onChange: (next: Partial<RentRollFilters>) => void
}) {
  const { t, lang, label } = useOfficeTexts('rentRoll')
  const buildings = useBuildingChoices()
  const { monthsListFormat, yearsListFormat, yearLabelFormat, decadeLabelFormat } =
    calendarFormats(lang)
  return (
    <div className="card office-list" role="group" aria-label={label('filters')}>
      <div className="office-toolbar">
        <DatesProvider settings={{ locale: lang }}>
          <MonthPickerInput
            label={label('month')}
            value={`${filters.month}-01`}
            maxDate={`${currentMonth()}-01`}
            onChange={(value) => value && onChange({ month: value.slice(0, 7) })}
            valueFormatter={({ date }) =>
              typeof date === 'string' ? formatMonth(date.slice(0, 7), lang) : ''
            }
            leftSection={<Icon icon={icons.calendar} />}
            leftSectionPointerEvents="none"
            ariaLabels={{
              nextYear: t('account:calendar.nextYear'),
              previousYear: t('account:calendar.previousYear'),
              nextDecade: t('account:calendar.nextDecade'),
              previousDecade: t('account:calendar.previousDecade'),
              yearLevelControl: t('account:calendar.yearLevelControl'),
            }}
            monthsListFormat={monthsListFormat}
            yearsListFormat={yearsListFormat}
            yearLabelFormat={yearLabelFormat}
            decadeLabelFormat={decadeLabelFormat}
            data-testid="rent-roll-month"
          />
        </DatesProvider>
        <Select
          label={label('building')}
          data={buildings}
          value={filters.buildingId}
          placeholder={label('allBuildings')}
          clearable
          searchable={buildings.length > 8}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => onChange({ buildingId: value })}
          data-testid="rent-roll-building"
        />
      </div>
    </div>
  )
}

/** The CSV of the same filters, in her language (the API reads `X-Locale`, as on every call). */
function ExportButton({ filters }: { filters: RentRollFilters }) {
  const { label } = useOfficeTexts('rentRoll')
  const [preparing, setPreparing] = useState(false)
  const download = async () => {
    setPreparing(true)
    try {
      const file = await apiDownload(rentRollExportPath(filters))
      saveFile(file.blob, attachmentName(file.contentDisposition, rentRollFileName(filters.month)))
    } catch (error) {
      showErrorToast(error, label('exportFailed'))
    } finally {
      setPreparing(false)
    }
  }
  return (
    <PendingButton
      variant="default"
      size="md"
      pending={preparing}
      pendingLabel={label('exporting')}
      leftSection={<Icon icon={icons.file} />}
      onClick={() => void download()}
      data-testid="rent-roll-export"
    >
      {label('export')}
    </PendingButton>
  )
}

/** One figure as a card: its icon, label, value (a placeholder while it loads) and note. */
function Figure({
  name,
  icon,
  tone,
  value,
  note,
  loading,
  children,
}: {
  name: string
  icon: IconDrawing
  tone: string
  value: ReactNode
  note?: ReactNode
  loading: boolean
  children?: ReactNode
}) {
  const { label } = useOfficeTexts('rentRoll')
  return (
    <Card component="li" withBorder radius="md" className="rent-roll-figure" data-tone={tone}>
      <span className="stat-icon" aria-hidden="true">
        <Icon icon={icon} />
      </span>
      <span className="stat-label">{label(`figures.${name}`)}</span>
      <div className="stat-value" data-testid={`rent-roll-${name}`}>
        {loading ? <Skeleton height="1.2em" width="60%" radius="sm" aria-hidden="true" /> : value}
      </div>
      {!loading && note && <span className="stat-note">{note}</span>}
      {!loading && children}
    </Card>
  )
}

function Figures({ roll, month }: { roll: RentRoll | undefined; month: string }) {
  const { t, lang, label } = useOfficeTexts('rentRoll')
  const loading = roll === undefined
  /* An amount may go on two lines in a narrow card, its currency under it (as StatCards). */
  const sar = (amount: number | undefined) =>
    amount === undefined ? '—' : formatSar(amount, lang).replace(/\u00a0/g, ' ')
  return (
    <TitledSection
      id="rent-roll-figures"
      title={t('office.rentRoll.figures.label', { month: formatMonth(month, lang) })}
      className="rent-roll-section"
    >
      <ul className="rent-roll-figures" role="list" aria-busy={loading || undefined}>
        <Figure
          name="occupied"
          icon={icons.key}
          tone="accent"
          loading={loading}
          value={
            roll &&
            t('office.rentRoll.figures.occupiedValue', {
              occupied: roll.occupied,
              rooms: roll.rooms,
            })
          }
          note={label('figures.occupiedNote')}
        />
        <Figure
          name="expected"
          icon={icons.calendar}
          tone="brand"
          loading={loading}
          value={sar(roll?.expected)}
          note={roll && t('office.rentRoll.figures.expectedNote', { amount: sar(roll.paid) })}
        />
        <Figure
          name="collected"
          icon={icons.wallet}
          tone="success"
          loading={loading}
          value={sar(roll?.collected.total)}
          note={label('figures.collectedNote')}
        >
          {roll && (
            <dl className="rent-roll-methods" aria-label={label('byMethod')}>
              {PAYMENT_METHODS.map((method) => (
                <div key={method} data-method={method}>
                  <dt>{t(`office.payments.methods.${method}`)}</dt>
                  <dd>{formatSar(roll.collected.byMethod[method] ?? 0, lang)}</dd>
                </div>
              ))}
            </dl>
          )}
        </Figure>
        <Figure
          name="outstanding"
          icon={icons.alert}
          tone={roll && roll.outstanding > 0 ? 'danger' : 'success'}
          loading={loading}
          value={sar(roll?.outstanding)}
          note={label('figures.outstandingNote')}
        />
        <Figure
          name="lateFees"
          icon={icons.clock}
          tone={roll && roll.lateFees > 0 ? 'danger' : 'success'}
          loading={loading}
          value={sar(roll?.lateFees)}
          note={label('figures.lateFeesNote')}
        />
        <Figure
          name="depositsHeld"
          icon={icons.lock}
          tone="gold"
          loading={loading}
          value={sar(roll?.depositsHeld)}
          note={label('figures.depositsHeldNote')}
        />
      </ul>
    </TitledSection>
  )
}

/** The 12 months: the chart, and its figures as a table read by assistive technology. */
function History({ roll }: { roll: RentRoll | undefined }) {
  const { t, lang, label } = useOfficeTexts('rentRoll')
  return (
    <TitledSection
      id="rent-roll-history"
      title={label('history.title')}
      className="card rent-roll-section rent-roll-panel"
      busy={roll === undefined}
      testId="rent-roll-history"
    >
      <p className="rent-roll-note">{label('history.lead')}</p>
      {roll === undefined ? (
        <Skeleton height={280} radius="md" aria-hidden="true" />
      ) : !historyHasFigures(roll.history) ? (
        <p className="rent-roll-none">{label('history.empty')}</p>
      ) : (
        <>
          <HistoryChart history={roll.history} />
          {/* A table is as wide as its cells whatever its own box says: hidden in a box. */}
          <div className="visually-hidden">
            <table data-testid="rent-roll-history-table">
              <caption>{label('history.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{label('history.month')}</th>
                  <th scope="col">{label('history.expected')}</th>
                  {PAYMENT_METHODS.map((method) => (
                    <th key={method} scope="col">
                      {t(`office.payments.methods.${method}`)}
                    </th>
                  ))}
                  <th scope="col">{label('history.collected')}</th>
                </tr>
              </thead>
              <tbody>
                {roll.history.map((point) => (
                  <tr key={point.month}>
                    <th scope="row">{formatMonth(point.month, lang)}</th>
                    <td>{formatSar(point.expected, lang)}</td>
                    {PAYMENT_METHODS.map((method) => (
                      <td key={method}>{formatSar(point.collected[method] ?? 0, lang)}</td>
                    ))}
                    <td>{formatSar(collectedOf(point.collected), lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </TitledSection>
  )
}

/** Who is behind today: the age buckets, then the residents, the longest behind first. */
function Behind({
  roll,
  query,
}: {
  roll: RentRoll | undefined
  query: { refetch: () => unknown }
}) {
  const { t, lang, label } = useOfficeTexts('rentRoll')
  const residents = roll?.behind.residents ?? []
  const bucketOf = (bucket: string) => label(`behind.buckets.${bucket}`)
  return (
    <TitledSection
      id="rent-roll-behind"
      title={label('behind.title')}
      className="card rent-roll-section rent-roll-panel"
      busy={roll === undefined}
      testId="rent-roll-behind"
    >
      {roll && (
        <p className="rent-roll-note">
          {t('office.rentRoll.behind.asOf', { date: formatCalendarDate(roll.asOf, lang) })}
        </p>
      )}
      <ul className="rent-roll-buckets" role="list" aria-busy={roll === undefined || undefined}>
        {OVERDUE_BUCKETS.map((bucket) => {
          const figures = roll?.behind.buckets.find((candidate) => candidate.bucket === bucket)
          return (
            <Card
              key={bucket}
              component="li"
              withBorder
              radius="md"
              className="rent-roll-bucket"
              data-bucket={bucket}
              data-testid="rent-roll-bucket"
            >
              <span className="rent-roll-bucket-name">{bucketOf(bucket)}</span>
              {roll === undefined ? (
                <Skeleton height="2.5em" radius="sm" aria-hidden="true" />
              ) : (
                <dl>
                  <div>
                    <dt>{label('behind.residents')}</dt>
                    <dd data-value={figures?.residents ?? 0}>
                      {formatNumber(figures?.residents ?? 0, lang)}
                    </dd>
                  </div>
                  <div>
                    <dt>{label('behind.owed')}</dt>
                    <dd>{formatSar(figures?.owed ?? 0, lang)}</dd>
                  </div>
                </dl>
              )}
            </Card>
          )
        })}
      </ul>
      <ListStates
        query={{ isLoading: roll === undefined, isError: false, refetch: query.refetch }}
        count={residents.length}
        skeleton={<RowSkeletons />}
        errorText=""
        empty={
          <EmptyState
            icon={icons.checkCircle}
            title={label('behind.empty')}
            text={label('behind.emptyText')}
          />
        }
        paging={{
          page: 1,
          pageSize: residents.length,
          total: residents.length,
          onChange: () => {},
        }}
      >
        {/* Scrolled sideways on a phone, by the keyboard too. */}
        <div
          className="office-table-wrap"
          role="region"
          aria-labelledby="rent-roll-behind"
          tabIndex={0}
        >
          <Table className="office-table" striped data-testid="rent-roll-behind-table">
            <caption className="visually-hidden">{label('behind.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                {(
                  ['resident', 'room', 'overdueSince', 'days', 'bucket', 'owed', 'tenancy'] as const
                ).map((field) => (
                  <Table.Th key={field} scope="col">
                    {label(`behind.${field}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {residents.map((row) => (
                <Table.Tr
                  key={row.tenancyId}
                  data-testid="rent-roll-resident"
                  data-tenancy={row.tenancyId}
                  data-bucket={row.bucket}
                >
                  <Table.Th scope="row">
                    <bdi>{row.user?.fullName || row.user?.email || '—'}</bdi>
                  </Table.Th>
                  <Table.Td>
                    {row.room ? roomPlaceOf(row.room, row.room.building, lang) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={row.overdueSince}>
                      {formatCalendarDate(row.overdueSince, lang)}
                    </time>
                  </Table.Td>
                  <Table.Td>{formatNumber(row.days, lang)}</Table.Td>
                  <Table.Td>{bucketOf(row.bucket)}</Table.Td>
                  <Table.Td>{formatSar(row.owed, lang)}</Table.Td>
                  <Table.Td>
                    <Link to={`/admin/tenancies/${row.tenancyId}`} data-testid="rent-roll-tenancy">
                      {t('office.rentRoll.behind.open', { id: row.tenancyId })}
                    </Link>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {roll && roll.behind.total > residents.length && (
          <p className="rent-roll-note" data-testid="rent-roll-behind-more">
            {t('office.rentRoll.behind.shown', {
              shown: residents.length,
              total: roll.behind.total,
            })}
          </p>
        )}
      </ListStates>
    </TitledSection>
  )
}

export default function RentRollPage() {
  const { t, lang, label } = useOfficeTexts('rentRoll')
  const [params, setParams] = useSearchParams()
  const filters = rentRollFilters(params)
  const { query, result } = useCustom<RentRoll>({
    url: '/api/admin/rent-roll',
    method: 'get',
    config: { query: rentRollParams(filters) },
    errorNotification: false,
  })
  const roll = query.isSuccess ? result.data : undefined
  /* Each choice is a step in the history, so the back button goes back through them. */
  const choose = (next: Partial<RentRollFilters>) =>
    setParams(rentRollQuery({ ...filters, ...next }))
  return (
    <OfficeFrame title={label('title')} actions={<ExportButton filters={filters} />}>
      <Filters filters={filters} onChange={choose} />
      {query.isError ? (
        <ErrorCard
          title={label('error')}
          text={serverMessageOr(query.error, '') || undefined}
          action={
            <Button
              variant="default"
              leftSection={<Icon icon={icons.refresh} />}
              onClick={() => void query.refetch()}
            >
              {t('account:buttons.retry')}
            </Button>
          }
          testId="rent-roll-error"
        />
      ) : (
        <div className="rent-roll" data-testid="rent-roll" data-month={filters.month}>
          <Figures roll={roll} month={filters.month} />
          <History roll={roll} />
          <Behind roll={roll} query={query} />
        </div>
      )}
      {/* The month shown, said when it changes, for those who cannot see the cards update. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {roll
          ? t('office.rentRoll.figures.label', { month: formatMonth(filters.month, lang) })
          : ''}
      </p>
    </OfficeFrame>
  )
}
