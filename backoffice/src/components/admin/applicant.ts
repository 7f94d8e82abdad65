/** The fallbacks for an application's missing parts, and the applicant's shown name. */
import { useTranslation } from 'react-i18next'
import type { Application, Fallbacks } from '../../lib/applications'

export type ApplicantFallbacks = Fallbacks & { name: string }

export function useApplicantFallbacks() {
  const { t } = useTranslation('admin')
  const fallbacks: ApplicantFallbacks = {
    roomNumber: t('applications.fallback.roomNumber'),
    buildingName: t('applications.fallback.buildingName'),
    name: t('applications.fallback.name'),
  }
  const nameOf = (application: Application) => application.user?.fullName?.trim() || fallbacks.name
  return { fallbacks, nameOf }
}
