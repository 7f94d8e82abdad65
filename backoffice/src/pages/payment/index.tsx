/**
 * `/payment` (spec §2 Payment, §4 Payment form, §5, §8): she picks one of her approved rooms
 * and a month (twelve from the current Riyadh month; months already paid for that room are
 * shown as paid and cannot be chosen), sees a summary, and pays with Moyasar's card form.
 * Without an approved application she is told so and sent to the listings.
 */
import '../../styles/mantine-forms.css'
import '../../components/payment/payment.css'
import { Alert, Select, Skeleton } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useGetIdentity, useList, type HttpError } from '@refinedev/core'
import {
  formatSar,
  localizeDigits,
  type Application,
  type Payment,
  type SessionUser,
} from '@sakan/common'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/EmptyState'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { PageShell } from '../../components/PageShell'
import { buildingNameOf, roomNumberOf, type Fallbacks } from '../../lib/applications'
import { formatMonth } from '../../lib/format'
import {
  firstOpenMonth,
  monthOptions,
  payableRooms,
  paymentRules,
  type PayableRoom,
} from '../../lib/payment'
import { useLanguage } from '../../providers/use-language'
import { CardFormPanel } from '../../components/payment/CardFormPanel'
import { BrowseRoomsButton } from '../../components/dashboard/BrowseRoomsButton'

const RENT_FACTS: { key: string; icon: IconDrawing }[] = [
  { key: 'due', icon: icons.calendar },
  { key: 'grace', icon: icons.clock },
  { key: 'discounts', icon: icons.percent },
]

interface PaymentValues {
  roomId: string | null
  monthCovered: string | null
}

function useFallbacks(): Fallbacks {
  const { t } = useTranslation('admin')
  return {
    roomNumber: t('applications.fallback.roomNumber'),
    buildingName: t('applications.fallback.buildingName'),
  }
}

/** Her approved rooms (`GET /api/applications?status=approved`). */
function usePayableRooms() {
  const { query, result } = useList<Application, HttpError>({
    resource: 'applications',
    filters: [{ field: 'status', operator: 'eq', value: 'approved' }],
    pagination: { mode: 'off' },
    errorNotification: false,
  })
  const rooms = useMemo(() => payableRooms(result.data), [result.data])
  return { query, rooms }
}

/** Her completed payments, which decide the months already paid. */
function useCompletedPayments(enabled: boolean) {
  const { result } = useList<Payment, HttpError>({
    resource: 'payments',
    filters: [{ field: 'status', operator: 'eq', value: 'completed' }],
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: false,
  })
  return result.data
}

function PaymentSummary({
  room,
  monthCovered,
}: {
  room: PayableRoom | null
  monthCovered: string | null
}) {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const fallbacks = useFallbacks()
  const dash = '—'
  return (
    <section
      className="card info-card payment-summary"
      aria-labelledby="payment-summary-heading"
      data-testid="payment-summary"
    >
      <h2 id="payment-summary-heading" className="card-title">
        {t('payment.summary.title')}
      </h2>
      <dl className="payment-summary-facts">
        <div>
          <dt>{t('payment.summary.room')}</dt>
          <dd>{room ? localizeDigits(roomNumberOf(room, fallbacks), lang) : dash}</dd>
        </div>
        <div>
          <dt>{t('payment.summary.building')}</dt>
          <dd>{room ? buildingNameOf(room.building, lang, fallbacks) : dash}</dd>
        </div>
        <div>
          <dt>{t('payment.summary.month')}</dt>
          <dd>{monthCovered ? formatMonth(monthCovered, lang) : dash}</dd>
        </div>
        <div>
          <dt>{t('payment.summary.amount')}</dt>
          <dd className="record-price" data-testid="payment-amount">
            {room ? formatSar(room.price, lang) : dash}
          </dd>
        </div>
      </dl>
      <h3 className="card-subtitle">{t('payment.summaryTitle')}</h3>
      <ul className="icon-list" role="list">
        {RENT_FACTS.map((fact) => (
          <li key={fact.key}>
            <span className="icon-bubble" aria-hidden="true">
              <Icon icon={fact.icon} />
            </span>
            {t(`payment.facts.${fact.key}`)}
          </li>
        ))}
      </ul>
    </section>
  )
}

export default function PaymentPage() {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const fallbacks = useFallbacks()
  const { data: user } = useGetIdentity<SessionUser | null>()
  const { query, rooms } = usePayableRooms()
  const completed = useCompletedPayments(rooms.length > 0)

  const form = useForm<PaymentValues>({
    mode: 'controlled',
    initialValues: { roomId: null, monthCovered: null },
    validateInputOnChange: true,
    validate: {
      roomId: (value) => {
        const key = paymentRules.roomId(value)
        return key && t(key)
      },
      monthCovered: (value) => {
        const key = paymentRules.monthCovered(value)
        return key && t(key)
      },
    },
  })
  const { roomId, monthCovered } = form.getValues()
  const room = rooms.find((candidate) => String(candidate.roomId) === roomId) ?? null
  const months = useMemo(
    () => monthOptions(room?.roomId ?? null, completed),
    [room?.roomId, completed]
  )

  // A room without a month, or a month that turned out paid: the first open month instead.
  useEffect(() => {
    if (!room) return
    const chosen = months.find((option) => option.value === monthCovered)
    if (chosen && !chosen.paid) return
    form.setFieldValue('monthCovered', firstOpenMonth(months))
    form.validateField('monthCovered')
    // `form` is stable; only the room, the months and the choice matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room, months, monthCovered])

  if (query.isLoading) {
    return (
      <PageShell title={t('titles.payment')} lead={t('payment.lead')}>
        <div className="card panel-card" aria-hidden="true">
          <Skeleton height={48} radius="md" />
          <Skeleton height={48} radius="md" mt="lg" />
          <Skeleton height={220} radius="md" mt="lg" />
        </div>
      </PageShell>
    )
  }

  if (query.isError || rooms.length === 0) {
    return (
      <PageShell title={t('titles.payment')} lead={t('payment.lead')}>
        <div className="card panel-card" data-testid="payment-no-approved">
          <EmptyState
            icon={icons.creditCard}
            title={query.isError ? t('dashboard.loadError') : t('payment.noApproved')}
            action={<BrowseRoomsButton />}
          />
        </div>
      </PageShell>
    )
  }

  const description =
    room &&
    monthCovered &&
    t('payment.description', {
      room: room.roomNumber,
      building: buildingNameOf(room.building, lang, fallbacks),
      month: formatMonth(monthCovered, lang),
    })

  return (
    <PageShell title={t('titles.payment')} lead={t('payment.lead')}>
      <div className="two-column payment-layout">
        <div className="card panel-card stack">
          <form noValidate className="payment-choice" onSubmit={(event) => event.preventDefault()}>
            <Select
              label={t('payment.room')}
              placeholder={t('payment.roomPlaceholder')}
              data={rooms.map((option) => ({
                value: String(option.roomId),
                label: t('payment.roomOption', {
                  building: buildingNameOf(option.building, lang, fallbacks),
                  number: roomNumberOf(option, fallbacks),
                }),
              }))}
              allowDeselect={false}
              withAsterisk
              data-testid="payment-room"
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('roomId')}
            />
            <Select
              label={t('payment.month')}
              placeholder={t('payment.monthPlaceholder')}
              data={months.map((option) => ({
                value: option.value,
                label: option.paid
                  ? t('payment.monthPaid', { month: formatMonth(option.value, lang) })
                  : formatMonth(option.value, lang),
                disabled: option.paid,
              }))}
              allowDeselect={false}
              withAsterisk
              disabled={!room}
              data-testid="payment-month"
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('monthCovered')}
            />
          </form>
          {!room ? (
            <Alert
              color="yellow"
              title={t('payment.selectionRequired.title')}
              data-testid="payment-selection-required"
            >
              {t('payment.selectionRequired.text')}
            </Alert>
          ) : room && monthCovered && description && user ? (
            <CardFormPanel
              room={room}
              monthCovered={monthCovered}
              userId={user.id}
              description={description}
            />
          ) : null}
        </div>
        <PaymentSummary room={room} monthCovered={monthCovered} />
      </div>
    </PageShell>
  )
}
