/**
 * The maintenance tab of the management card (spec §2): filters all / pending / in progress /
 * completed / cancelled; cards with the title, resident and room, status, description (two
 * lines), category, priority in its colour (low green, medium yellow, high orange, urgent
 * red), date and photos, and a status dropdown until the request is completed or cancelled
 * (spec §4). After a change — done or refused — the lists and the key figures are refreshed.
 */
import { Badge, Select } from '@mantine/core'
import { useUpdate } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import { formatLongDate, type MaintenanceStatus } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { roomNumberOf, type MaintenanceRequest } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { STATUS_CHOICES, canChangeStatus } from '../../lib/maintenance'
import { isApiError } from '../../providers/http'
import { MAINTENANCE_TONES, PRIORITY_COLORS, toneOf } from '../../lib/status'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { MaintenancePhotos } from '../maintenance/MaintenancePhotos'
import { ManagementList } from './ManagementList'
import { CardSkeletons } from './RowSkeletons'
import { ADMIN_STATS_KEY } from './stats'
import { useManagementList } from './use-management-list'

const FILTERS = ['all', 'pending', 'in_progress', 'completed', 'cancelled'] as const
const PAGE_SIZE = 12

/** Sets a request's status with its toasts; afterwards the key figures are asked for again. */
export function useStatusChange() {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  const { mutate, mutation } = useUpdate<MaintenanceRequest>()
  const statusText = (status: MaintenanceStatus) => t(`account:status.maintenance.${status}`)

  const change = (request: MaintenanceRequest, status: MaintenanceStatus) => {
    mutate(
      {
        resource: 'maintenance-requests',
        id: request.id,
        values: { status },
        // The list and the resident's dashboard follow (useUpdate invalidates the resource).
        successNotification: () => ({
          key: 'maintenance-status',
          type: 'success',
          message: t('maintenance.toasts.updated'),
          description: t('maintenance.toasts.updatedText', {
            title: isolate(request.title),
            status: statusText(status),
          }),
        }),
        errorNotification: (error) => ({
          key: 'maintenance-status',
          type: 'error',
          message: t('maintenance.toasts.updateFailed'),
          description:
            (isApiError(error) ? (error.serverMessage ?? error.message) : error?.message) ||
            t('maintenance.toasts.updateFailedText'),
        }),
      },
      {
        onSettled: () => void queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] }),
      }
    )
  }
  return { change, pendingId: mutation.isPending ? mutation.variables?.id : undefined }
}

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
  const { change, pendingId } = useStatusChange()

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
              <MaintenancePhotos
                photos={request.photos}
                title={request.title}
                texts="admin:maintenance"
              />
              {canChangeStatus(request.status) && (
                <Select
                  label={t('maintenance.status')}
                  aria-label={t('maintenance.statusLabel', { title: request.title })}
                  size="sm"
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  data={STATUS_CHOICES.map((value) => ({
                    value,
                    label: t(`account:status.maintenance.${value}`),
                  }))}
                  value={request.status}
                  disabled={pendingId === request.id}
                  onChange={(value) => {
                    if (value && value !== request.status) {
                      change(request, value as MaintenanceStatus)
                    }
                  }}
                  data-testid="maintenance-status"
                />
              )}
            </article>
          </li>
        ))}
      </ul>
    </ManagementList>
  )
}
