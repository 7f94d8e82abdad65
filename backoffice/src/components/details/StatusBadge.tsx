/**
 * A record's status and a maintenance request's priority as their badges, the same on the
 * resident's dashboard and in the back office: the tone from lib/status.ts, the words from
 * the account texts (`status.<kind>.<status>`, `priority.<priority>`).
 */
import type { MaintenancePriority } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { PRIORITY_COLORS, STATUS_TONES, toneOf, type StatusKind } from '../../lib/status'
import { ToneBadge } from './ToneBadge'

export function StatusBadge({
  kind,
  status,
  testId,
}: {
  kind: StatusKind
  status: string
  testId?: string
}) {
  const { t } = useTranslation('account')
  return (
    <ToneBadge tone={toneOf(STATUS_TONES[kind], status)} value={status} testId={testId}>
      {t(`status.${kind}.${status}`)}
    </ToneBadge>
  )
}

export function PriorityBadge({ priority }: { priority: MaintenancePriority }) {
  const { t } = useTranslation('account')
  return (
    <ToneBadge tone={PRIORITY_COLORS[priority] ?? 'neutral'} value={priority}>
      {t(`priority.${priority}`)}
    </ToneBadge>
  )
}
