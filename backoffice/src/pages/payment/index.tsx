/**
 * `/payment` (spec §2 Payment, §4 Payment form, §5, §8): she picks one of her approved rooms
 * and a month (twelve from the current Riyadh month; months already paid for that room are
 * shown as paid and cannot be chosen), sees a summary, and pays with Moyasar's card form.
 * Issue 26: the months of her stay still owed from before the twelve come first in the month
 * list; besides one month, the next 3 or 12 unpaid months of the room's stay at the server's
 * discount, or the stay's deposit while it is due. The summary shows the server's quote (one
 * month at the stay's rent too), which the card form charges. The address may preselect all of it
 * (`?roomId=&month=`, `&plan=3|12`, `&kind=deposit`). Without an approved application she
 * is told so and sent to the listings.
 */
import '../../styles/mantine-forms.css'
import '../../components/payment/payment.css'
import { Alert, Select, Skeleton } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useCustom, useGetIdentity, useList, type HttpError } from '@refinedev/core'
import {
  formatSar,
  localizeDigits,
  type Application,
  type LedgerRow,
  type Payment,
  type PaymentQuote,
  type SessionUser,
  type Tenancy,
} from '@sakan/common'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { PageShell } from '../../components/PageShell'
import { buildingNameOf, roomNumberOf } from '../../lib/applications'
import { formatMonth } from '../../lib/format'
import {
  firstOpenMonth,
  monthOptions,
  payableRooms,
  paymentRules,
  type PayableRoom,
} from '../../lib/payment'
import {
  arrearsMonths,
  formatMonthSpan,
  isPaymentPlan,
  paymentPreset,
  planWindows,
  prepayCount,
  windowFrom,
  type PaymentPlan,
} from '../../lib/rent'
import { isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { AmountFacts } from '../../components/payment/AmountFacts'
import { CardFormPanel } from '../../components/payment/CardFormPanel'
import { BrowseRoomsButton } from '../../components/dashboard/BrowseRoomsButton'
import { useFallbacks } from '../../components/details/use-fallbacks'

const RENT_FACTS: { key: string; icon: IconDrawing }[] = [
  { key: 'due', icon: icons.calendar },
  { key: 'grace', icon: icons.clock },
  { key: 'discounts', icon: icons.percent },
]

interface PaymentValues {
  roomId: string | null
  monthCovered: string | null
  plan: PaymentPlan
  /** The first of the months paid ahead (the next unpaid ones unless she picks later ones). */
  planStart: string | null
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

/** Her stays (`GET /api/tenancies`): the chosen room's decides the plans and the deposit. */
function useStays(enabled: boolean) {
  const { query, result } = useList<Tenancy, HttpError>({
    resource: 'tenancies',
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: false,
  })
  return { stays: result.data, known: query.isSuccess || query.isError }
}

/** A stay's months (`GET /api/tenancies/{id}/ledger`), from which the next unpaid ones come. */
function useLedger(stayId: number | null) {
  const { query, result } = useList<LedgerRow, HttpError>({
    resource: `tenancies/${stayId}/ledger`,
    pagination: { mode: 'off' },
    queryOptions: { enabled: stayId !== null },
    errorNotification: false,
  })
  return query.isSuccess ? result.data : null
}

/**
 * What the server will charge (`GET /api/payments/quote`): for one month (the stay's rent,
 * which a price change since the approval does not reach; a month in arrears is named in
 * `monthsCovered`), months paid ahead or the deposit.
 */
function useQuote(
  roomId: number | null,
  plan: PaymentPlan,
  months: string[] | null,
  month: { value: string; arrears: boolean } | null
) {
  const query =
    roomId === null
      ? null
      : plan === '1'
        ? month &&
          (month.arrears
            ? { roomId, monthsCovered: month.value }
            : { roomId, monthCovered: month.value })
        : plan === 'deposit'
          ? { roomId, kind: 'deposit' }
          : months
            ? { roomId, monthsCovered: months.join(',') }
            : null
  const { query: call, result } = useCustom<PaymentQuote>({
    url: '/api/payments/quote',
    method: 'get',
    config: { query: query ?? {} },
    queryOptions: { enabled: query !== null, retry: false },
    errorNotification: false,
  })
  if (!query) return { state: 'none' as const }
  if (call.isError)
    return {
      state: 'error' as const,
      message: (isApiError(call.error) && call.error.serverMessage) || null,
    }
  // Only the quote of this claim: while another one's answer is still shown (Refine keeps the
  // previous data during a new request), the card form must not charge it.
  const data = result.data as PaymentQuote | undefined
  const matches =
    data !== undefined &&
    data.roomId === roomId &&
    (plan === 'deposit'
      ? data.kind === 'deposit'
      : data.kind === 'rent' &&
        data.monthsCovered.join(',') === (plan === '1' ? month?.value : months?.join(',')))
  if (call.isSuccess && !call.isPlaceholderData && matches)
    return { state: 'ready' as const, quote: data }
  return { state: 'loading' as const }
}

type QuoteState = ReturnType<typeof useQuote>

function PaymentSummary({
  room,
  monthCovered,
  plan,
  months,
  quote,
}: {
  room: PayableRoom | null
  monthCovered: string | null
  plan: PaymentPlan
  months: string[] | null
  quote: QuoteState
}) {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const fallbacks = useFallbacks()
  const dash = '—'
  const covered = plan === '1' ? (monthCovered ? [monthCovered] : []) : (months ?? [])
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
        {plan === 'deposit' ? (
          <div>
            <dt>{t('payment.summary.paying')}</dt>
            <dd data-testid="payment-months" data-months="">
              {t('payment.summary.deposit')}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t(plan === '1' ? 'payment.summary.month' : 'payment.summary.months')}</dt>
            <dd data-testid="payment-months" data-months={covered.join(',')}>
              {covered.length > 0 ? formatMonthSpan(covered, lang) : dash}
            </dd>
          </div>
        )}
        {plan === '1' ? (
          <div>
            <dt>{t('payment.summary.amount')}</dt>
            <dd className="record-price" data-testid="payment-amount">
              {quote.state === 'ready' ? formatSar(quote.quote.amount, lang) : dash}
            </dd>
          </div>
        ) : quote.state === 'ready' ? (
          <AmountFacts
            figures={quote.quote}
            labels={{
              gross: t('payment.summary.gross'),
              discount: t('payment.summary.discount', { percent: quote.quote.discountPercent }),
              total: t('payment.summary.total'),
            }}
            testIdPrefix="payment"
          />
        ) : null}
      </dl>
      {quote.state === 'loading' && (
        <Skeleton height={24} radius="sm" mb="lg" data-testid="payment-quote-loading" />
      )}
      {quote.state === 'error' && (
        <Alert color="red" title={t('payment.quoteError')} data-testid="payment-quote-error">
          {quote.message ?? t('dashboard.loadError')}
        </Alert>
      )}
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
  const [params] = useSearchParams()
  const { query, rooms } = usePayableRooms()
  const completed = useCompletedPayments(rooms.length > 0)
  const { stays, known: staysKnown } = useStays(rooms.length > 0)

  const form = useForm<PaymentValues>({
    mode: 'controlled',
    // The address's choice (the dashboard's Pay buttons): a room, a month, a plan or the deposit.
    initialValues: (() => {
      const preset = paymentPreset(params)
      return {
        roomId: preset.roomId,
        monthCovered: preset.month,
        plan: preset.plan,
        planStart: preset.plan === '1' ? null : preset.month,
      }
    })(),
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
  const { roomId, monthCovered, plan, planStart } = form.getValues()
  const room = rooms.find((candidate) => String(candidate.roomId) === roomId) ?? null
  const stay =
    (room &&
      (stays.find(
        (candidate) => candidate.roomId === room.roomId && candidate.state === 'active'
      ) ??
        stays.find((candidate) => candidate.roomId === room.roomId))) ||
    null
  const ledger = useLedger(stay?.id ?? null)
  const months = useMemo(
    () =>
      monthOptions(room?.roomId ?? null, completed, undefined, ledger ? arrearsMonths(ledger) : []),
    [room?.roomId, completed, ledger]
  )
  const chosenMonth = months.find((option) => option.value === monthCovered) ?? null
  const plans = useMemo(
    () => ({
      3: stay && ledger ? planWindows(ledger, stay, 3) : [],
      12: stay && ledger ? planWindows(ledger, stay, 12) : [],
      deposit: stay?.deposit.state === 'due',
    }),
    [stay, ledger]
  )
  const count = prepayCount(plan)
  const windows = count ? plans[count] : []
  const planned = windowFrom(windows, planStart)
  const quote = useQuote(
    room?.roomId ?? null,
    plan,
    planned,
    chosenMonth && !chosenMonth.paid
      ? { value: chosenMonth.value, arrears: Boolean(chosenMonth.arrears) }
      : null
  )

  // A plan the room's stay cannot pay (once its ledger is known): one month instead.
  useEffect(() => {
    if (plan === '1' || !room || !staysKnown || (stay && !ledger)) return
    const open = plan === 'deposit' ? plans.deposit : Boolean(planned)
    if (!open) form.setFieldValue('plan', '1')
    // `form` is stable; only the plan and what it depends on matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan, room, staysKnown, stay, ledger, plans, planned])

  // A room without a month, or a month that turned out paid: the first open month instead
  // (once her stay's ledger, which adds the months in arrears, is known).
  useEffect(() => {
    if (!room || !staysKnown || (stay && !ledger)) return
    const chosen = months.find((option) => option.value === monthCovered)
    if (chosen && !chosen.paid) return
    form.setFieldValue('monthCovered', firstOpenMonth(months))
    form.validateField('monthCovered')
    // `form` is stable; only the room, the months and the choice matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room, months, monthCovered, staysKnown, stay, ledger])

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

  const building = room ? buildingNameOf(room.building, lang, fallbacks) : ''
  const quoted = quote.state === 'ready' ? quote.quote : null
  const description =
    room &&
    (plan === '1'
      ? monthCovered &&
        t('payment.description', {
          room: room.roomNumber,
          building,
          month: formatMonth(monthCovered, lang),
        })
      : quoted &&
        (quoted.kind === 'deposit'
          ? t('payment.descriptionDeposit', { room: room.roomNumber, building })
          : t('payment.description', {
              room: room.roomNumber,
              building,
              month: formatMonthSpan(quoted.monthsCovered, lang),
            })))
  const planLabel = (option: PaymentPlan) =>
    option === '1' || option === 'deposit'
      ? t(`payment.plan.${option === '1' ? 'one' : 'deposit'}`)
      : t('payment.plan.ahead', { months: Number(option) })

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
              label={t('payment.plan.label')}
              data={(['1', '3', '12', 'deposit'] as const)
                .filter((option) => option !== 'deposit' || plans.deposit)
                .map((option) => ({
                  value: option,
                  label: planLabel(option),
                  disabled:
                    option !== '1' &&
                    option !== 'deposit' &&
                    plans[Number(option) as 3].length === 0,
                }))}
              allowDeselect={false}
              disabled={!room}
              data-testid="payment-plan"
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('plan')}
              onChange={(value) => {
                if (isPaymentPlan(value)) form.setFieldValue('plan', value)
              }}
            />
            {count !== null && windows.length > 0 && (
              <Select
                label={t('payment.window')}
                data={windows.map((months) => ({
                  value: months[0]!,
                  label: formatMonthSpan(months, lang),
                }))}
                value={planned?.[0] ?? null}
                onChange={(value) => form.setFieldValue('planStart', value)}
                allowDeselect={false}
                data-testid="payment-window"
                comboboxProps={{ withinPortal: false }}
              />
            )}
            {plan === '1' && (
              <Select
                label={t('payment.month')}
                placeholder={t('payment.monthPlaceholder')}
                data={months.map((option) => ({
                  value: option.value,
                  label: option.paid
                    ? t('payment.monthPaid', { month: formatMonth(option.value, lang) })
                    : option.arrears
                      ? t('payment.monthOwed', { month: formatMonth(option.value, lang) })
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
            )}
          </form>
          {!room ? (
            <Alert
              color="yellow"
              title={t('payment.selectionRequired.title')}
              data-testid="payment-selection-required"
            >
              {t('payment.selectionRequired.text')}
            </Alert>
          ) : room && description && user && quoted ? (
            <CardFormPanel
              room={room}
              monthCovered={monthCovered ?? ''}
              userId={user.id}
              description={description}
              quote={quoted}
            />
          ) : null}
        </div>
        <PaymentSummary
          room={room}
          monthCovered={monthCovered}
          plan={plan}
          months={planned}
          quote={quote}
        />
      </div>
    </PageShell>
  )
}
