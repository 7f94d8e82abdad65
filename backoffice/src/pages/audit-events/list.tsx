/**
 * `/admin/audit-events`: the audit log, read-only — every administrator decision (and the
 * sign-in events), newest first, filtered by action, subject and actor; each row links to its
 * subject where the back office has a page for it. Actions and subject types are shown in her
 * language (lib/audit.ts); the details stay the recorded JSON.
 */
import { TextInput } from '@mantine/core'
import type { AuditEventRow } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EnumFilters } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/lists/ResourceTable'
import { createdColumn, textColumn, useOfficeTable } from '../../components/lists/office-table'
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_TYPES,
  auditActionKey,
  auditSubjectKey,
} from '../../lib/audit'
import { icons } from '@sakan/common/ui/Icon'

/** The back office's page of a subject, when it has one. */
function subjectPath(event: AuditEventRow): string | null {
  if (event.subjectId === null) return null
  switch (event.subjectType) {
    case 'room':
      return `/admin/rooms/${event.subjectId}`
    case 'building':
      return `/admin/buildings/${event.subjectId}/edit`
    case 'review':
      return `/admin/reviews/${event.subjectId}/edit`
    case 'application':
      return `/admin/applications/${event.subjectId}`
    case 'payment':
      return `/admin/payments/${event.subjectId}`
    case 'maintenance_request':
      return `/admin/maintenance-requests/${event.subjectId}`
    case 'tenancy':
      return `/admin/tenancies/${event.subjectId}`
    default:
      return null
  }
}

export default function AuditListPage() {
  const { t } = useTranslation('admin')
  const table = useOfficeTable<AuditEventRow>('audit-events', {
    sort: 'id',
    pageSize: 25,
  })
  const label = (field: string) => t(`office.audit.${field}`)
  const columns: Column<AuditEventRow>[] = [
    createdColumn('when', label('when')),
    textColumn('action', label('action'), (row) => {
      const key = auditActionKey(row.action)
      return key ? (
        <span data-action={row.action}>{t(key)}</span>
      ) : (
        <code dir="ltr">{row.action}</code>
      )
    }),
    textColumn('actor', label('actor'), (row) => (
      <bdi>{row.actor?.fullName || row.actor?.email || '—'}</bdi>
    )),
    textColumn('subject', label('subject'), (row) => {
      if (!row.subjectType) return '—'
      const key = auditSubjectKey(row.subjectType)
      const type = key ? t(key) : row.subjectType
      const text =
        row.subjectId === null ? type : t('office.audit.subjectRef', { type, id: row.subjectId })
      const path = subjectPath(row)
      return path ? <Link to={path}>{text}</Link> : text
    }),
    textColumn('details', label('details'), (row) =>
      row.details ? (
        <code dir="ltr" className="clamp-2">
          {JSON.stringify(row.details)}
        </code>
      ) : (
        '—'
      )
    ),
  ]
  const current = (field: string) =>
    String(table.filters.find((filter) => 'field' in filter && filter.field === field)?.value ?? '')
  return (
    <OfficeFrame title={t('office.audit.title')}>
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.audit.title')}
        icon={icons.history}
        testId="audit-table"
        toolbar={
          <>
            <EnumFilters
              table={table}
              filters={[
                {
                  field: 'action',
                  label: label('action'),
                  values: AUDIT_ACTIONS,
                  texts: 'office.audit.actions',
                },
                {
                  field: 'subjectType',
                  label: label('subjectType'),
                  values: AUDIT_SUBJECT_TYPES,
                  texts: 'office.audit.subjects',
                },
              ]}
            />
            <TextInput
              label={label('subjectId')}
              inputMode="numeric"
              value={current('subjectId')}
              onChange={(event) => {
                const value = event.currentTarget.value.replace(/\D/g, '')
                table.setFilters(
                  [{ field: 'subjectId', operator: 'eq', value: value || undefined }],
                  'merge'
                )
              }}
            />
          </>
        }
      />
    </OfficeFrame>
  )
}
