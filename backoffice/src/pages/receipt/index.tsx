/**
 * `/receipts/{paymentId}`: a completed payment's receipt, to its payer or the administrator
 * (the API answers 404 to anybody else, and for a payment without a receipt — a failed one:
 * the app's not-found page, without its "no route" hint, since the route exists). In the UI
 * language — Gregorian dates, SAR, the locale's digits — with a Print button; printed, it is
 * one clean A4 page without the app's header, footer and buttons (receipt.css), right to left
 * in Arabic. A refunded payment's receipt says so before anything else, and so does a voided
 * one (a payment the administrator recorded, then struck out), with the reason. It names how
 * the payment came (card, Ejar, bank transfer, cash) and its reference under the name that
 * reference has (the gateway's, Ejar/SADAD's, the transfer's, the receipt book's number), and
 * lists every refund given (amount, reason, date) with their total. Latin text inside the
 * Arabic receipt (her name, e-mail, the reference) is isolated and starts where its label
 * starts, so that it reads in order.
 */
import './receipt.css'
import { Button } from '@mantine/core'
import { useCustom, useGetIdentity } from '@refinedev/core'
import {
  directionOf,
  formatLongDate,
  formatSar,
  localizeDigits,
  type Receipt,
  type SessionUser,
} from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { Logo } from '@sakan/common/ui/Logo'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Facts } from '../../components/details/Facts'
import { ErrorCard } from '../../components/EmptyState'
import { PageShell } from '../../components/PageShell'
import { AmountFacts } from '../../components/payment/AmountFacts'
import { buildingNameOf, roomNumberOf } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { formatMonthSpan } from '../../lib/rent'
import { useTexts } from '../../providers/use-language'
import NotFoundPage from '../not-found'
import { useFallbacks } from '../../components/details/use-fallbacks'

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { t, lang } = useTexts('account')
  const fallbacks = useFallbacks()
  const number = localizeDigits(receipt.number, lang)
  const resident = receipt.resident
  return (
    <article
      className="receipt card"
      dir={directionOf(lang)}
      lang={lang}
      aria-labelledby="receipt-title"
      data-testid="receipt"
      data-refunded={receipt.refunded}
      data-voided={receipt.voided}
    >
      <header className="receipt-head">
        <div className="receipt-brand">
          <Logo size={44} />
          <div>
            <p className="receipt-brand-name">{t('common:brand.name')}</p>
            <p className="receipt-brand-tagline">{t('common:brand.tagline')}</p>
          </div>
        </div>
        <div className="receipt-heading">
          <h1 id="receipt-title" className="receipt-title">
            {t('receipt.title')}
          </h1>
          <p className="receipt-number" data-testid="receipt-number">
            {number}
          </p>
        </div>
      </header>
      {receipt.refunded && (
        <div className="receipt-refunded" role="note" data-testid="receipt-refunded">
          <Icon icon={icons.alert} />
          <p>
            <strong>{t('receipt.refunded.title')}</strong> {t('receipt.refunded.text')}
          </p>
        </div>
      )}
      {receipt.voided && (
        <div className="receipt-refunded" role="note" data-testid="receipt-voided">
          <Icon icon={icons.alert} />
          <p>
            <strong>{t('receipt.voided.title')}</strong> {t('receipt.voided.text')}
            {receipt.voidReason && (
              <span className="receipt-void-reason" data-testid="receipt-void-reason">
                {t('receipt.voided.reason', { reason: isolate(receipt.voidReason) })}
              </span>
            )}
          </p>
        </div>
      )}
      <Facts
        className="facts receipt-facts"
        facts={[
          { label: t('receipt.number'), value: number },
          { label: t('receipt.issued'), value: formatLongDate(receipt.issuedAt, lang) },
          {
            label: t('receipt.resident'),
            value: resident ? (
              <>
                <span data-testid="receipt-resident">
                  <bdi>{resident.fullName ?? resident.email}</bdi>
                </span>
                {resident.fullName && (
                  <span className="receipt-email" data-testid="receipt-email">
                    <bdi dir="ltr">{resident.email}</bdi>
                  </span>
                )}
              </>
            ) : (
              '—'
            ),
          },
          {
            label: t('receipt.room'),
            value: localizeDigits(roomNumberOf(receipt.room, fallbacks), lang),
          },
          {
            label: t('receipt.building'),
            value: buildingNameOf(receipt.room?.building, lang, fallbacks),
          },
          {
            label: t('receipt.kind'),
            value: t(`receipt.kinds.${receipt.kind}`),
            valueProps: { 'data-testid': 'receipt-kind' },
          },
          receipt.kind === 'rent' && {
            label: t('receipt.months'),
            value: (
              <span data-testid="receipt-months" data-months={receipt.monthsCovered.join(',')}>
                {formatMonthSpan(receipt.monthsCovered, lang)}
              </span>
            ),
          },
          {
            label: t('receipt.paid'),
            value: receipt.paymentDate
              ? formatLongDate(receipt.paymentDate, lang)
              : t('receipt.notRecorded'),
          },
          {
            label: t('receipt.method'),
            value: t(`receipt.methods.${receipt.paymentMethod}`),
            valueProps: { 'data-testid': 'receipt-method' },
          },
          {
            label: t(`receipt.references.${receipt.paymentMethod}`),
            value: (
              <span data-testid="receipt-reference">
                <bdi dir="ltr">{receipt.paymentReference}</bdi>
              </span>
            ),
            wide: true,
            valueProps: { className: 'receipt-reference' },
          },
        ]}
      />
      <dl className="receipt-amounts">
        <AmountFacts
          figures={receipt}
          labels={{
            gross: t('receipt.gross'),
            discount: t('receipt.discount'),
            total: t('receipt.amount'),
          }}
          testIdPrefix="receipt"
        />
      </dl>
      {receipt.refunds.length > 0 && <Refunds receipt={receipt} />}
      <p className="receipt-note">{t('receipt.currencyNote')}</p>
    </article>
  )
}

/** Every refund given of the payment, oldest first, and what they come to. */
function Refunds({ receipt }: { receipt: Receipt }) {
  const { t, lang } = useTexts('account')
  return (
    <section
      className="receipt-refunds"
      aria-labelledby="receipt-refunds-title"
      data-testid="receipt-refunds"
    >
      <h2 id="receipt-refunds-title" className="receipt-refunds-title">
        {t('receipt.refunds.title')}
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('receipt.refunds.date')}</th>
            <th scope="col">{t('receipt.refunds.reason')}</th>
            <th scope="col" className="receipt-refund-amount">
              {t('receipt.refunds.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.refunds.map((refund, index) => (
            <tr key={`${refund.createdAt}-${index}`} data-testid="receipt-refund">
              <td>{formatLongDate(refund.createdAt, lang)}</td>
              <td>
                <bdi>{refund.reason}</bdi>
              </td>
              <td className="receipt-refund-amount">{formatSar(refund.amount, lang)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('receipt.refunds.total')}
            </th>
            <td className="receipt-refund-amount" data-testid="receipt-refunded-amount">
              {formatSar(receipt.refundedAmount, lang)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  )
}

export default function ReceiptPage() {
  const { t } = useTranslation('account')
  const { paymentId = '' } = useParams()
  const { data: user } = useGetIdentity<SessionUser | null>()
  const valid = /^[1-9]\d{0,15}$/.test(paymentId)
  const { query, result } = useCustom<Receipt>({
    url: `/api/payments/${valid ? paymentId : 0}/receipt`,
    method: 'get',
    queryOptions: { enabled: valid, retry: false },
    // The page says so itself.
    errorNotification: false,
  })

  if (!valid || query.error?.statusCode === 404)
    return <NotFoundPage recordText={t('receipt.notFound')} />

  const actions = (
    <div className="receipt-actions">
      <Button
        component={Link}
        // The administrator comes from the back office's payments (she has no dashboard).
        to={user?.isAdmin ? '/admin/payments' : '/dashboard?tab=payments'}
        variant="default"
        leftSection={<Icon icon={icons.arrowStart} />}
      >
        {t('receipt.back')}
      </Button>
      {result.data && (
        <Button
          leftSection={<Icon icon={icons.printer} />}
          onClick={() => window.print()}
          data-testid="receipt-print"
        >
          {t('receipt.print')}
        </Button>
      )}
    </div>
  )

  return (
    <PageShell title={t('receipt.title')} width="narrow" hideHeading loading={query.isLoading}>
      {actions}
      {query.isError ? (
        <ErrorCard
          heading="h1"
          title={t('receipt.loadError')}
          action={
            <Button variant="default" onClick={() => void query.refetch()}>
              {t('buttons.retry')}
            </Button>
          }
          testId="receipt-error"
        />
      ) : result.data ? (
        <ReceiptSheet receipt={result.data} />
      ) : null}
    </PageShell>
  )
}
