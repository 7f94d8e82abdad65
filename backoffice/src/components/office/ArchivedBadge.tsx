/**
 * Whether a catalogue record is live or archived (hidden from visitors, kept for history), in
 * the status badges' tones (styles/badge-tones.css: text at 4.5:1 or more on its ground).
 */
import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function ArchivedBadge({ archivedAt }: { archivedAt: string | null }) {
  const { t } = useTranslation('admin')
  return archivedAt ? (
    <Badge data-tone="neutral" data-value="archived">
      {t('office.common.archived')}
    </Badge>
  ) : (
    <Badge data-tone="success" data-value="active">
      {t('office.common.active')}
    </Badge>
  )
}
