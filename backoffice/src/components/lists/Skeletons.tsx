/**
 * Placeholders while a list loads, as tall as what they stand for, so nothing moves
 * when the data arrive — five rows (each line `1lh` of the loaded row's classes), six cards
 * for the maintenance requests, three record cards on the resident's dashboard.
 */
import { Skeleton } from '@mantine/core'
import { SKELETONS } from '@sakan/common'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

function Placeholders({
  className,
  count,
  testId,
  children,
}: {
  className: string
  count: number
  testId?: string
  children: (index: number) => ReactNode
}) {
  const { t } = useTranslation('account')
  return (
    <div className={className} role="status" aria-label={t('states.loading')} data-testid={testId}>
      {Array.from({ length: count }, (_, index) => children(index))}
    </div>
  )
}

export function RowSkeletons() {
  return (
    <Placeholders className="admin-rows" count={SKELETONS.adminRows} testId="row-skeletons">
      {(index) => (
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
      )}
    </Placeholders>
  )
}

export function CardSkeletons() {
  return (
    <Placeholders
      className="admin-cards"
      count={SKELETONS.maintenanceCards}
      testId="card-skeletons"
    >
      {(index) => (
        <div key={index} className="admin-card card" aria-hidden="true">
          <Skeleton height={18} width="70%" />
          <Skeleton height={14} width="45%" mt={10} />
          <Skeleton height={36} mt={14} />
          <Skeleton height={22} width="55%" mt={14} radius="xl" />
        </div>
      )}
    </Placeholders>
  )
}

export function RecordSkeletons() {
  return (
    <Placeholders className="record-grid" count={3}>
      {(index) => (
        <div key={index} className="record-card card" aria-hidden="true">
          <Skeleton height={22} width="65%" />
          <Skeleton height={16} width="35%" mt={8} />
          <Skeleton height={56} mt={16} />
        </div>
      )}
    </Placeholders>
  )
}
