/**
 * The five key figures from `GET /api/admin/stats`: total rooms, occupied rooms,
 * occupancy rate, pending applications and this month's revenue; beside them, the rent's two:
 * how many running stays have a month past its grace, and what those months owe
 * (a danger tone while any does). Refreshed (through ADMIN_STATS_KEY) after every decision on
 * an application and every action on a stay.
 */
import { Skeleton } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { formatNumber, formatSar } from '@sakan/common'
import { useTexts } from '../../providers/use-language'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { ADMIN_STATS_KEY, type AdminStats } from './stats'

type Figure = Exclude<keyof AdminStats, 'currency'>

/** The spec's five figures are a card each; the currency is the revenue's unit. */
const STAT_CARDS: {
  key: Figure
  icon: IconDrawing
  tone: string
}[] = [
  { key: 'totalRooms', icon: icons.building, tone: 'brand' },
  { key: 'occupiedRooms', icon: icons.key, tone: 'accent' },
  { key: 'occupancyRate', icon: icons.percent, tone: 'gold' },
  { key: 'pendingApplications', icon: icons.file, tone: 'warning' },
  { key: 'monthlyRevenue', icon: icons.wallet, tone: 'success' },
]

/** The rent's figures, a list of their own beside the spec's. */
const RENT_CARDS: { key: Figure; icon: IconDrawing }[] = [
  { key: 'overdueTenancies', icon: icons.alert },
  { key: 'overdueTotal', icon: icons.wallet },
]

export function StatCards() {
  const { t, lang } = useTexts('admin')
  const { query, result } = useCustom<AdminStats>({
    url: '/api/admin/stats',
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: [...ADMIN_STATS_KEY] },
  })
  const stats = query.isSuccess ? result.data : undefined
  const failed = query.isError

  const format = (key: keyof AdminStats, value: number) => {
    // The amount and its currency may go on two lines in a narrow card (app.css, .stat-value).
    if (key === 'monthlyRevenue' || key === 'overdueTotal')
      return formatSar(value, lang).replace(/\u00a0/g, ' ')
    if (key === 'occupancyRate') return t('stats.percent', { value })
    return formatNumber(value, lang)
  }

  /* A card's icon, label, value (a placeholder while loading) and note. */
  const figure = (key: Figure, icon: IconDrawing, note?: string) => (
    <>
      <span className="stat-icon" aria-hidden="true">
        <Icon icon={icon} />
      </span>
      <span className="stat-label">{t(`stats.${key}`)}</span>
      <div
        className="stat-value"
        data-testid={`stat-${key}`}
        data-value={stats ? stats[key] : undefined}
      >
        {query.isLoading ? (
          <Skeleton height="1.2em" width="60%" radius="sm" aria-hidden="true" />
        ) : stats ? (
          format(key, stats[key])
        ) : (
          '—'
        )}
      </div>
      {note && <span className="stat-note">{note}</span>}
    </>
  )

  return (
    <section aria-labelledby="stats-heading" className="stats-section">
      <h2 id="stats-heading" className="visually-hidden">
        {t('stats.label')}
      </h2>
      <ul className="stat-grid" role="list" aria-busy={query.isLoading || undefined}>
        {STAT_CARDS.map(({ key, icon, tone }) => (
          <li key={key} className="stat-card card" data-tone={tone} data-stat={key}>
            {figure(key, icon, key === 'monthlyRevenue' ? t('stats.revenueNote') : undefined)}
          </li>
        ))}
      </ul>
      <ul
        className="stat-grid rent-stats"
        role="list"
        aria-label={t('stats.rentLabel')}
        aria-busy={query.isLoading || undefined}
      >
        {RENT_CARDS.map(({ key, icon }) => (
          <li
            key={key}
            className="rent-stat card"
            data-tone={stats && stats.overdueTenancies > 0 ? 'danger' : 'success'}
            data-rent-stat={key}
          >
            {figure(key, icon, key === 'overdueTotal' ? t('stats.overdueNote') : undefined)}
          </li>
        ))}
      </ul>
      {failed && (
        <p className="inline-error" role="alert">
          <Icon icon={icons.alert} /> {t('stats.unavailable')}
        </p>
      )}
    </section>
  )
}
