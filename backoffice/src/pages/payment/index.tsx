/**
 * `/payment`: she picks one of her
 * approved rooms and what to pay, as common's `rentOffers` offers her stay (read from the stay
 * and its ledger): one month — her earliest unpaid month first, owed ones before the months
 * ahead, paid ones shown as paid and not chosen — the next 3 or 12 unpaid months from her
 * earliest unpaid one when they fit in the stay, or the deposit while it is due. Whatever she
 * picks, the server quotes it first (`GET /api/payments/quote`): the summary shows its figures
 * and the card form charges its amount with its signed claim; a refused quote says why, in the
 * API's words. The address may preselect it (`?roomId=&month=`, `&plan=3|12`, `&kind=deposit`);
 * her only room is chosen for her, so its months show at once. Without an approved
 * application she is told so and sent to the listings.
 */
import '../../styles/mantine-forms.css'
import '../../components/payment/payment.css'
import { Alert, Button, Select, Skeleton } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useCustom, useGetIdentity, useList, type HttpError } from '@refinedev/core'
import {
  formatSar,
  localizeDigits,
  type Application,
  type LedgerRow,
  type PaymentQuote,
  type SessionUser,
  type Tenancy,
} from '@sakan/common'
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { EmptyCard } from '../../components/EmptyState'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { PageShell } from '../../components/PageShell'
import { TitledSection } from '../../components/TitledSection'
import { buildingNameOf, roomNumberOf } from '../../lib/applications'
import { formatMonth } from '../../lib/format'
import {
  chosenMonth,
  monthChoices,
  payableRooms,
  paymentRules,
  type PayableRoom,
} from '../../lib/payment'
import {
  formatMonthSpan,
  isPaymentPlan,
  aheadDiscounted,
  discountFact,
  lateRentFact,
  paymentPreset,
  prepayCount,
  stayOffers,
  type PaymentPlan,
} from '../../lib/rent'
import { isApiError } from '../../providers/http'
import { useTexts } from '../../providers/use-language'
import { useRuntimeConfig } from '../../providers/use-runtime-config'
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
}

/** What the quote is asked for: one month, 3 or 12 months in a row, or the deposit. */
type Claim = { kind: 'rent'; months: string[] } | { kind: 'deposit' }

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

/** Her stays (`GET /api/tenancies`): the chosen room's decides what is offered. */
function useStays(enabled: boolean) {
  const { query, result } = useList<Tenancy, HttpError>({
    resource: 'tenancies',
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: false,
  })
  return {
    stays: result.data,
    known: query.isSuccess || query.isError,
    failed: query.isError,
    refetch: query.refetch,
  }
}

/** A stay's months (`GET /api/tenancies/{id}/ledger`): which are paid, which are owed. */
function useLedger(stayId: number | null) {
  const { query, result } = useList<LedgerRow, HttpError>({
    resource: `tenancies/${stayId}/ledger`,
    pagination: { mode: 'off' },
    queryOptions: { enabled: stayId !== null },
    errorNotification: false,
  })
  return {
    ledger: query.isSuccess ? result.data : null,
    failed: query.isError,
    refetch: query.refetch,
  }
}

/**
 * What the server will charge, and the claim it signs for it (`GET /api/payments/quote`),
 * always asked before the card form is shown: one month (`monthCovered`), months in a row
 * (`monthsCovered`, a comma list) or the deposit (`kind=deposit`).
 */
function useQuote(roomId: number | null, claim: Claim | null) {
  const query =
    roomId === null || claim === null
      ? null
      : claim.kind === 'deposit'
        ? { roomId, kind: 'deposit' }
        : claim.months.length === 1
          ? { roomId, monthCovered: claim.months[0]! }
          : { roomId, monthsCovered: claim.months.join(',') }
  const { query: call, result } = useCustom<PaymentQuote>({
    url: '/api/payments/quote',
    method: 'get',
    config: { query: query ?? {} },
    queryOptions: { enabled: query !== null, retry: false },
    errorNotification: false,
  })
  if (!query || !claim) return { state: 'none' as const }
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
    (claim.kind === 'deposit'
      ? data.kind === 'deposit'
      : data.kind === 'rent' && data.monthsCovered.join(',') === claim.months.join(','))
  if (call.isSuccess && !call.isPlaceholderData && matches)
    return { state: 'ready' as const, quote: data }
  return { state: 'loading' as const }
}

type QuoteState = ReturnType<typeof useQuote>

function PaymentSummary({
  room,
  claim,
  quote,
  onChooseAgain,
}: {
  room: PayableRoom | null
  claim: Claim | null
  quote: QuoteState
  onChooseAgain: () => void
}) {
  const { t, lang } = useTexts('account')
  const fallbacks = useFallbacks()
  const config = useRuntimeConfig()
  /* Said once the terms are known (`/api/config`, read at start-up). */
  const translate = (key: string, values: Record<string, unknown>) => t(key, values)
  const facts: Record<string, string | null> = {
    grace: config?.rent ? lateRentFact(config.rent, lang, translate) : null,
    discounts: config?.rent ? discountFact(config.rent, translate) : null,
  }
  const dash = '—'
  const covered = claim?.kind === 'rent' ? claim.months : []
  return (
    <TitledSection
      id="payment-summary-heading"
      title={t('payment.summary.title')}
      className="card info-card payment-summary"
      testId="payment-summary"
    >
      <dl className="payment-summary-facts">
        <div>
          <dt>{t('payment.summary.room')}</dt>
          <dd>{room ? localizeDigits(roomNumberOf(room, fallbacks), lang) : dash}</dd>
        </div>
        <div>
          <dt>{t('payment.summary.building')}</dt>
          <dd>{room ? buildingNameOf(room.building, lang, fallbacks) : dash}</dd>
        </div>
        {claim?.kind === 'deposit' ? (
          <div>
            <dt>{t('payment.summary.paying')}</dt>
            <dd data-testid="payment-months" data-months="">
              {t('payment.summary.deposit')}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t(covered.length > 1 ? 'payment.summary.months' : 'payment.summary.month')}</dt>
            <dd data-testid="payment-months" data-months={covered.join(',')}>
              {covered.length > 0 ? formatMonthSpan(covered, lang) : dash}
            </dd>
          </div>
        )}
        {covered.length > 1 && quote.state === 'ready' ? (
          <AmountFacts
            figures={quote.quote}
            labels={{
              gross: t('payment.summary.gross'),
              discount: t('payment.summary.discount', { percent: quote.quote.discountPercent }),
              total: t('payment.summary.total'),
            }}
            testIdPrefix="payment"
          />
        ) : (
          <div>
            <dt>{t('payment.summary.amount')}</dt>
            <dd className="record-price" data-testid="payment-amount">
              {quote.state === 'ready' ? formatSar(quote.quote.amount, lang) : dash}
            </dd>
          </div>
        )}
      </dl>
      {quote.state === 'loading' && (
        <Skeleton height={24} radius="sm" mb="lg" data-testid="payment-quote-loading" />
      )}
      {quote.state === 'error' && (
        <Alert color="red" title={t('payment.quoteError')} data-testid="payment-quote-error">
          <p>{quote.message ?? t('dashboard.loadError')}</p>
          <Button
            size="xs"
            variant="default"
            mt="sm"
            onClick={onChooseAgain}
            data-testid="payment-choose-again"
          >
            {t('payment.chooseAgain')}
          </Button>
        </Alert>
      )}
      <h3 className="card-subtitle">{t('payment.summaryTitle')}</h3>
      <ul className="icon-list" role="list">
        {RENT_FACTS.map((fact) => {
          /* Only what the server's terms make true: no late fee unless one is charged, no
             discount unless one is configured. */
          const said = fact.key in facts ? facts[fact.key] : t(`payment.facts.${fact.key}`)
          return said ? (
            <li key={fact.key} data-testid={`payment-fact-${fact.key}`}>
              <span className="icon-bubble" aria-hidden="true">
                <Icon icon={fact.icon} />
              </span>
              {said}
            </li>
          ) : null
        })}
      </ul>
    </TitledSection>
  )
}

/** Why there is no card form: `payment.<texts>.title` over `payment.<texts>.text`. */
function PaymentNote({
  texts,
  color,
  testId,
}: {
  texts: 'selectionRequired' | 'nothingDue'
  color: 'yellow' | 'blue'
  testId: string
}) {
  const { t } = useTranslation('account')
  return (
    <Alert color={color} title={t(`payment.${texts}.title`)} data-testid={testId}>
      {t(`payment.${texts}.text`)}
    </Alert>
  )
}

export default function PaymentPage() {
  const { t, lang } = useTexts('account')
  const config = useRuntimeConfig()
  const fallbacks = useFallbacks()
  const { data: user } = useGetIdentity<SessionUser | null>()
  const [params] = useSearchParams()
  const { query, rooms } = usePayableRooms()
  const {
    stays,
    known: staysKnown,
    failed: staysFailed,
    refetch: refetchStays,
  } = useStays(rooms.length > 0)
  const planSelect = useRef<HTMLInputElement>(null)

  const form = useForm<PaymentValues>({
    mode: 'controlled',
    // The address's choice (the dashboard's Pay buttons): a room, a month, a plan or the deposit.
    initialValues: (() => {
      const preset = paymentPreset(params)
      return { roomId: preset.roomId, monthCovered: preset.month, plan: preset.plan }
    })(),
    validateInputOnChange: true,
    validate: {
      roomId: (value) => {
        const key = paymentRules.roomId(value)
        return key && t(key)
      },
      monthCovered: (value, values) => {
        const key = values.plan === '1' ? paymentRules.monthCovered(value) : null
        return key && t(key)
      },
    },
  })
  const { roomId, monthCovered, plan } = form.getValues()
  const room = rooms.find((candidate) => String(candidate.roomId) === roomId) ?? null
  const stay =
    (room &&
      (stays.find(
        (candidate) => candidate.roomId === room.roomId && candidate.state === 'active'
      ) ??
        stays.find((candidate) => candidate.roomId === room.roomId))) ||
    null
  const { ledger, failed: ledgerFailed, refetch: refetchLedger } = useLedger(stay?.id ?? null)
  // Her stay or its ledger could not be read: nothing is offered until they are.
  const unread = Boolean(room) && (staysFailed || ledgerFailed)
  // What her stay offers now: common's rule, read from the stay and its ledger.
  const offers = useMemo(() => (stay && ledger ? stayOffers(stay, ledger) : null), [stay, ledger])
  const months = useMemo(
    () => (offers && ledger ? monthChoices(offers, ledger) : []),
    [offers, ledger]
  )
  // Whether what the room's stay offers is known (none when it has no stay).
  const known = Boolean(room) && !unread && staysKnown && (!stay || ledger !== null)
  const nothingToPay = known && (!offers || (offers.months.length === 0 && !offers.deposit))
  const count = prepayCount(plan)
  const claim: Claim | null = !offers
    ? null
    : plan === 'deposit'
      ? offers.deposit
        ? { kind: 'deposit' }
        : null
      : count
        ? offers.plans[count] && { kind: 'rent', months: offers.plans[count] }
        : monthCovered && offers.months.includes(monthCovered)
          ? { kind: 'rent', months: [monthCovered] }
          : null
  const quote = useQuote(room?.roomId ?? null, claim)

  // Her only room (none asked for, or one not hers): chosen for her before the page shows, so
  // its months show at once. With several, she picks.
  const onlyRoom = rooms.length === 1 ? String(rooms[0]!.roomId) : null
  useLayoutEffect(() => {
    if (onlyRoom !== null && roomId !== onlyRoom) form.setFieldValue('roomId', onlyRoom)
    // `form` is stable; only her rooms and the choice matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyRoom, roomId])

  // A plan the room's stay does not offer (once its ledger is known): one month instead.
  useEffect(() => {
    if (plan === '1' || !known) return
    const offered = plan === 'deposit' ? offers?.deposit : count && offers?.plans[count]
    if (!offered) form.setFieldValue('plan', '1')
    // `form` is stable; only the plan and what it depends on matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan, count, known, offers])

  // A month that is not offered (none chosen, paid, outside the stay): her earliest unpaid one.
  useEffect(() => {
    if (!known || !offers) return
    const month = chosenMonth(offers, monthCovered)
    if (month === monthCovered) return
    form.setFieldValue('monthCovered', month)
    form.validateField('monthCovered')
    // `form` is stable; only the offers and the choice matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, offers, monthCovered])

  // A refused quote: her stay is read again (what it offers may have changed) and she chooses.
  const chooseAgain = () => {
    void refetchStays()
    void refetchLedger()
    planSelect.current?.focus()
  }

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
        <EmptyCard
          icon={icons.creditCard}
          title={query.isError ? t('dashboard.loadError') : t('payment.noApproved')}
          action={<BrowseRoomsButton />}
          testId="payment-no-approved"
        />
      </PageShell>
    )
  }

  const building = room ? buildingNameOf(room.building, lang, fallbacks) : ''
  const quoted = quote.state === 'ready' ? quote.quote : null
  const description =
    room &&
    quoted &&
    (quoted.kind === 'deposit'
      ? t('payment.descriptionDeposit', { room: room.roomNumber, building })
      : t('payment.description', {
          room: room.roomNumber,
          building,
          month: formatMonthSpan(quoted.monthsCovered, lang),
        }))
  const planLabel = (option: PaymentPlan) =>
    option === '1' || option === 'deposit'
      ? t(`payment.plan.${option === '1' ? 'one' : 'deposit'}`)
      : t(
          config?.rent && !aheadDiscounted(config.rent, Number(option))
            ? 'payment.plan.aheadPlain'
            : 'payment.plan.ahead',
          { months: Number(option) }
        )
  const planOffered = (option: PaymentPlan) =>
    option === '1' ||
    (option === 'deposit' ? Boolean(offers?.deposit) : Boolean(offers?.plans[prepayCount(option)!]))

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
              ref={planSelect}
              label={t('payment.plan.label')}
              data={(['1', '3', '12', 'deposit'] as const)
                .filter(planOffered)
                .map((option) => ({ value: option, label: planLabel(option) }))}
              allowDeselect={false}
              disabled={!room}
              data-testid="payment-plan"
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('plan')}
              onChange={(value) => {
                if (isPaymentPlan(value)) form.setFieldValue('plan', value)
              }}
            />
            {plan === '1' && (
              <Select
                label={t('payment.month')}
                placeholder={t('payment.monthPlaceholder')}
                data={months.map((option) => ({
                  value: option.value,
                  label: option.paid
                    ? t('payment.monthPaid', { month: formatMonth(option.value, lang) })
                    : option.owed
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
            <PaymentNote
              texts="selectionRequired"
              color="yellow"
              testId="payment-selection-required"
            />
          ) : unread ? (
            <Alert color="red" title={t('dashboard.loadError')} data-testid="payment-stay-error">
              <Button size="xs" variant="default" onClick={chooseAgain}>
                {t('buttons.retry')}
              </Button>
            </Alert>
          ) : !known ? (
            <Skeleton height={48} radius="md" data-testid="payment-offers-loading" />
          ) : nothingToPay ? (
            <PaymentNote texts="nothingDue" color="blue" testId="payment-nothing-due" />
          ) : description && user && quoted ? (
            <CardFormPanel userId={user.id} description={description} quote={quoted} />
          ) : null}
        </div>
        <PaymentSummary room={room} claim={claim} quote={quote} onChooseAgain={chooseAgain} />
      </div>
    </PageShell>
  )
}
