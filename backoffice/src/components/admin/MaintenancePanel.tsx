/**
 * The maintenance tab of the management card (spec §2), read-only for now: filters all /
 * pending / in progress / completed; cards with the title, resident and room, status,
 * description (two lines), category, priority in its colour (low green, medium yellow, high
 * orange, urgent red) and date. Changing a request's status comes with the maintenance work.
 */
import { Badge } from '@mantine/core'
import { formatLongDate } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { roomNumberOf, type MaintenanceRequest } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { MAINTENANCE_TONES, PRIORITY_COLORS, toneOf } from '../../lib/status'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { ManagementList } from './ManagementList'
import { CardSkeletons } from './RowSkeletons'
import { useManagementList } from './use-management-list'

const FILTERS = ['all', 'pending', 'in_progress', 'completed'] as const
const PAGE_SIZE = 12

export function MaintenancePanel() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const list = useManagementList<MaintenanceRequest, (typeof FILTERS)[number]>({
    resource: 'maintenance-requests',
    filters: FILTERS,
    pageSize: PAGE_SIZE,
    filterOf: (filter) => ({ field: 'status', operator: 'eq', value: filter }),
  })
  const roomFallback = t('applications.fallback.roomNumber')

  return (
    <ManagementList
      list={list}
      kind="maintenance"
      emptyTitle={t(`management.empty.maintenance.${list.filter}`)}
      icon={icons.wrench}
      skeleton={<CardSkeletons />}
      labelOf={(value) =>
        value === 'all' ? t('management.filters.all') : t(`account:status.maintenance.${value}`)
      }
    >
      <ul
        className="admin-cards"
        role="list"
        aria-label={t('maintenance.listLabel')}
        aria-busy={list.query.isFetching || undefined}
        data-testid="maintenance-cards"
      >
        {list.items.map((request) => (
          <li key={request.id}>
            <article
              className="admin-card card"
              data-testid="maintenance-card"
              data-status={request.status}
            >
              <header className="admin-card-head">
                <h3 className="admin-card-title">
                  <bdi>{request.title}</bdi>
                </h3>
                <Badge
                  data-tone={toneOf(MAINTENANCE_TONES, request.status)}
                  data-value={request.status}
                >
                  {t(`account:status.maintenance.${request.status}`)}
                </Badge>
              </header>
              <p className="admin-card-sub">
                <Icon icon={icons.user} />
                <span>
                  {t('maintenance.by', {
                    name: isolate(request.user?.fullName?.trim() || t('maintenance.unknownTenant')),
                    room: isolate(
                      roomNumberOf(request.room, { roomNumber: roomFallback, buildingName: '' })
                    ),
                  })}
                </span>
              </p>
              <p className="admin-card-description" dir="auto">
                {request.description}
              </p>
              <div className="admin-card-tags">
                <span className="chip">
                  <Icon icon={icons.tag} />
                  {t(`account:category.${request.category}`)}
                </span>
                <Badge
                  data-tone={PRIORITY_COLORS[request.priority] ?? 'neutral'}
                  data-value={request.priority}
                  data-testid="priority"
                >
                  {t('maintenance.priority', {
                    priority: t(`account:priority.${request.priority}`),
                  })}
                </Badge>
              </div>
              <p className="admin-card-date">
                <Icon icon={icons.calendar} />
                <time dateTime={request.createdAt}>{formatLongDate(request.createdAt, lang)}</time>
              </p>
            </article>
          </li>
        ))}
      </ul>
    </ManagementList>
  )
}
