/**
 * The product's enumerations (roles, statuses, zones, features…). The database's CHECK
 * constraints, the API's validators and the pages' menus are all built from these lists.
 */

export const ROLES = ['admin', 'tenant'] as const
export type Role = (typeof ROLES)[number]

export const ROOM_FEATURES = [
  'singleBed',
  'privateRestroom',
  'desk',
  'ac',
  'wardrobe',
  'wifi',
] as const
export type RoomFeature = (typeof ROOM_FEATURES)[number]

export const BUILDING_AMENITIES = [
  'privateRestroom',
  'transportation',
  'wifi',
  'laundry',
  'sharedKitchen',
  'studyArea',
  'commonArea',
  'security',
  'femaleOnly',
] as const
export type BuildingAmenity = (typeof BUILDING_AMENITIES)[number]

/** Where a building stands; the listing's `location` filter takes one of these. */
export const ZONES = ['north', 'east', 'central', 'university'] as const
export type Zone = (typeof ZONES)[number]

/** The location menu: every zone, or none in particular. */
export const ANY_LOCATION = 'any-location'
export const LOCATIONS = [ANY_LOCATION, ...ZONES] as const
export type Location = (typeof LOCATIONS)[number]

export const ROOM_SORTS = ['priceAsc', 'priceDesc', 'newest'] as const
export type RoomSort = (typeof ROOM_SORTS)[number]

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
/** The administrator's decisions on a pending application. */
export const APPLICATION_DECISIONS = ['approved', 'rejected'] as const
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number]

/** `refunded`: the gateway gave the money back (e.g. a second payment for a month already paid). */
/** `voided`: a recorded payment the administrator struck out (never deleted). */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'voided'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The card form's (`creditCard`), and the ways the administrator records rent received otherwise. */
export const PAYMENT_METHODS = ['creditCard', 'ejar', 'bank_transfer', 'cash'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * Rent received another way than the card form, recorded by the administrator: through Ejar's
 * channels (mada, SADAD biller 153; its reference), a bank transfer (its reference), or cash at
 * the office (the receipt book's number).
 */
export const RECORDED_PAYMENT_METHODS = ['ejar', 'bank_transfer', 'cash'] as const
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number]

export const CURRENCIES = ['SAR'] as const
export type Currency = (typeof CURRENCIES)[number]

export const MAINTENANCE_CATEGORIES = [
  'electrical',
  'plumbing',
  'hvac',
  'furniture',
  'cleaning',
  'other',
] as const
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number]

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number]

export const MAINTENANCE_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number]
/** Statuses after which a maintenance request can no longer change. */
export const FINAL_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = ['completed', 'cancelled']

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}

/**
 * What a row of the public pages' change log names (migration 0021): a room (its own page, and
 * the lists that show it), a building (its rooms' pages) or the reviews (the home page).
 */
export const PAGE_CHANGE_SUBJECTS = ['room', 'building', 'reviews'] as const
export type PageChangeSubject = (typeof PAGE_CHANGE_SUBJECTS)[number]

/** Every subject type the audit log records (api/app/services/*: `subjectType`). */
export const AUDIT_SUBJECT_TYPES = [
  'room',
  'building',
  'review',
  'application',
  'payment',
  'maintenance_request',
  'user',
  'tenancy',
] as const
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number]

/** Every action the audit log records, as `<subject>.<verb>`. */
export const AUDIT_ACTIONS = [
  'application.approved',
  'application.rejected',
  'application.deleted',
  'application.document_viewed',
  'application.document_destroyed',
  'auth.signed_in',
  'auth.sign_in_refused',
  'auth.signed_out',
  'auth.signed_out_everywhere',
  'auth.session_ended',
  'auth.account_closed',
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
  /* A gateway payment that pays nothing here (wrong amount, no approved application…), refunded if paid. */
  'payment.refused',
  /* Rent received another way (Ejar, transfer, cash), recorded by the administrator; struck out. */
  'payment.received',
  'payment.voided',
  /* A refund the administrator asked the gateway for: given, or not. */
  'payment.refunded',
  'payment.refund_failed',
  'tenancy.ejar_set',
  'tenancy.ended',
  'tenancy.deposit_returned',
  'tenancy.settled',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
