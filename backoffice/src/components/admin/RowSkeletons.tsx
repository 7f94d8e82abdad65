/**
 * Spec §9: five placeholder rows while a management list loads, each line as tall as the
 * loaded row's (`1lh` of the same classes), so nothing moves when the data arrive.
 */
import { Skeleton } from '@mantine/core'
import { SKELETONS } from '@sakan/common'
import { useTranslation } from 'react-i18next'

export function RowSkeletons() {
  const { t } = useTranslation('account')
  return (
    <div
      className="admin-rows"
      role="status"
      aria-label={t('states.loading')}
      data-testid="row-skeletons"
    >
      {Array.from({ length: SKELETONS.adminRows }, (_, index) => (
        <div key={index} className="admin-row" aria-hidden="true">
          <div className="admin-row-main">
            <div className="admin-row-title">
              <Skeleton height="1lh" width="45%" />
            </div>
            <div className="admin-row-meta">
              <Skeleton height="1lh" width="75%" />
            </div>
          </div>
          <div className="admin-row-actions">
            <Skeleton height={30} width={72} radius="md" />
            <Skeleton height={30} width={72} radius="md" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** Spec §9: six placeholder cards while the maintenance list loads. */
export function CardSkeletons() {
  const { t } = useTranslation('account')
  return (
    <div
      className="admin-cards"
      role="status"
      aria-label={t('states.loading')}
      data-testid="card-skeletons"
    >
      {Array.from({ length: SKELETONS.maintenanceCards }, (_, index) => (
        <div key={index} className="admin-card card" aria-hidden="true">
          <Skeleton height={18} width="70%" />
          <Skeleton height={14} width="45%" mt={10} />
          <Skeleton height={36} mt={14} />
          <Skeleton height={22} width="55%" mt={14} radius="xl" />
        </div>
      ))}
    </div>
  )
}
