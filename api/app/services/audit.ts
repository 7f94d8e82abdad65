import { createHmac } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditEvent from '#models/audit_event'
import type { AuditAction } from '@sakan/common'
import { appKey } from '#config/app'

/** Records an administrator's decision, inside the transaction that makes it. */
export function audit(
  trx: TransactionClientContract,
  event: {
    actorId: number
    action: AuditAction
    subjectType: string
    subjectId: number
    details?: Record<string, unknown>
  }
) {
  return AuditEvent.create({ ...event, details: event.details ?? null }, { client: trx })
}

/** The sign-in events the audit log keeps. */
export type AuthAction = Extract<AuditAction, `auth.${string}` | 'user.role_changed'>

/**
 * Records a sign-in event about a user (null when none is known) with its time. No e-mail
 * and no address in clear: the caller's address is kept only as a keyed hash (HMAC with
 * the app key), enough to tell that refusals came from one place, not where.
 */
export function auditAuth(
  event: {
    action: AuthAction
    userId: number | null
    /** Who acted, when not the user herself (null: nobody known, e.g. the command line). */
    actorId?: number | null
    reason?: string
    address?: string
    details?: Record<string, unknown>
  },
  trx?: TransactionClientContract
) {
  const details = {
    ...event.details,
    ...(event.reason ? { reason: event.reason } : {}),
    ...(event.address ? { addressHash: addressHash(event.address) } : {}),
  }
  return AuditEvent.create(
    {
      actorId: event.actorId === undefined ? event.userId : event.actorId,
      action: event.action,
      subjectType: 'user',
      subjectId: event.userId,
      details: Object.keys(details).length > 0 ? details : null,
    },
    { client: trx }
  )
}

export function addressHash(address: string): string {
  return createHmac('sha256', appKey.release()).update(address).digest('base64url').slice(0, 22)
}

/** What happens to payments, each written to the audit log (common's `AUDIT_ACTIONS` says what each is). */
export type PaymentAction = Extract<AuditAction, `payment.${string}`>

/**
 * Records a state change of a card payment (`paymentId` null when no record was kept). The
 * actor is the signed-in caller, or null for the gateway's webhook. Details carry ids,
 * statuses and reasons only: never card data or a gateway payload.
 */
export function auditPayment(
  trx: TransactionClientContract | undefined,
  event: {
    actorId: number | null
    action: PaymentAction
    paymentId: number | null
    details: Record<string, unknown>
  }
) {
  return AuditEvent.create(
    {
      actorId: event.actorId,
      action: event.action,
      subjectType: 'payment',
      subjectId: event.paymentId,
      details: event.details,
    },
    { client: trx }
  )
}
