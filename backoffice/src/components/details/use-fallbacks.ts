/** The fallbacks for a record's missing room number or building name, in the UI language. */
import { useTranslation } from 'react-i18next'
import type { Fallbacks } from '../../lib/applications'

export function useFallbacks(): Fallbacks {
  const { t } = useTranslation('admin')
  return {
    roomNumber: t('applications.fallback.roomNumber'),
    buildingName: t('applications.fallback.buildingName'),
  }
}
