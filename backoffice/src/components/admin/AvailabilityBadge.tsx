/**
 * A room's availability as its badge: available (success) or occupied (neutral) — "available
 * from {date}" when its stay has an end date ahead.
 */
import { useTranslation } from 'react-i18next'
import { formatCalendarDate } from '../../lib/format'
import { useLanguage } from '../../providers/use-language'
import { ToneBadge } from '../details/ToneBadge'

export function AvailabilityBadge({
  available,
  from = null,
}: {
  available: boolean
  /** The day a taken room is free again (`Room.availableFrom`). */
  from?: string | null
}) {
  const { t } = useTranslation(['common', 'admin'])
  const lang = useLanguage()
  return (
    <ToneBadge
      tone={available ? 'success' : 'neutral'}
      value={available ? 'available' : 'occupied'}
    >
      {available
        ? t('common:room.available')
        : from
          ? t('admin:office.rooms.availableFrom', { date: formatCalendarDate(from, lang) })
          : t('common:room.occupied')}
    </ToneBadge>
  )
}
