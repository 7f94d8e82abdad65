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
import { ApplicationDialogs } from '../../components/admin/ApplicationDialogs'
import { ApplicationRow } from '../../components/admin/ApplicationRow'
import type { Decision } from '../../components/admin/use-application-actions'
import { useDialogStack } from '../../components/feedback/use-dialog-stack'
import { CompactList } from '../../components/lists/CompactList'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import { useAddressTable } from '../../components/lists/use-address-table'
import type { Column } from '../../components/lists/ResourceTable'
import {
  statusColumn,
  createdColumn,
  idColumn,
  linkColumn,
  textColumn,
} from '../../components/lists/office-table'
import { buildingNameOf, roomNumberOf, type Application } from '../../lib/applications'
import { formatCalendarDate } from '../../lib/format'
import { icons } from '@sakan/common/ui/Icon'

/** Every application: the back office's table. */
export default function ApplicationListPage() {
  const { t, lang, label, table } = useOfficeList<Application>('applications', {
    texts: 'applicationsList',
  })
  const { fallbacks, nameOf } = useApplicantFallbacks()
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
        <ApplicationDialogs
          register={stack.register}
          shown={selected}
          decision={decision}
          deleting={deleting}
          onDecided={closeAfter('decide')}
          onDeleted={closeAfter('delete')}
        />
      </Modal.Stack>
    </>
  )
}
