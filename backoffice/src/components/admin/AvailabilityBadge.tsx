/**
 * A room's availability as its badge: available (success) or occupied (neutral) — "available
 * from {date}" when its stay has an end date ahead.
 */
import { formatCalendarDate } from '../../lib/format'
import { useTexts } from '../../providers/use-language'
import { ToneBadge } from '../details/ToneBadge'

export function AvailabilityBadge({
  available,
  from = null,
}: {
  available: boolean
  /** The day a taken room is free again (`Room.availableFrom`). */
  from?: string | null
}) {
  const { t, lang } = useTexts(['common', 'admin'])
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
