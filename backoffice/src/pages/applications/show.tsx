/**
 * `/admin/applications/{id}`: one application with every field of the spec's detail dialog,
 * the ID document and the decision history; approve or reject a pending one, delete a
 * rejected one, each after the spec's confirmation and with its toasts.
 */
import { Button, Modal } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ApplicationDetails } from '../../components/admin/ApplicationDetails'
import { useApplicantFallbacks } from '../../components/admin/applicant'
import {
  DecisionButtons,
  DecisionDialog,
  DeleteDialog,
} from '../../components/admin/DecisionDialogs'
import {
  useApplicationActions,
  type Decision,
} from '../../components/admin/use-application-actions'
import { useOfficeRecord } from '../../components/details/use-office-record'
import { IdDocumentImageDialog } from '../../components/documents/IdDocumentViewer'
import { useDialogStack } from '../../components/feedback/use-dialog-stack'
import { OfficeRecordPage } from '../../components/office/OfficeRecordPage'
import type { ApplicationDetail } from '../../lib/applications'
import { Icon, icons } from '@sakan/common/ui/Icon'
import '../../components/admin/admin.css'
import '../../components/applications/applications.css'

export default function ApplicationShowPage() {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const { id, query, record: application } = useOfficeRecord<ApplicationDetail>('applications')
  const { decide, erase, reviewing, removing } = useApplicationActions(fallbacks, nameOf)
  const stack = useDialogStack(['document', 'decide', 'delete'])
  const [decision, setDecision] = useState<Decision | null>(null)
  const title = t('office.applicationsList.application', { id })

  const ask = (status: Decision) => {
    setDecision(status)
    stack.open('decide')
  }
  const pending = application?.status === 'pending'
  return (
    <OfficeRecordPage
      title={title}
      query={query}
      record={application}
      testId="application-detail"
      className="app-detail"
      actions={
        application && (
          <>
            {pending && <DecisionButtons place="detail" onDecide={ask} />}
            {application.status === 'rejected' && (
              <Button
                variant="outline"
                color="var(--color-danger)"
                leftSection={<Icon icon={icons.trash} />}
                onClick={() => stack.open('delete')}
                data-testid="detail-delete"
              >
                {t('office.common.delete')}
              </Button>
            )}
          </>
        )
      }
      after={
        <Modal.Stack>
          <IdDocumentImageDialog
            {...stack.register('document')}
            documentKey={application?.idDocument ?? null}
            ownerName={application ? nameOf(application) : ''}
          />
          <DecisionDialog
            dialog={stack.register('decide')}
            decision={application && decision ? { application, status: decision } : null}
            name={application ? nameOf(application) : ''}
            fallbacks={fallbacks}
            pending={reviewing}
            onConfirm={() =>
              application &&
              decision &&
              decide(application, decision, () => {
                stack.closeAll()
                void query.refetch()
              })
            }
          />
          <DeleteDialog
            dialog={stack.register('delete')}
            pending={removing}
            onConfirm={() =>
              application &&
              erase(application, (succeeded) => {
                stack.closeAll()
                if (succeeded) void navigate('/admin/applications')
              })
            }
          />
        </Modal.Stack>
      }
    >
      {(application) => (
        <ApplicationDetails
          application={application}
          detail={application}
          failed={false}
          name={nameOf(application)}
          fallbacks={fallbacks}
          onViewImage={() => stack.open('document')}
        />
      )}
    </OfficeRecordPage>
  )
}
