/**
 * `/dashboard`, the resident's home (spec §2): a welcome with her name and three tabs —
 * applications, payments, maintenance. Their lists arrive with the applications, payments
 * and maintenance work; until then each tab shows its empty state and next step.
 */
import '../../styles/mantine-tabs.css'
import { Tabs } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { Icon, type IconName } from '../../components/Icon'
import { PageShell } from '../../components/PageShell'
import { sitePath } from '../../lib/language'
import { displayNameOf } from '../../lib/user'
import { useSession } from '../../providers/session'
import { useLanguage } from '../../providers/use-language'

const TABS = ['applications', 'payments', 'maintenance'] as const
type Tab = (typeof TABS)[number]
const ICONS: Record<Tab, IconName> = {
  applications: 'file',
  payments: 'creditCard',
  maintenance: 'wrench',
}

export default function DashboardPage() {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'applications'
  const name = user ? displayNameOf(user) : ''

  const actions: Record<Tab, React.ReactNode> = {
    applications: (
      <a className="btn btn-primary" href={sitePath(lang, '/listings')}>
        <Icon name="search" />
        {t('buttons.browse')}
      </a>
    ),
    payments: (
      <Link className="btn btn-primary" to="/payment">
        <Icon name="creditCard" />
        {t('buttons.makePayment')}
      </Link>
    ),
    maintenance: (
      <Link className="btn btn-primary" to="/maintenance">
        <Icon name="plus" />
        {t('buttons.newRequest')}
      </Link>
    ),
  }

  return (
    <PageShell title={t('titles.dashboard')} hideHeading>
      <header className="page-head welcome">
        <div className="page-head-text">
          <h1 className="page-title">{t('dashboard.welcome', { name })}</h1>
          <p className="page-lead">{t('dashboard.lead')}</p>
        </div>
      </header>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'applications' ? { tab: value } : {}, { replace: true })
        }
        variant="pills"
        radius="xl"
        keepMounted={false}
        className="account-tabs"
      >
        <Tabs.List aria-label={t('dashboard.tabsLabel')} className="account-tabs-list">
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} leftSection={<Icon name={ICONS[key]} />}>
              {t(`dashboard.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((key) => (
          <Tabs.Panel key={key} value={key} className="account-tab-panel">
            <div className="card panel-card">
              <EmptyState
                icon={ICONS[key]}
                title={t(`dashboard.empty.${key}.title`)}
                text={t(`dashboard.empty.${key}.text`)}
                action={actions[key]}
              />
            </div>
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageShell>
  )
}
