/** Whether a catalogue record is live or archived (hidden from visitors, kept for history). */
import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function ArchivedBadge({ archivedAt }: { archivedAt: string | null }) {
  const { t } = useTranslation('admin')
  return archivedAt ? (
    <Badge data-tone="neutral" variant="light" color="gray">
      {t('office.common.archived')}
    </Badge>
  ) : (
    <Badge data-tone="success" variant="light" color="teal">
      {t('office.common.active')}
    </Badge>
  )
}
