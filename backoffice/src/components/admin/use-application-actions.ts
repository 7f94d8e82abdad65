/**
 * The administrator's decisions on an application: approve or reject a pending
 * one, delete a rejected one. Each declares its toasts; afterwards — done or refused — the
 * applications, the rooms and the key figures are refreshed, since someone else may have
 * decided meanwhile.
 */
import { useCustomMutation, useDelete, useInvalidate, type HttpError } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { roomNumberOf, type Application } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { isApiError } from '../../providers/http'
import type { ApplicantFallbacks } from './applicant'
import { ADMIN_STATS_KEY } from './stats'

export type Decision = 'approved' | 'rejected'

/** The server's own words when it sent them (already in her language), else the status line. */
function reasonOf(error: unknown): string | undefined {
  if (isApiError(error)) return error.serverMessage ?? error.message
  return (error as HttpError | undefined)?.message
}

function useRefresh() {
  const invalidate = useInvalidate()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      invalidate({ resource: 'applications', invalidates: ['resourceAll'] }),
      invalidate({ resource: 'rooms', invalidates: ['resourceAll'] }),
      queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] }),
    ])
}

/** `done(true)` after success, `done(false)` after a refusal. */
export type Done = (succeeded: boolean) => void

export function useApplicationActions(
  fallbacks: ApplicantFallbacks,
  nameOf: (application: Application) => string
) {
  const { t } = useTranslation('admin')
  const refresh = useRefresh()
  const { mutate: review, mutation: reviewing } = useCustomMutation<Application>()
  const { mutate: remove, mutation: removing } = useDelete<Application>()
  const settle = (done: Done, succeeded: boolean) => {
    done(succeeded)
    void refresh()
  }

  const decide = (application: Application, status: Decision, done: Done) => {
    const approved = status === 'approved'
    review(
      {
        url: `/api/applications/${application.id}/review`,
        method: 'patch',
        values: { status },
        successNotification: () => ({
          key: 'application-review',
          type: 'success',
          message: t(approved ? 'applications.toasts.approved' : 'applications.toasts.rejected'),
          description: t(
            approved ? 'applications.toasts.approvedText' : 'applications.toasts.rejectedText',
            {
              name: isolate(nameOf(application)),
              room: isolate(roomNumberOf(application.room, fallbacks)),
            }
          ),
        }),
        errorNotification: (error) => {
          const reason = reasonOf(error)
          return {
            key: 'application-review',
            type: 'error',
            message: t('applications.toasts.updateFailed'),
            description: reason
              ? t('applications.toasts.updateFailedReason', { reason })
              : t('applications.toasts.updateFailedText'),
          }
        },
      },
      { onSuccess: () => settle(done, true), onError: () => settle(done, false) }
    )
  }

  const erase = (application: Application, done: Done) => {
    remove(
      {
        resource: 'applications',
        id: application.id,
        successNotification: () => ({
          key: 'application-delete',
          type: 'success',
          message: t('applications.toasts.deleted'),
          description: t('applications.toasts.deletedText'),
        }),
        errorNotification: (error) => ({
          key: 'application-delete',
          type: 'error',
          message: t('applications.toasts.deleteFailed'),
          description: reasonOf(error) ?? '',
        }),
      },
      { onSuccess: () => settle(done, true), onError: () => settle(done, false) }
    )
  }

  return { decide, erase, reviewing: reviewing.isPending, removing: removing.isPending }
}
