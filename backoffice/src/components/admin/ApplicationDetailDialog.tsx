/**
 * The management card's dialog around one application (ApplicationDetails): a pending
 * application can be rejected or approved from here.
 */
import { Button, Modal } from '@mantine/core'
import { useOne } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import type { Application, ApplicationDetail, Fallbacks } from '../../lib/applications'
import { ApplicationDetails } from './ApplicationDetails'
import { DecisionButtons } from './DecisionDialogs'

interface ApplicationDetailDialogProps {
  opened: boolean
  onClose: () => void
  stackId?: string
  /** The row she opened: shown at once, then replaced by the full record. */
  application: Application | null
  fallbacks: Fallbacks & { name: string }
  onViewImage: () => void
  onDecide: (application: Application, status: 'approved' | 'rejected') => void
}

export function ApplicationDetailDialog({
  opened,
  onClose,
  stackId,
  application: row,
  fallbacks,
  onViewImage,
  onDecide,
}: ApplicationDetailDialogProps) {
  const { t } = useTranslation('admin')
  const { query, result } = useOne<ApplicationDetail>({
    resource: 'applications',
    id: row?.id ?? '',
    queryOptions: { enabled: opened && row !== null },
    errorNotification: false,
  })
  const detail = query.isSuccess ? result : undefined
  const application: Application | null = detail ?? row
  const name = application?.user?.fullName?.trim() || fallbacks.name
  const pending = application?.status === 'pending'

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      size="lg"
      title={t('applications.detail.title')}
      closeButtonProps={{ 'aria-label': t('applications.actions.close') }}
      classNames={{ title: 'dialog-title', body: 'detail-body' }}
      data-testid="application-dialog"
    >
      {application && (
        <div className="app-detail">
          <ApplicationDetails
            application={application}
            detail={detail}
            failed={query.isError}
            name={name}
            fallbacks={fallbacks}
            onViewImage={onViewImage}
          />

          <div className="dialog-actions dialog-footer">
            {pending ? (
              <DecisionButtons
                place="detail"
                onDecide={(status) => onDecide(application, status)}
              />
            ) : (
              <Button variant="default" onClick={onClose}>
                {t('applications.actions.close')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Modal>
  )
}
