/**
 * The audit log's values as a person reads them: each action the API records
 * (`room.archived`, `auth.signed_in`, …) and each subject type (`maintenance_request`) has a
 * text in both languages (`office.audit.actions.*`, `office.audit.subjects.*` in admin.json);
 * an action not known here is shown as recorded. The lists themselves are the domain's
 * (`@sakan/common`, domain.ts).
 */

import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, isOneOf } from '@sakan/common'

export {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_TYPES,
  type AuditAction,
  type AuditSubjectType,
} from '@sakan/common'

/** The translation key of an action (`office.audit.actions.room.archived`), or null. */
export function auditActionKey(action: string): string | null {
  return isOneOf(AUDIT_ACTIONS, action) ? `office.audit.actions.${action}` : null
}

/** The translation key of a subject type, or null for one not known here. */
export function auditSubjectKey(type: string | null | undefined): string | null {
  return isOneOf(AUDIT_SUBJECT_TYPES, type) ? `office.audit.subjects.${type}` : null
}
