/**
 * `/payment` (spec §2): paying rent by card. The room and month selection and the card form
 * arrive with the payments work; this page explains how rent works meanwhile.
 */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { PaymentBadges } from '@sakan/common/ui/PaymentBadges'
import { PageShell } from '../../components/PageShell'

const FACTS: { key: string; icon: IconDrawing }[] = [
  { key: 'due', icon: icons.calendar },
  { key: 'grace', icon: icons.clock },
  { key: 'discounts', icon: icons.percent },
]

export default function PaymentPage() {
  const { t } = useTranslation('account')
  return (
    <PageShell title={t('titles.payment')} lead={t('payment.lead')}>
      <div className="two-column">
        <div className="card panel-card">
          <EmptyState
            icon={icons.creditCard}
            title={t('payment.pendingTitle')}
            text={t('payment.pendingText')}
            action={
              <Link className="btn btn-secondary" to="/dashboard">
                {t('buttons.dashboard')}
              </Link>
            }
          />
        </div>
        <section className="card info-card" aria-labelledby="rent-heading">
          <h2 id="rent-heading" className="card-title">
            {t('payment.summaryTitle')}
          </h2>
          <ul className="icon-list" role="list">
            {FACTS.map((fact) => (
              <li key={fact.key}>
                <span className="icon-bubble" aria-hidden="true">
                  <Icon icon={fact.icon} />
                </span>
                {t(`payment.facts.${fact.key}`)}
              </li>
            ))}
          </ul>
          <h3 className="card-subtitle">{t('payment.cards')}</h3>
          <div className="badges-light">
            <PaymentBadges />
          </div>
        </section>
      </div>
    </PageShell>
  )
}
