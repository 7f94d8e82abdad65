/**
 * The audit log's values as a person reads them: each action the API records
 * (`room.archived`, `auth.signed_in`, …) and each subject type (`maintenance_request`) has a
 * text in both languages (`office.audit.actions.*`, `office.audit.subjects.*` in admin.json);
 * an action not known here is shown as recorded.
 */

/** Every subject type the API records (api/app/services/*: `subjectType`). */
export const AUDIT_SUBJECT_TYPES = [
  'room',
  'building',
  'review',
  'application',
  'payment',
  'maintenance_request',
  'user',
] as const
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number]

/** Every action the API records, as `<subject>.<verb>`. */
export const AUDIT_ACTIONS = [
  'application.approved',
  'application.rejected',
  'application.deleted',
  'auth.signed_in',
  'auth.sign_in_refused',
  'auth.signed_out',
  'auth.signed_out_everywhere',
  'auth.session_ended',
  'user.role_changed',
  'building.created',
  'building.updated',
  'building.archived',
  'building.restored',
  'building.deleted',
  'room.created',
  'room.updated',
  'room.archived',
  'room.restored',
  'room.deleted',
  'room.photos_added',
  'room.photos_reordered',
  'room.photo_removed',
  'review.created',
  'review.updated',
  'review.deleted',
  'review.avatar_set',
  'review.avatar_removed',
  'maintenance.status_changed',
  'payment.recorded',
  'payment.status_changed',
  'payment.refused',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** The translation key of an action (`office.audit.actions.room.archived`), or null. */
export function auditActionKey(action: string): string | null {
  return (AUDIT_ACTIONS as readonly string[]).includes(action)
    ? `office.audit.actions.${action}`
    : null
}

/** The translation key of a subject type, or null for one not known here. */
export function auditSubjectKey(type: string | null | undefined): string | null {
  return type && (AUDIT_SUBJECT_TYPES as readonly string[]).includes(type)
    ? `office.audit.subjects.${type}`
    : null
}
