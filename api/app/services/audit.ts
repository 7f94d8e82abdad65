import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditEvent from '#models/audit_event'

/** Records an administrator's decision, inside the transaction that makes it. */
export function audit(
  trx: TransactionClientContract,
  event: {
    actorId: number
    action: string
    subjectType: string
    subjectId: number
    details?: Record<string, unknown>
  }
) {
  return AuditEvent.create({ ...event, details: event.details ?? null }, { client: trx })
}
