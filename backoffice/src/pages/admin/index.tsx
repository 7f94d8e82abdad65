/**
 * `/admin`, the administrator's dashboard (spec §2): five key figures from
 * `GET /api/admin/stats`, then the management card with its three tabs (applications by
 * default, rooms, maintenance) and their status filters. The lists arrive with the
 * applications, rooms and maintenance work; each tab shows its empty state meanwhile.
 */
import '../../styles/mantine-tabs.css'
import { Skeleton, Tabs } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { formatNumber, formatSar } from '@sakan/common'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/EmptyState'
import { Icon, type IconName } from '../../components/Icon'
import { PageShell } from '../../components/PageShell'
import { useLanguage } from '../../providers/use-language'

interface AdminStats {
  totalRooms: number
  occupiedRooms: number
  occupancyRate: number
  pendingApplications: number
  monthlyRevenue: number
}

const STAT_CARDS: { key: keyof AdminStats; icon: IconName; tone: string }[] = [
  { key: 'totalRooms', icon: 'building', tone: 'brand' },
  { key: 'occupiedRooms', icon: 'key', tone: 'accent' },
  { key: 'occupancyRate', icon: 'percent', tone: 'gold' },
  { key: 'pendingApplications', icon: 'file', tone: 'warning' },
  { key: 'monthlyRevenue', icon: 'wallet', tone: 'success' },
]

const MANAGEMENT = {
  applications: { icon: 'file', filters: ['all', 'pending', 'approved', 'rejected'] },
  rooms: { icon: 'building', filters: ['all', 'available', 'occupied'] },
  maintenance: { icon: 'wrench', filters: ['all', 'pending', 'in_progress', 'completed'] },
} as const satisfies Record<string, { icon: IconName; filters: readonly string[] }>
type ManagementTab = keyof typeof MANAGEMENT

function StatCards() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const { query, result } = useCustom<AdminStats>({
    url: '/api/admin/stats',
    method: 'get',
    errorNotification: false,
  })
  const stats = result.data
  const failed = query.isError

  const format = (key: keyof AdminStats, value: number) => {
    if (key === 'monthlyRevenue') return formatSar(value, lang)
    if (key === 'occupancyRate') return t('stats.percent', { value })
    return formatNumber(value, lang)
  }

  return (
    <section aria-labelledby="stats-heading" className="stats-section">
      <h2 id="stats-heading" className="visually-hidden">
        {t('stats.label')}
      </h2>
      <ul className="stat-grid" role="list" aria-busy={query.isLoading || undefined}>
        {STAT_CARDS.map(({ key, icon, tone }) => (
          <li key={key} className="stat-card card" data-tone={tone}>
            <span className="stat-icon" aria-hidden="true">
              <Icon name={icon} />
            </span>
            <span className="stat-label">{t(`stats.${key}`)}</span>
            {query.isLoading ? (
              <Skeleton height={30} width="60%" radius="sm" aria-hidden="true" />
            ) : (
              <span className="stat-value">{stats && !failed ? format(key, stats[key]) : '—'}</span>
            )}
            {key === 'monthlyRevenue' && (
              <span className="stat-note">{t('stats.revenueNote')}</span>
            )}
          </li>
        ))}
      </ul>
      {failed && (
        <p className="inline-error" role="alert">
          <Icon name="alert" /> {t('stats.unavailable')}
        </p>
      )}
    </section>
  )
}

function ManagementPanel({ tab }: { tab: ManagementTab }) {
  const { t } = useTranslation('admin')
  const [filter, setFilter] = useState<string>('all')
  const { icon, filters } = MANAGEMENT[tab]
  const status = t(`management.filters.${filter}`)

  return (
    <>
      <div className="filter-chips" role="group" aria-label={t('management.filtersLabel')}>
        {filters.map((value) => (
          <button
            key={value}
            type="button"
            className="filter-chip"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {t(`management.filters.${value}`)}
          </button>
        ))}
      </div>
      <EmptyState
        icon={icon}
        title={
          filter === 'all'
            ? t(`management.empty.${tab}`)
            : t(`management.empty.${tab}Filtered`, { status })
        }
        text={filter === 'all' ? t(`management.empty.${tab}Text`) : undefined}
      />
    </>
  )
}

export default function AdminPage() {
  const { t } = useTranslation('admin')
  return (
    <PageShell title={t('titles.dashboard')} lead={t('lead')}>
      <StatCards />
      <section className="card management-card" aria-labelledby="management-heading">
        <h2 id="management-heading" className="card-title">
          {t('management.title')}
        </h2>
        <Tabs defaultValue="applications" keepMounted={false} className="management-tabs">
          <Tabs.List aria-label={t('management.tabsLabel')}>
            {(Object.keys(MANAGEMENT) as ManagementTab[]).map((tab) => (
              <Tabs.Tab key={tab} value={tab} leftSection={<Icon name={MANAGEMENT[tab].icon} />}>
                {t(`management.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {(Object.keys(MANAGEMENT) as ManagementTab[]).map((tab) => (
            <Tabs.Panel key={tab} value={tab} className="management-panel">
              <ManagementPanel tab={tab} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </section>
    </PageShell>
  )
}
