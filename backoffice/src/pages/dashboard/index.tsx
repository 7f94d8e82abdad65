/**
 * `/dashboard`, the resident's home: a welcome with her name and three tabs —
 * applications, payments (under her stays' rent ledgers) and maintenance requests, each a list
 * of cards with its own empty state and next step. The open tab is kept in the address (`?tab=payments`).
 */
import '../../styles/mantine-tabs.css'
import '../../components/applications/applications.css'
import '../../components/dashboard/dashboard.css'
import { Tabs } from '@mantine/core'
import { useGetIdentity } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  ApplicationsList,
  MaintenanceList,
  PaymentsList,
} from '../../components/dashboard/ResidentLists'
import { RentLedger } from '../../components/dashboard/RentLedger'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { PageShell } from '../../components/PageShell'
import { displayNameOf, type SessionUser } from '../../lib/user'

const TABS = ['applications', 'payments', 'maintenance'] as const
type Tab = (typeof TABS)[number]
const ICONS: Record<Tab, IconDrawing> = {
  applications: icons.file,
  payments: icons.creditCard,
  maintenance: icons.wrench,
}
/** The payments tab: her stays' rent month by month, then her payments. */
function PaymentsPanel() {
  return (
    <>
      <RentLedger />
      <PaymentsList />
    </>
  )
}

const PANELS: Record<Tab, () => React.JSX.Element> = {
  applications: ApplicationsList,
  payments: PaymentsPanel,
  maintenance: MaintenanceList,
}

export default function DashboardPage() {
  const { t } = useTranslation('account')
  const { data: user } = useGetIdentity<SessionUser | null>()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'applications'
  const name = user ? displayNameOf(user) : ''

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
            <Tabs.Tab key={key} value={key} leftSection={<Icon icon={ICONS[key]} />}>
              {t(`dashboard.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((key) => {
          const Panel = PANELS[key]
          return (
            <Tabs.Panel key={key} value={key} className="account-tab-panel">
              <Panel />
            </Tabs.Panel>
          )
        })}
      </Tabs>
    </PageShell>
  )
}
