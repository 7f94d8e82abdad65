/**
 * The applications tab of the management card (spec §2): filters all / pending / approved /
 * rejected; rows with the applicant, status, room, building and date; view for every row,
 * approve and reject for pending ones, delete for rejected ones — each behind a
 * confirmation — and the detail dialog with the ID document. After a decision the list,
 * the rooms and the key figures are refreshed.
 */
import { Button, Modal, useModalsStack } from '@mantine/core'
import {
  useCustomMutation,
  useDelete,
  useInvalidate,
  useList,
  useNotification,
  type HttpError,
} from '@refinedev/core'
import { formatLongDate } from '@sakan/common'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  buildingNameOf,
  roomNumberOf,
  type Application,
  type Fallbacks,
} from '../../lib/applications'
import { isolate } from '../../lib/format'
import { APPLICATION_TONES, toneOf } from '../../lib/status'
import { isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { EmptyState } from '../EmptyState'
import { Icon } from '../Icon'
import { ExtraIcon } from '../applications/icons'
import { ListError } from '../applications/ListError'
import { Pager } from '../applications/Pager'
import { StatusBadge } from '../applications/StatusBadge'
import { IdDocumentImageDialog } from '../documents/IdDocumentViewer'
import { ConfirmDialog } from '../feedback/ConfirmDialog'
import { ApplicationDetailDialog } from './ApplicationDetailDialog'
import { EmailVerifiedBadge } from './EmailVerifiedBadge'
import { FilterChips } from './FilterChips'
import { useListParams } from './list-params'
import { RowSkeletons } from './RowSkeletons'
import { ADMIN_STATS_KEY } from './stats'

const FILTERS = ['all', 'pending', 'approved', 'rejected'] as const
const PAGE_SIZE = 10

type Decision = 'approved' | 'rejected'

/** The server's own words when it sent them (already in her language), else the status line. */
function reasonOf(error: unknown): string | undefined {
  if (isApiError(error)) return error.serverMessage ?? error.message
  return (error as HttpError | undefined)?.message
}

export function ApplicationsPanel() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const { filter, page, setFilter, setPage } = useListParams(FILTERS)
  const fallbacks: Fallbacks & { name: string } = {
    roomNumber: t('applications.fallback.roomNumber'),
    buildingName: t('applications.fallback.buildingName'),
    name: t('applications.fallback.name'),
  }
  const nameOf = (application: Application) => application.user?.fullName?.trim() || fallbacks.name

  const { query, result } = useList<Application>({
    resource: 'applications',
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters: filter === 'all' ? [] : [{ field: 'status', operator: 'eq', value: filter }],
    errorNotification: false,
  })
  const items = result.data
  const total = result.total ?? 0

  // A page emptied by a deletion falls back to the one before it.
  useEffect(() => {
    if (query.isSuccess && items.length === 0 && page > 1) setPage(page - 1)
  }, [query.isSuccess, items.length, page, setPage])

  const stack = useModalsStack(['detail', 'document', 'decide', 'delete'])
  const [selected, setSelected] = useState<Application | null>(null)
  const [decision, setDecision] = useState<{ application: Application; status: Decision } | null>(
    null
  )
  const [deleting, setDeleting] = useState<Application | null>(null)

  const invalidate = useInvalidate()
  const queryClient = useQueryClient()
  const { open: notify } = useNotification()
  const { mutate: review, mutation: reviewing } = useCustomMutation<Application>()
  const { mutate: remove, mutation: removing } = useDelete<Application>()

  const refresh = () =>
    Promise.all([
      invalidate({ resource: 'applications', invalidates: ['resourceAll'] }),
      invalidate({ resource: 'rooms', invalidates: ['resourceAll'] }),
      queryClient.invalidateQueries({ queryKey: [...ADMIN_STATS_KEY] }),
    ])

  const open = (application: Application) => {
    setSelected(application)
    stack.open('detail')
  }

  const askDecision = (application: Application, status: Decision) => {
    setDecision({ application, status })
    stack.open('decide')
  }

  const askDelete = (application: Application) => {
    setDeleting(application)
    stack.open('delete')
  }

  const confirmDecision = () => {
    if (!decision) return
    const { application, status } = decision
    const name = nameOf(application)
    review(
      {
        url: `/api/applications/${application.id}/review`,
        method: 'patch',
        values: { status },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          stack.closeAll()
          notify?.({
            key: 'application-review',
            type: 'success',
            message: t(
              status === 'approved'
                ? 'applications.toasts.approved'
                : 'applications.toasts.rejected'
            ),
            description: t(
              status === 'approved'
                ? 'applications.toasts.approvedText'
                : 'applications.toasts.rejectedText',
              { name: isolate(name), room: isolate(roomNumberOf(application.room, fallbacks)) }
            ),
          })
          void refresh()
        },
        onError: (error) => {
          stack.close('decide')
          const reason = reasonOf(error)
          notify?.({
            key: 'application-review',
            type: 'error',
            message: t('applications.toasts.updateFailed'),
            description: reason
              ? t('applications.toasts.updateFailedReason', { reason })
              : t('applications.toasts.updateFailedText'),
          })
          // Someone else may have decided meanwhile: show the list as it is now.
          void refresh()
        },
      }
    )
  }

  const confirmDelete = () => {
    if (!deleting) return
    remove(
      {
        resource: 'applications',
        id: deleting.id,
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
      {
        onSuccess: () => {
          stack.closeAll()
          void refresh()
        },
        onError: () => {
          stack.close('delete')
          void refresh()
        },
      }
    )
  }

  const decisionApplication = decision?.application
  const decisionName = decisionApplication ? nameOf(decisionApplication) : ''
  const decisionValues = decisionApplication
    ? {
        name: isolate(decisionName),
        room: isolate(roomNumberOf(decisionApplication.room, fallbacks)),
        building: isolate(buildingNameOf(decisionApplication.room?.building, lang, fallbacks)),
      }
    : {}

  let body
  if (query.isLoading) {
    body = <RowSkeletons />
  } else if (query.isError) {
    body = (
      <ListError
        text={t('management.loadError')}
        retryLabel={t('account:buttons.retry')}
        onRetry={() => void query.refetch()}
      />
    )
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon="file"
        title={t(`management.empty.applications.${filter}`)}
        text={
          filter === 'all'
            ? t('management.empty.applications.allText')
            : t('management.empty.applications.filteredText')
        }
      />
    )
  } else {
    body = (
      <>
        <ul
          className="admin-rows"
          role="list"
          aria-label={t('applications.listLabel')}
          aria-busy={query.isFetching || undefined}
          data-testid="application-rows"
        >
          {items.map((application) => {
            const name = nameOf(application)
            const context = (
              <span className="visually-hidden">
                {' '}
                {t('applications.actions.context', { name })}
              </span>
            )
            return (
              <li
                key={application.id}
                className="admin-row"
                data-testid="application-row"
                data-application-id={application.id}
                data-status={application.status}
              >
                <div className="admin-row-main">
                  <p className="admin-row-title">
                    <span className="admin-row-name">
                      <bdi>{name}</bdi>
                    </span>
                    <StatusBadge
                      tone={toneOf(APPLICATION_TONES, application.status)}
                      value={application.status}
                    >
                      {t(`account:status.application.${application.status}`)}
                    </StatusBadge>
                    <EmailVerifiedBadge verified={application.user?.emailVerified} />
                  </p>
                  <p className="admin-row-meta">
                    <span>
                      <Icon name="key" />
                      {t('applications.roomNumber', {
                        number: roomNumberOf(application.room, fallbacks),
                      })}
                    </span>
                    <span>
                      <Icon name="building" />
                      {buildingNameOf(application.room?.building, lang, fallbacks)}
                    </span>
                    <span>
                      <Icon name="calendar" />
                      {t('applications.applied', {
                        date: formatLongDate(application.createdAt, lang),
                      })}
                    </span>
                  </p>
                </div>
                <div className="admin-row-actions">
                  <Button
                    variant="default"
                    size="xs"
                    radius="xl"
                    leftSection={<Icon name="eye" />}
                    onClick={() => open(application)}
                    data-testid="row-view"
                  >
                    {t('applications.actions.view')}
                    {context}
                  </Button>
                  {application.status === 'pending' && (
                    <>
                      <Button
                        size="xs"
                        radius="xl"
                        color="var(--color-success)"
                        leftSection={<Icon name="check" />}
                        onClick={() => askDecision(application, 'approved')}
                        data-testid="row-approve"
                      >
                        {t('applications.actions.approve')}
                        {context}
                      </Button>
                      <Button
                        size="xs"
                        radius="xl"
                        variant="outline"
                        color="var(--color-danger)"
                        leftSection={<Icon name="close" />}
                        onClick={() => askDecision(application, 'rejected')}
                        data-testid="row-reject"
                      >
                        {t('applications.actions.reject')}
                        {context}
                      </Button>
                    </>
                  )}
                  {application.status === 'rejected' && (
                    <Button
                      size="xs"
                      radius="xl"
                      variant="subtle"
                      color="var(--color-danger)"
                      leftSection={<ExtraIcon name="trash" />}
                      onClick={() => askDelete(application)}
                      data-testid="row-delete"
                    >
                      {t('applications.actions.delete')}
                      {context}
                    </Button>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
        <Pager page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} />
      </>
    )
  }

  return (
    <>
      <FilterChips
        label={t('management.filtersLabel')}
        filters={FILTERS}
        value={filter}
        onChange={setFilter}
        labelOf={(value) => t(`management.filters.${value}`)}
      />
      <div className="management-body">{body}</div>

      <Modal.Stack>
        <ApplicationDetailDialog
          {...stack.register('detail')}
          application={selected}
          fallbacks={fallbacks}
          onViewImage={() => stack.open('document')}
          onDecide={askDecision}
        />
        <IdDocumentImageDialog
          {...stack.register('document')}
          documentKey={selected?.idDocument ?? null}
          ownerName={selected ? nameOf(selected) : ''}
        />
        <ConfirmDialog
          {...stack.register('decide')}
          title={t(
            decision?.status === 'rejected'
              ? 'applications.confirm.rejectTitle'
              : 'applications.confirm.approveTitle'
          )}
          cancelLabel={t('applications.confirm.cancel')}
          confirmLabel={t(
            decision?.status === 'rejected'
              ? 'applications.confirm.reject'
              : 'applications.confirm.approve'
          )}
          pendingLabel={t(
            decision?.status === 'rejected'
              ? 'applications.confirm.rejecting'
              : 'applications.confirm.approving'
          )}
          tone={decision?.status === 'rejected' ? 'danger' : 'success'}
          confirmIcon={<Icon name={decision?.status === 'rejected' ? 'close' : 'check'} />}
          pending={reviewing.isPending}
          onConfirm={confirmDecision}
          testId="decision-dialog"
        >
          <p>
            {t(
              decision?.status === 'rejected'
                ? 'applications.confirm.rejectText'
                : 'applications.confirm.approveText',
              decisionValues
            )}
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          {...stack.register('delete')}
          title={t('applications.confirm.deleteTitle')}
          cancelLabel={t('applications.confirm.cancel')}
          confirmLabel={t('applications.confirm.delete')}
          pendingLabel={t('applications.confirm.deleting')}
          tone="danger"
          confirmIcon={<ExtraIcon name="trash" />}
          pending={removing.isPending}
          onConfirm={confirmDelete}
          testId="delete-dialog"
        >
          <p className="confirm-warning">
            <Icon name="alert" />
            <span>{t('applications.confirm.deleteText')}</span>
          </p>
        </ConfirmDialog>
      </Modal.Stack>
    </>
  )
}
