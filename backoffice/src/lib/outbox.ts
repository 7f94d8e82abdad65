/**
 * The outbox's messages as the administrator reads them: a tone per delivery
 * state, and which messages she may send again (given up, or delivered and asked for again;
 * never one a worker is sending, nor one already waiting).
 */
import type { NotificationState } from '@sakan/common'
import type { Tone } from './status'

export const NOTIFICATION_TONES: Record<NotificationState, Tone> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
}

export function canResend(state: NotificationState): boolean {
  return state === 'failed' || state === 'sent'
}
