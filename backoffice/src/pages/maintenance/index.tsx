/**
 * `/maintenance` (spec §2): where a resident asks for a repair. The request form arrives with
 * the maintenance work; this page says what we help with and when requests open.
 */
import { MAINTENANCE_CATEGORIES } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { PageShell } from '../../components/PageShell'
import { icons } from '@sakan/common/ui/Icon'

export default function MaintenancePage() {
  const { t } = useTranslation('account')
  return (
    <PageShell title={t('titles.maintenance')} lead={t('maintenance.tagline')}>
      <div className="two-column">
        <div className="card panel-card">
          <EmptyState
            icon={icons.wrench}
            title={t('maintenance.pendingTitle')}
            text={t('maintenance.pendingText')}
            action={
              <Link className="btn btn-secondary" to="/dashboard">
                {t('buttons.dashboard')}
              </Link>
            }
          />
        </div>
        <section className="card info-card" aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="card-title">
            {t('maintenance.categoriesTitle')}
          </h2>
          <ul className="chip-list" role="list">
            {MAINTENANCE_CATEGORIES.map((category) => (
              <li key={category} className="chip chip-lg">
                {t(`maintenance.categories.${category}`)}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageShell>
  )
}
