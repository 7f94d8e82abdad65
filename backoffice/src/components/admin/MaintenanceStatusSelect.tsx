/**
 * A maintenance request's status control, on the dashboard's cards and the
 * request's page: until the request is completed or cancelled, a dropdown of the statuses; a
 * change shows its toasts, and afterwards the lists and the key figures are refreshed.
 */
import { Select } from '@mantine/core'
import { useUpdate } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import type { MaintenanceStatus } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import type { MaintenanceRequest } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { STATUS_CHOICES, canChangeStatus } from '../../lib/maintenance'
import { isApiError } from '../../providers/http'
import { ADMIN_STATS_KEY } from './stats'

/** Sets a request's status with its toasts; afterwards the key figures are asked for again. */
function useStatusChange() {
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

interface MaintenanceStatusSelectProps {
  request: MaintenanceRequest
  label: string
  'aria-label'?: string
  size?: 'sm'
}

export function MaintenanceStatusSelect({ request, ...props }: MaintenanceStatusSelectProps) {
  const { t } = useTranslation('admin')
  const { change, pendingId } = useStatusChange()
  if (!canChangeStatus(request.status)) return null
  return (
    <Select
      {...props}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data={STATUS_CHOICES.map((value) => ({
        value,
        label: t(`account:status.maintenance.${value}`),
      }))}
      value={request.status}
      disabled={pendingId === request.id}
      onChange={(value) => {
        if (value && value !== request.status) change(request, value as MaintenanceStatus)
      }}
      data-testid="maintenance-status"
    />
  )
}
