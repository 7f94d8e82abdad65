/**
 * `/admin`, the administrator's dashboard: five key figures from
 * `GET /api/admin/stats`, then the management card with its three tabs — applications (the
 * default), rooms and maintenance — each with its status filter. The open tab, filter and
 * page live in the address (`?tab=rooms&status=occupied&page=2`). The back office's resources
 * are linked above the card (their navigation) and from each tab (its whole list).
 */
import '../../styles/mantine-tabs.css'
import '../../styles/mantine-forms.css'
import '../../components/applications/applications.css'
import '../../components/admin/admin.css'
import { Tabs } from '@mantine/core'
import { useCallback, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { StatCards } from '../../components/admin/StatCards'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { PageShell } from '../../components/PageShell'
import { TitledSection } from '../../components/TitledSection'
import { OfficeNav } from '../../components/office/OfficeFrame'
import { CompactApplicationList } from '../applications/list'
import { CompactMaintenanceList } from '../maintenance-requests/list'
import { CompactRoomList } from '../rooms/list'

const MANAGEMENT_TABS = ['applications', 'rooms', 'maintenance'] as const
type ManagementTab = (typeof MANAGEMENT_TABS)[number]

/** Each tab shows its resource's own list, compact. */
const TABS: Record<ManagementTab, { icon: IconDrawing; List: ComponentType; resource: string }> = {
  applications: { icon: icons.file, List: CompactApplicationList, resource: 'applications' },
  rooms: { icon: icons.building, List: CompactRoomList, resource: 'rooms' },
  maintenance: {
    icon: icons.wrench,
    List: CompactMaintenanceList,
    resource: 'maintenance-requests',
  },
}

/** The open tab, in the address (`?tab=rooms`; none for the first). */
function useManagementTab(): [ManagementTab, (tab: ManagementTab) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const tab = (MANAGEMENT_TABS as readonly string[]).includes(raw ?? '')
    ? (raw as ManagementTab)
    : 'applications'
  const setTab = useCallback(
    (next: ManagementTab) =>
      setParams(next === 'applications' ? {} : { tab: next }, { replace: true }),
    [setParams]
  )
  return [tab, setTab]
}

export default function AdminPage() {
  const { t } = useTranslation('admin')
  const [tab, setTab] = useManagementTab()
  return (
    <PageShell title={t('titles.dashboard')} lead={t('lead')}>
      <StatCards />
      <div className="office-dashboard-nav">
        <OfficeNav />
      </div>
      <TitledSection
        id="management-heading"
        title={t('management.title')}
        className="card management-card"
      >
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value as ManagementTab)}
          keepMounted={false}
          className="management-tabs"
        >
          <Tabs.List aria-label={t('management.tabsLabel')}>
            {MANAGEMENT_TABS.map((key) => (
              <Tabs.Tab key={key} value={key} leftSection={<Icon icon={TABS[key].icon} />}>
                {t(`management.tabs.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {MANAGEMENT_TABS.map((key) => {
            const { List, resource } = TABS[key]
            return (
              <Tabs.Panel key={key} value={key} className="management-panel">
                <p className="management-more">
                  <Link to={`/admin/${resource}`} data-testid={`management-more-${key}`}>
                    {t('office.nav.allIn')}
                  </Link>
                </p>
                <List />
              </Tabs.Panel>
            )
          })}
        </Tabs>
      </TitledSection>
    </PageShell>
  )
}
