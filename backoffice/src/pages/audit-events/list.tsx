/**
 * `/admin/audit-events`: the audit log, read-only — every administrator decision (and the
 * sign-in events), newest first, filtered by action, subject and actor; each row links to its
 * subject where the back office has a page for it. Actions and subject types are shown in her
 * language (lib/audit.ts); the details stay the recorded JSON.
 */
import { TextInput } from '@mantine/core'
import { useTable } from '@refinedev/core'
import type { AuditEventRow } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ChoiceFilter } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/office/ResourceTable'
import { READ_PATHS } from '../../config/resources'
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_TYPES,
  auditActionKey,
  auditSubjectKey,
} from '../../lib/audit'
import { formatDateTime } from '../../lib/format'
import { useLanguage } from '../../providers/use-language'
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
    default:
      return null
  }
}

export default function AuditListPage() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const table = useTable<AuditEventRow>({
    resource: 'audit-events',
    meta: { readPath: READ_PATHS['audit-events'] },
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.audit.${field}`)
  const columns: Column<AuditEventRow>[] = [
    {
      key: 'when',
      header: label('when'),
      sort: 'createdAt',
      render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>,
    },
    {
      key: 'action',
      header: label('action'),
      render: (row) => {
        const key = auditActionKey(row.action)
        return key ? (
          <span data-action={row.action}>{t(key)}</span>
        ) : (
          <code dir="ltr">{row.action}</code>
        )
      },
    },
    {
      key: 'actor',
      header: label('actor'),
      render: (row) => <bdi>{row.actor?.fullName || row.actor?.email || '—'}</bdi>,
    },
    {
      key: 'subject',
      header: label('subject'),
      render: (row) => {
        if (!row.subjectType) return '—'
        const key = auditSubjectKey(row.subjectType)
        const type = key ? t(key) : row.subjectType
        const text =
          row.subjectId === null ? type : t('office.audit.subjectRef', { type, id: row.subjectId })
        const path = subjectPath(row)
        return path ? <Link to={path}>{text}</Link> : text
      },
    },
    {
      key: 'details',
      header: label('details'),
      render: (row) =>
        row.details ? (
          <code dir="ltr" className="clamp-2">
            {JSON.stringify(row.details)}
          </code>
        ) : (
          '—'
        ),
    },
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
            <ChoiceFilter
              table={table}
              field="action"
              label={label('action')}
              allLabel={t('office.common.all')}
              data={AUDIT_ACTIONS.map((action) => ({
                value: action,
                label: t(`office.audit.actions.${action}`),
              }))}
            />
            <ChoiceFilter
              table={table}
              field="subjectType"
              label={label('subjectType')}
              allLabel={t('office.common.all')}
              data={AUDIT_SUBJECT_TYPES.map((type) => ({
                value: type,
                label: t(`office.audit.subjects.${type}`),
              }))}
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
