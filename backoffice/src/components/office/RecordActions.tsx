/**
 * Archive, restore or delete a catalogue record from its edit page. Archiving hides it from
 * visitors and keeps it (PATCH `archived`), after a confirmation as deleting has; deleting asks
 * first, and the API archives instead what has history (200 with `archived`) and deletes the
 * rest (204); a toast says which it was, and she goes back to the list. A refusal (409: someone
 * lives in the room, or in the building's rooms) is told in the API's words and changes
 * nothing. Restoring needs no confirmation: it undoes nothing.
 */
import { Button } from '@mantine/core'
import { useDelete, useInvalidate, useUpdate, type BaseKey } from '@refinedev/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { ConfirmDialog } from '../feedback/ConfirmDialog'
import { showToast } from '../../lib/toasts'
import { serverMessageOr } from '../../lib/refusals'

/** Why the API refused, in her language (`{"message"}`), else the error as it came. */
const refusal = (error: unknown) =>
  serverMessageOr(error, error instanceof Error ? error.message : String(error))

interface RecordActionsProps {
  resource: string
  id: BaseKey
  archived: boolean
  /** Reviews have no history: deleting is all there is. */
  archivable?: boolean
  listPath: string
}

export function RecordActions({
  resource,
  id,
  archived,
  archivable = true,
  listPath,
}: RecordActionsProps) {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const invalidate = useInvalidate()
  const [asking, setAsking] = useState<'delete' | 'archive' | null>(null)
  const { mutate: remove, mutation: removing } = useDelete()
  const { mutate: update, mutation: updating } = useUpdate()

  const confirm = () =>
    remove(
      { resource, id, successNotification: false, errorNotification: false },
      {
        onSuccess: (response) => {
          const answer = response?.data as { archived?: boolean } | null | undefined
          showToast({
            tone: 'success',
            title: answer?.archived
              ? t('office.common.archivedToast')
              : t('office.common.deletedToast'),
          })
          setAsking(null)
          void invalidate({ resource, invalidates: ['list'] })
          void navigate(listPath)
        },
        onError: (error) => {
          setAsking(null)
          showToast({ tone: 'error', title: refusal(error) })
        },
      }
    )

  const setArchived = (archive: boolean) =>
    update(
      {
        resource,
        id,
        values: { archived: archive },
        successNotification: () => ({
          type: 'success',
          message: archive ? t('office.common.archivedToast') : t('office.common.restoredToast'),
        }),
        /* The API's own words: a room someone lives in is not archived, and it says whose stay. */
        errorNotification: (error) => ({ type: 'error', message: refusal(error) }),
      },
      {
        onSuccess: () => void invalidate({ resource, invalidates: ['all'] }),
        onSettled: () => setAsking(null),
      }
    )

  /* The confirmation before `action`: its question and button, the danger tone, closing. */
  const confirmation = (action: 'delete' | 'archive', title: string, confirmLabel: string) =>
    ({
      opened: asking === action,
      onClose: () => setAsking(null),
      title,
      cancelLabel: t('office.common.cancel'),
      confirmLabel,
      pendingLabel: t('office.common.saving'),
      tone: 'danger',
      testId: `office-confirm-${action}`,
    }) as const

  return (
    <div className="office-form-actions">
      {archivable &&
        (archived ? (
          <Button
            variant="default"
            onClick={() => setArchived(false)}
            loading={updating.isPending}
            data-testid="office-restore"
          >
            {t('office.common.restore')}
          </Button>
        ) : (
          <Button
            variant="default"
            onClick={() => setAsking('archive')}
            data-testid="office-archive"
          >
            {t('office.common.archive')}
          </Button>
        ))}
      <Button
        variant="outline"
        color="var(--color-danger)"
        leftSection={<Icon icon={icons.trash} />}
        onClick={() => setAsking('delete')}
        data-testid="office-delete"
      >
        {t('office.common.delete')}
      </Button>
      {archivable && (
        <ConfirmDialog
          {...confirmation(
            'archive',
            t('office.common.confirmArchive'),
            t('office.common.archive')
          )}
          pending={updating.isPending}
          onConfirm={() => setArchived(true)}
        >
          <p>{t('office.common.confirmArchiveText')}</p>
        </ConfirmDialog>
      )}
      <ConfirmDialog
        {...confirmation('delete', t('office.common.confirmDelete'), t('office.common.delete'))}
        pending={removing.isPending}
        onConfirm={confirm}
      >
        {archivable && <p>{t('office.common.confirmDeleteText')}</p>}
      </ConfirmDialog>
    </div>
  )
}
