/**
 * The resident's three lists on her dashboard: her applications, payments and
 * maintenance requests as cards, each with its loading, empty and error state. Dates are long
 * dates in the UI language, money in SAR. A payment card names the months it pays (or the
 * deposit) and links to its receipt.
 */
import { Button } from '@mantine/core'
import { useTable, type BaseRecord } from '@refinedev/core'
import { formatLongDate, formatSar, type Locale } from '@sakan/common'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  buildingNameOf,
  roomNumberOf,
  type Application,
  type BuildingName,
  type MaintenanceRequest,
  type Payment,
} from '../../lib/applications'
import { formatCalendarDate } from '../../lib/format'
import { paymentDateOf, refundReasonOf } from '../../lib/payment'
import { formatMonthSpan, hasReceipt, monthsOfPayment, receiptPath } from '../../lib/rent'
import { APPLICATION_TONES, toneOf, type StatusKind } from '../../lib/status'
import { useTexts } from '../../providers/use-language'
import { Facts, type Fact } from '../details/Facts'
import { PriorityBadge, StatusBadge } from '../details/StatusBadge'
import { EmptyCard } from '../EmptyState'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { ResourceTable } from '../lists/ResourceTable'
import { RecordSkeletons } from '../lists/Skeletons'
import { MaintenanceHistory, MaintenancePhotos } from '../maintenance/MaintenancePhotos'
import { BrowseRoomsButton } from './BrowseRoomsButton'
import { useFallbacks } from '../details/use-fallbacks'

const PAGE_SIZE = 12

/** Each list: the resource it reads and its icon. */
const LISTS = {
  applications: { resource: 'applications', icon: icons.file },
  payments: { resource: 'payments', icon: icons.creditCard },
  maintenance: { resource: 'maintenance-requests', icon: icons.wrench },
} satisfies Record<string, { resource: string; icon: IconDrawing }>

interface RecordListProps<T extends BaseRecord> {
  /** Its texts: `dashboard.<kind>.listLabel`, `dashboard.empty.<kind>`; test id `<kind>-list`. */
  kind: keyof typeof LISTS
  action: ReactNode
  children: (item: T) => ReactNode
}

/** One page of a resident's own records, newest first, as cards. */
function RecordList<T extends BaseRecord>({ kind, action, children }: RecordListProps<T>) {
  const { resource, icon } = LISTS[kind]
  const { t } = useTranslation('account')
  const table = useTable<T>({
    resource,
    pagination: { pageSize: PAGE_SIZE },
    syncWithLocation: false,
    errorNotification: false,
  })
  const label = t(`dashboard.${kind}.listLabel`)
  const empty = {
    title: t(`dashboard.empty.${kind}.title`),
    text: t(`dashboard.empty.${kind}.text`),
  }
  const testId = `${kind}-list`
  return (
    <ResourceTable
      table={table}
      caption={label}
      icon={icon}
      skeleton={<RecordSkeletons />}
      errorText={t('dashboard.loadError')}
      empty={
        <EmptyCard icon={icon} heading="h2" title={empty.title} text={empty.text} action={action} />
      }
    >
      {(rows) => (
        <>
          <div className="record-toolbar">
            <p className="record-count">
              {t('dashboard.count', { count: table.result.total ?? 0 })}
            </p>
            {action}
          </div>
          <ul className="record-grid" role="list" aria-label={label} data-testid={testId}>
            {rows.map((item) => (
              <li key={String(item.id)}>{children(item)}</li>
            ))}
          </ul>
        </>
      )}
    </ResourceTable>
  )
}

/** A way on from a list or a card (to pay, to file a request): a button that is a link. */
function ListAction({
  icon,
  to,
  testId,
  children,
}: {
  icon: IconDrawing
  to: string
  testId?: string
  children: ReactNode
}) {
  return (
    <Button
      component={Link}
      size="sm"
      leftSection={<Icon icon={icon} />}
      to={to}
      data-testid={testId}
    >
      {children}
    </Button>
  )
}

interface RecordCardProps {
  /** Whose status it is: its tone and words (`status.<kind>.<status>`); test id `<kind>-card`. */
  kind: StatusKind
  status: string
  /** Where the record is: the room and its building. */
  room: { roomNumber?: string | null } | null | undefined
  building: BuildingName | null | undefined
  /**
   * The record's own heading, with the building and the room under it; without one the
   * building's name is the heading and the room's number is under it.
   */
  title?: ReactNode
  roomId?: number
  children: ReactNode
}

/** One record of the resident's lists: title, subtitle and status badge over its details. */
function RecordCard({ kind, status, room, building, title, roomId, children }: RecordCardProps) {
  const { t, lang } = useTexts('account')
  const fallbacks = useFallbacks()
  const number = roomNumberOf(room, fallbacks)
  const buildingName = buildingNameOf(building, lang, fallbacks)
  const sub =
    title === undefined
      ? t('dashboard.applications.roomNumber', { number })
      : t('dashboard.maintenance.room', { building: buildingName, number })
  return (
    <article
      className="record-card card"
      data-testid={`${kind}-card`}
      data-status={status}
      data-room-id={roomId}
    >
      <header className="record-card-head">
        <div className="record-card-heading">
          <h2 className="record-card-title">{title ?? buildingName}</h2>
          <p className="record-card-sub">{sub}</p>
        </div>
        <StatusBadge kind={kind} status={status} />
      </header>
      {children}
    </article>
  )
}

export function ApplicationsList() {
  const { t, lang } = useTexts('account')
  const fallbacks = useFallbacks()
  return (
    <RecordList<Application> kind="applications" action={<BrowseRoomsButton size="sm" />}>
      {(application) => (
        <RecordCard
          kind="application"
          status={application.status}
          room={application.room}
          building={application.room?.building}
          roomId={application.roomId}
        >
          <Facts
            facts={[
              {
                label: t('dashboard.applications.applied'),
                value: formatLongDate(application.createdAt, lang),
              },
              {
                label: t('dashboard.applications.moveIn'),
                value: formatCalendarDate(application.moveInDate, lang),
              },
              {
                label: t('dashboard.applications.rent'),
                value: application.room
                  ? formatSar(application.room.price, lang)
                  : fallbacks.roomNumber,
                valueProps: { className: 'record-price' },
              },
            ]}
          />
          <p className="record-note" data-tone={toneOf(APPLICATION_TONES, application.status)}>
            {t(`dashboard.applications.note.${application.status}`)}
          </p>
          {application.documentDestroyedAt && (
            <p className="record-views muted" data-testid="document-destroyed">
              <Icon icon={icons.lock} />{' '}
              {t('dashboard.applications.documentDestroyed', {
                date: formatLongDate(application.documentDestroyedAt, lang),
              })}
            </p>
          )}
          {application.documentViews.count > 0 && application.documentViews.lastAt && (
            <p className="record-views muted" data-testid="document-views">
              <Icon icon={icons.eye} />{' '}
              {t(
                application.documentViews.count === 1
                  ? 'dashboard.applications.documentViewedOnce'
                  : 'dashboard.applications.documentViewedTimes',
                {
                  count: application.documentViews.count,
                  date: formatLongDate(application.documentViews.lastAt, lang),
                }
              )}
            </p>
          )}
          {application.status === 'approved' && (
            <div className="record-actions">
              <ListAction icon={icons.creditCard} to="/payment" testId="make-payment">
                {t('buttons.makePayment')}
              </ListAction>
            </div>
          )}
        </RecordCard>
      )}
    </RecordList>
  )
}

/**
 * When a payment was paid, or, for a failed or pending one (never paid), when it was tried:
 * a date of payment it never had would mislead her.
 */
function paymentDateFact(payment: Payment, t: TFunction<'account'>, lang: Locale): Fact {
  const when = paymentDateOf(payment)
  return when.kind === 'attempted'
    ? {
        label: t('dashboard.payments.attempted'),
        value: formatLongDate(when.date, lang),
        valueProps: { 'data-testid': 'payment-attempted' },
      }
    : {
        label: t('dashboard.payments.date'),
        value: when.date ? formatLongDate(when.date, lang) : t('dashboard.payments.notRecorded'),
        valueProps: { 'data-testid': 'payment-date' },
      }
}

export function PaymentsList() {
  const { t, lang } = useTexts('account')
  return (
    <RecordList<Payment>
      kind="payments"
      action={
        <ListAction icon={icons.creditCard} to="/payment">
          {t('buttons.makePayment')}
        </ListAction>
      }
    >
      {(payment) => (
        <RecordCard
          kind="payment"
          status={payment.paymentStatus}
          room={payment.room}
          building={payment.room?.building}
        >
          <Facts
            facts={[
              payment.kind === 'deposit'
                ? {
                    label: t('dashboard.payments.paidFor'),
                    value: t('dashboard.payments.deposit'),
                    valueProps: { 'data-testid': 'payment-covers' },
                  }
                : {
                    label:
                      monthsOfPayment(payment).length > 1
                        ? t('dashboard.payments.months')
                        : t('dashboard.payments.month'),
                    value: formatMonthSpan(monthsOfPayment(payment), lang),
                    valueProps: { 'data-testid': 'payment-covers' },
                  },
              paymentDateFact(payment, t, lang),
              {
                label: t('dashboard.payments.amount'),
                value: formatSar(payment.amount, lang),
                valueProps: { className: 'record-price' },
              },
              // Rent the administrator recorded as received another way: how it came.
              payment.paymentMethod !== 'creditCard' && {
                label: t('dashboard.payments.method'),
                value: t(`receipt.methods.${payment.paymentMethod}`),
                valueProps: { 'data-testid': 'payment-method' },
              },
              payment.refundedAmount > 0 && {
                label: t('dashboard.payments.refunded'),
                value: formatSar(payment.refundedAmount, lang),
                valueProps: { 'data-testid': 'payment-refunded' },
              },
            ]}
          />
          {payment.voidReason && (
            <p className="record-note" data-tone="neutral" data-testid="void-reason">
              {t('dashboard.payments.voidReason')}: <bdi>{payment.voidReason}</bdi>
            </p>
          )}
          {refundReasonOf(payment) && (
            <p className="record-note" data-tone="neutral" data-testid="refund-reason">
              {t('dashboard.payments.refundReason')}:{' '}
              <bdi>
                {t(`dashboard.payments.refundReasons.${refundReasonOf(payment)}`, {
                  defaultValue: refundReasonOf(payment),
                })}
              </bdi>
            </p>
          )}
          {payment.paymentReference && (
            <p className="record-reference">
              {t('dashboard.payments.reference')}:{' '}
              <span className="record-reference-value" dir="ltr">
                {payment.paymentReference}
              </span>
            </p>
          )}
          {hasReceipt(payment) && (
            <div className="record-actions">
              <Button
                component={Link}
                size="xs"
                variant="default"
                to={receiptPath(payment.id)}
                leftSection={<Icon icon={icons.file} />}
                data-testid="payment-receipt"
              >
                {t('dashboard.payments.receipt')}
              </Button>
            </div>
          )}
        </RecordCard>
      )}
    </RecordList>
  )
}

export function MaintenanceList() {
  const { t, lang } = useTexts('account')
  return (
    <RecordList<MaintenanceRequest>
      kind="maintenance"
      action={
        <ListAction icon={icons.plus} to="/maintenance">
          {t('buttons.newRequest')}
        </ListAction>
      }
    >
      {(request) => (
        <RecordCard
          kind="maintenance"
          status={request.status}
          room={request.room}
          building={request.building}
          title={<bdi>{request.title}</bdi>}
        >
          <p className="record-description" dir="auto">
            {request.description}
          </p>
          <Facts
            facts={[
              {
                label: t('dashboard.maintenance.category'),
                value: t(`category.${request.category}`),
              },
              {
                label: t('dashboard.maintenance.priority'),
                value: <PriorityBadge priority={request.priority} />,
              },
              {
                label: t('dashboard.maintenance.submitted'),
                value: formatLongDate(request.createdAt, lang),
              },
            ]}
          />
          <MaintenancePhotos
            photos={request.photos}
            title={request.title}
            texts="account:dashboard.maintenance"
          />
          <MaintenanceHistory history={request.history} />
        </RecordCard>
      )}
    </RecordList>
  )
}
