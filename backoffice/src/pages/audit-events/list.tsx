/**
 * `/admin/audit-events`: the audit log, read-only — every administrator decision (and the
 * sign-in events), newest first, filtered by action, subject and actor; each row links to its
 * subject where the back office has a page for it. Actions and subject types are shown in her
 * language (lib/audit.ts); the details stay the recorded JSON.
 */
import type { AuditEventRow } from '@sakan/common'
import { Link } from 'react-router'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import type { Column } from '../../components/lists/ResourceTable'
import { createdColumn, personColumn, textColumn } from '../../components/lists/office-table'
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
  const { t, label, table } = useOfficeList<AuditEventRow>('audit-events', {
    texts: 'audit',
    sort: 'id',
    pageSize: 25,
  })
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
    personColumn('actor', label('actor'), (row) => row.actor),
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
  const enumFilter = (field: string, values: readonly string[], texts: string) =>
    ({ type: 'enum', field, label: label(field), values, texts: `office.audit.${texts}` }) as const
  return (
    <OfficeListPage
      title={label('title')}
      table={table}
      columns={columns}
      icon={icons.history}
      testId="audit-table"
      filters={[
        enumFilter('action', AUDIT_ACTIONS, 'actions'),
        enumFilter('subjectType', AUDIT_SUBJECT_TYPES, 'subjects'),
        { type: 'digits', field: 'subjectId', label: label('subjectId') },
      ]}
    />
  )
}
