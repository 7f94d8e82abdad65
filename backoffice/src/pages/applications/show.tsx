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
import { ApplicationDialogs } from '../../components/admin/ApplicationDialogs'
import { useApplicantFallbacks } from '../../components/admin/applicant'
import { DecisionButtons } from '../../components/admin/DecisionDialogs'
import type { Decision } from '../../components/admin/use-application-actions'
import { useOfficeRecord } from '../../components/details/use-office-record'
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
  const stack = useDialogStack(['document', 'decide', 'delete'])
  const [decision, setDecision] = useState<Decision | null>(null)
  const title = t('office.applicationsList.application', { id })

  const ask = (status: Decision) => {
    setDecision(status)
    stack.open('decide')
  }
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
            {application.status === 'pending' && <DecisionButtons place="detail" onDecide={ask} />}
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
          <ApplicationDialogs
            register={stack.register}
            shown={application ?? null}
            decision={application && decision ? { application, status: decision } : null}
            deleting={application ?? null}
            onDecided={() => {
              stack.closeAll()
              void query.refetch()
            }}
            onDeleted={(succeeded) => {
              stack.closeAll()
              if (succeeded) void navigate('/admin/applications')
            }}
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
