/** A room's availability as its badge: available (success) or occupied (neutral). */
import { useTranslation } from 'react-i18next'
import { ToneBadge } from '../details/ToneBadge'

export function AvailabilityBadge({ available }: { available: boolean }) {
  const { t } = useTranslation('common')
  return (
    <ToneBadge
      tone={available ? 'success' : 'neutral'}
      value={available ? 'available' : 'occupied'}
    >
      {available ? t('room.available') : t('room.occupied')}
    </ToneBadge>
  )
}
