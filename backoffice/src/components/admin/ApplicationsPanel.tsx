/**
 * The applications tab of the management card (spec §2): the filtered, paged list of
 * applications, the detail dialog with the ID document, and the confirmations before a
 * decision. After a decision the list, the rooms and the key figures are refreshed.
 */
import { Modal, useModalsStack } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Application } from '../../lib/applications'
import { IdDocumentImageDialog } from '../documents/IdDocumentViewer'
import { useApplicantFallbacks } from './applicant'
import { ApplicationDetailDialog } from './ApplicationDetailDialog'
import { ApplicationRow } from './ApplicationRow'
import { DecisionDialog, DeleteDialog } from './DecisionDialogs'
import { ManagementList } from './ManagementList'
import { useApplicationActions, type Decision } from './use-application-actions'
import { useManagementList } from './use-management-list'
import { icons } from '@sakan/common/ui/Icon'

const FILTERS = ['all', 'pending', 'approved', 'rejected'] as const
const PAGE_SIZE = 10

export function ApplicationsPanel() {
  const { t } = useTranslation('admin')
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const list = useManagementList<Application, (typeof FILTERS)[number]>({
    resource: 'applications',
    filters: FILTERS,
    pageSize: PAGE_SIZE,
    filterOf: (filter) => ({ field: 'status', operator: 'eq', value: filter }),
  })
  const { decide, erase, reviewing, removing } = useApplicationActions(fallbacks, nameOf)

  const stack = useModalsStack(['detail', 'document', 'decide', 'delete'])
  const [selected, setSelected] = useState<Application | null>(null)
  const [decision, setDecision] = useState<{ application: Application; status: Decision } | null>(
    null
  )
  const [deleting, setDeleting] = useState<Application | null>(null)

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
  const closeAfter = (dialog: 'decide' | 'delete') => (succeeded: boolean) =>
    succeeded ? stack.closeAll() : stack.close(dialog)

  return (
    <>
      <ManagementList
        list={list}
        kind="applications"
        emptyTitle={t(`management.empty.applications.${list.filter}`)}
        icon={icons.file}
        labelOf={(value) => t(`management.filters.${value}`)}
      >
        <ul
          className="admin-rows"
          role="list"
          aria-label={t('applications.listLabel')}
          aria-busy={list.query.isFetching || undefined}
          data-testid="application-rows"
        >
          {list.items.map((application) => (
            <ApplicationRow
              key={application.id}
              application={application}
              name={nameOf(application)}
              fallbacks={fallbacks}
              onView={() => open(application)}
              onDecide={(status) => askDecision(application, status)}
              onDelete={() => askDelete(application)}
            />
          ))}
        </ul>
      </ManagementList>

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
        <DecisionDialog
          dialog={stack.register('decide')}
          decision={decision}
          name={decision ? nameOf(decision.application) : ''}
          fallbacks={fallbacks}
          pending={reviewing}
          onConfirm={() =>
            decision && decide(decision.application, decision.status, closeAfter('decide'))
          }
        />
        <DeleteDialog
          dialog={stack.register('delete')}
          pending={removing}
          onConfirm={() => deleting && erase(deleting, closeAfter('delete'))}
        />
      </Modal.Stack>
    </>
  )
}
