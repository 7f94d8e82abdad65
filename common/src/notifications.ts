import {
  addDays,
  addMonths,
  monthCharge,
  type Ledger,
  type LedgerTenancy,
  type RentTerms,
} from './ledger.js'
import { riyadhToday } from './rules.js'

/**
 * What Sakan tells people: each event that matters becomes a notification, a row
 * of the outbox written in the transaction of the change, shown in the account app and
 * delivered by e-mail once, in the recipient's language.
 */

export const NOTIFICATION_KINDS = [
  /* To the applicant, and to every administrator. */
  'application_received',
  'application_new',
  'application_approved',
  'application_rejected',
  'payment_completed',
  'payment_failed',
  'payment_refunded',
  /* A payment the administrator recorded (Ejar, transfer, cash) struck out. */
  'payment_voided',
  'maintenance_received',
  'maintenance_status_changed',
  /* The daily scheduler's (`node ace rent:notify`), once per stay and month. */
  'rent_reminder',
  'rent_overdue',
  /* To the resident when the administrator ends her stay or returns (part of) her deposit. */
  'stay_ended',
  'deposit_returned',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Kinds a resident may turn off; decisions, payments and receipts always go. */
export const OPTIONAL_NOTIFICATION_KINDS: readonly NotificationKind[] = ['rent_reminder']

/**
 * Where a message is on its way by e-mail: waiting (or waiting to retry), claimed by a
 * worker, delivered to the mail server, or given up after its last attempt.
 */
export const NOTIFICATION_STATES = ['pending', 'sending', 'sent', 'failed'] as const
export type NotificationState = (typeof NOTIFICATION_STATES)[number]

/** Attempts before a message is given up (`failed`; the administrator may resend it). */
export const NOTIFICATION_MAX_ATTEMPTS = 6

/** The wait before attempt `attempt + 1` after `attempt` failed ones: 1 min, 2, 4… capped at 1 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 3_600_000)
}

/** Days before the 1st when the rent reminder goes. */
export const RENT_REMINDER_DAYS_BEFORE = 3

/**
 * The facts a message is written from (no HTML, no sentence: the templates and the
 * translations make those in the recipient's language). Amounts in halalas, months `yyyy-MM`.
 */
export interface NotificationData {
  applicationId?: number
  paymentId?: number
  maintenanceRequestId?: number
  tenancyId?: number
  roomNumber?: string
  buildingName?: { en: string; ar: string }
  /** The applicant, in the administrator's message. */
  applicantName?: string
  amountHalalas?: number
  lateFeeHalalas?: number
  months?: string[]
  month?: string
  dueDate?: string
  /** The last day of an ended stay, `yyyy-MM-dd` (its end month is `month`). */
  endDate?: string
  /** What is still held of the deposit after a return (halalas; 0: all of it was returned). */
  heldHalalas?: number
  reason?: string
  /** How a payment the administrator recorded was received (none for a card payment). */
  method?: 'ejar' | 'bank_transfer' | 'cash'
  /** What the administrator wrote: why a payment was voided or refunded. */
  note?: string
  title?: string
  from?: string
  to?: string
}

/** How many days after its first late day an overdue notice may still go (a late scheduler). */
export const OVERDUE_NOTICE_WINDOW_DAYS = 7

/** A rent notice a stay is due today. Amounts in halalas. */
export interface RentNotice {
  kind: 'rent_reminder' | 'rent_overdue'
  month: string
  dueDate: string
  amount: number
  lateFee: number
}

/**
 * The rent notices a stay is due on the Riyadh day of `now` (the daily scheduler's rule):
 * a reminder from `RENT_REMINDER_DAYS_BEFORE` days before the 1st of next month while that
 * month is within the stay and unpaid; an overdue notice for each month past its grace, from
 * the day after the grace period for `OVERDUE_NOTICE_WINDOW_DAYS` days (so a scheduler that
 * ran late still sends it, and old arrears are not announced again and again). The caller
 * writes each once per stay and month (its dedupe key), however often it runs.
 */
export function rentNoticesDue(
  tenancy: LedgerTenancy,
  ledger: Ledger<unknown>,
  terms: RentTerms,
  now: Date = new Date()
): RentNotice[] {
  const today = riyadhToday(now)
  const notices: RentNotice[] = []
  const next = addMonths(today.slice(0, 7), 1)
  const due = `${next}-01`
  const within = tenancy.startDate <= due && (!tenancy.endDate || tenancy.endDate >= due)
  const paid = ledger.months.some((entry) => entry.month === next && entry.state === 'paid')
  if (today >= addDays(due, -RENT_REMINDER_DAYS_BEFORE) && within && !paid) {
    notices.push({
      kind: 'rent_reminder',
      month: next,
      dueDate: due,
      amount: monthCharge(tenancy, next, terms),
      lateFee: 0,
    })
  }
  for (const entry of ledger.months) {
    if (entry.state !== 'overdue') continue
    const firstLateDay = addDays(entry.dueDate, terms.graceDays)
    if (today >= addDays(firstLateDay, OVERDUE_NOTICE_WINDOW_DAYS)) continue
    notices.push({
      kind: 'rent_overdue',
      month: entry.month,
      dueDate: entry.dueDate,
      amount: entry.amount,
      lateFee: entry.lateFee,
    })
  }
  return notices
}
