/**
 * `/admin/applications/{id}`: one application with every field of the spec's detail dialog,
 * the ID document and the decision history; approve or reject a pending one, delete a
 * rejected one, each after the spec's confirmation and with its toasts.
 */
import { Button, Modal } from '@mantine/core'
import { useShow } from '@refinedev/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
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
import { RecordSection } from '../../components/details/RecordSection'
import { IdDocumentImageDialog } from '../../components/documents/IdDocumentViewer'
import { useDialogStack } from '../../components/feedback/use-dialog-stack'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { RecordError } from '../../components/office/OfficeForm'
import type { ApplicationDetail } from '../../lib/applications'
import { Icon, icons } from '@sakan/common/ui/Icon'
import '../../components/admin/admin.css'
import '../../components/applications/applications.css'

export default function ApplicationShowPage() {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const { id } = useParams()
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const { query, result: application } = useShow<ApplicationDetail>({
    resource: 'applications',
    id,
    errorNotification: false,
  })
  const { decide, erase, reviewing, removing } = useApplicationActions(fallbacks, nameOf)
  const stack = useDialogStack(['document', 'decide', 'delete'])
  const [decision, setDecision] = useState<Decision | null>(null)
  const title = t('office.applicationsList.application', { id: id ?? '' })

  if (query.isError) return <RecordError title={title} />
  const ask = (status: Decision) => {
    setDecision(status)
    stack.open('decide')
  }
  const pending = application?.status === 'pending'
  return (
    <OfficeFrame
      title={title}
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
    >
      <RecordSection loading={query.isLoading} testId="application-detail" className="app-detail">
        {application && (
          <ApplicationDetails
            application={application}
            detail={application}
            failed={false}
            name={nameOf(application)}
            fallbacks={fallbacks}
            onViewImage={() => stack.open('document')}
          />
        )}
      </RecordSection>
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
    </OfficeFrame>
  )
}
