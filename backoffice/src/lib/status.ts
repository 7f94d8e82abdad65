/**
 * How each status looks: one tone per value, so a badge reads the same on the
 * resident's dashboard and in the back office. Tones map to colours in the stylesheets.
 */
import type {
  ApplicationStatus,
  DepositState,
  LedgerMonthState,
  MaintenancePriority,
  MaintenanceStatus,
  PaymentStatus,
  TenancyState,
} from '@sakan/common'

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral'

export const APPLICATION_TONES: Record<ApplicationStatus, Tone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
}

export const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  pending: 'warning',
  completed: 'success',
  failed: 'danger',
  refunded: 'neutral',
  voided: 'neutral',
}

export const MAINTENANCE_TONES: Record<MaintenanceStatus, Tone> = {
  pending: 'warning',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'neutral',
}

/** A rent month of a stay's ledger. */
export const LEDGER_TONES: Record<LedgerMonthState, Tone> = {
  paid: 'success',
  due: 'warning',
  overdue: 'danger',
  upcoming: 'neutral',
}

export const DEPOSIT_TONES: Record<DepositState, Tone> = {
  due: 'warning',
  held: 'info',
  returned: 'neutral',
  partly_returned: 'neutral',
}

export const TENANCY_TONES: Record<TenancyState, Tone> = {
  active: 'success',
  ended: 'neutral',
}

/** Priorities: low green, medium yellow, high orange, urgent red. */
export const PRIORITY_COLORS: Record<MaintenancePriority, 'green' | 'yellow' | 'orange' | 'red'> = {
  low: 'green',
  medium: 'yellow',
  high: 'orange',
  urgent: 'red',
}

/** The tone of a value from a map, or neutral for a value this version does not know. */
export function toneOf<K extends string>(
  map: Record<K, Tone>,
  value: string | null | undefined
): Tone {
  return value && value in map ? map[value as K] : 'neutral'
}

export type StatusKind =
  'application' | 'payment' | 'maintenance' | 'ledger' | 'deposit' | 'tenancy'

/** The tones of each kind of record's status, by the kind's name in the texts (`status.<kind>`). */
export const STATUS_TONES: Record<StatusKind, Record<string, Tone>> = {
  application: APPLICATION_TONES,
  payment: PAYMENT_TONES,
  maintenance: MAINTENANCE_TONES,
  ledger: LEDGER_TONES,
  deposit: DEPOSIT_TONES,
  tenancy: TENANCY_TONES,
}
