/**
 * The applications resource's list. `/admin/applications`: every application, filtered by
 * status and found by the applicant's name or e-mail; each opens its page, where she decides.
 * Compact, on the `/admin` dashboard's first tab: rows filtered by status, the
 * detail dialog with the ID document, and the confirmations before a decision; after one the
 * list, the rooms and the key figures are refreshed.
 */
import { Modal } from '@mantine/core'
import { APPLICATION_STATUSES, localizeDigits } from '@sakan/common'
import { useState } from 'react'
import { useApplicantFallbacks } from '../../components/admin/applicant'
import { ApplicationDetailDialog } from '../../components/admin/ApplicationDetailDialog'
import { ApplicationRow } from '../../components/admin/ApplicationRow'
import { DecisionDialog, DeleteDialog } from '../../components/admin/DecisionDialogs'
import {
  useApplicationActions,
  type Decision,
} from '../../components/admin/use-application-actions'
import { IdDocumentImageDialog } from '../../components/documents/IdDocumentViewer'
import { useDialogStack } from '../../components/feedback/use-dialog-stack'
import { CompactList } from '../../components/lists/CompactList'
import { OfficeListPage } from '../../components/lists/OfficeListPage'
import { useAddressTable } from '../../components/lists/use-address-table'
import type { Column } from '../../components/lists/ResourceTable'
import {
  statusColumn,
  createdColumn,
  idColumn,
  linkColumn,
  textColumn,
  useOfficeTable,
} from '../../components/lists/office-table'
import { buildingNameOf, roomNumberOf, type Application } from '../../lib/applications'
import { formatCalendarDate } from '../../lib/format'
import { icons } from '@sakan/common/ui/Icon'
import { useOfficeTexts } from '../../components/office/use-office-texts'

/** Every application: the back office's table. */
export default function ApplicationListPage() {
  const { t, lang, label } = useOfficeTexts('applicationsList')
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const table = useOfficeTable<Application>('applications')
  const columns: Column<Application>[] = [
    idColumn(lang),
    linkColumn('applicant', label('applicant'), (row) => `/admin/applications/${row.id}`, nameOf, {
      testId: 'application-link',
    }),
    textColumn('email', label('email'), (row) => <span dir="ltr">{row.user?.email ?? '—'}</span>),
    textColumn(
      'room',
      label('room'),
      (row) =>
        `${localizeDigits(roomNumberOf(row.room, fallbacks), lang)} · ${buildingNameOf(row.room?.building, lang, fallbacks)}`
    ),
    textColumn(
      'moveIn',
      label('moveIn'),
      (row) => formatCalendarDate(row.moveInDate, lang),
      'moveInDate'
    ),
    createdColumn('submitted', label('submitted')),
    statusColumn('application', t('office.common.status'), (row) => row.status),
  ]
  return (
    <OfficeListPage
      title={label('title')}
      table={table}
      columns={columns}
      icon={icons.file}
      testId="applications-table"
      filters={[
        { type: 'search', hint: label('searchHint') },
        { type: 'status', kind: 'application', values: APPLICATION_STATUSES },
      ]}
    />
  )
}

const STATUSES = ['all', 'pending', 'approved', 'rejected'] as const

/** Every application as the dashboard tab's compact rows. */
export function CompactApplicationList() {
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const list = useAddressTable<Application, (typeof STATUSES)[number]>({
    resource: 'applications',
    pageSize: 10,
    statuses: STATUSES,
    field: 'status',
  })
  const { decide, erase, reviewing, removing } = useApplicationActions(fallbacks, nameOf)

  const stack = useDialogStack(['detail', 'document', 'decide', 'delete'])
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
      <CompactList
        list={list}
        listClassName="admin-rows"
        testId="application-rows"
        kind="applications"
        icon={icons.file}
      >
        {(application) => (
          <ApplicationRow
            key={application.id}
            application={application}
            name={nameOf(application)}
            fallbacks={fallbacks}
            onView={() => open(application)}
            onDecide={(status) => askDecision(application, status)}
            onDelete={() => askDelete(application)}
          />
        )}
      </CompactList>

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
