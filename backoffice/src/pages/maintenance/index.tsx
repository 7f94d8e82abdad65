/**
 * `/maintenance`: a resident reports what is broken in one of her approved rooms.
 * Without an approved room she is told so and offered the listings; after a request is sent
 * a success card offers to submit another.
 */
import '../../styles/mantine-forms.css'
import '../../components/applications/applications.css'
import './maintenance.css'
import { Button, Skeleton } from '@mantine/core'
import { useList } from '@refinedev/core'
import type { MaintenanceRequest } from '@sakan/common'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyCard, EmptyState } from '../../components/EmptyState'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { ListError } from '../../components/applications/ListError'
import { PageShell } from '../../components/PageShell'
import type { Application } from '../../lib/applications'
import { reportableRooms } from '../../lib/maintenance'
import { MaintenanceForm } from './MaintenanceForm'
import { BrowseRoomsButton } from '../../components/dashboard/BrowseRoomsButton'

/** More approved applications than anyone has: one page holds them all. */
const APPROVED_PAGE_SIZE = 100

function SentCard({ request, onAnother }: { request: MaintenanceRequest; onAnother: () => void }) {
  const { t } = useTranslation('account')
  return (
    <div className="card panel-card" data-testid="maintenance-success" role="status">
      <EmptyState
        icon={icons.checkCircle}
        title={t('maintenance.success.title')}
        text={t('maintenance.success.text', { title: request.title })}
        action={
          <div className="record-actions">
            <Button
              size="md"
              leftSection={<Icon icon={icons.plus} />}
              onClick={onAnother}
              autoFocus
            >
              {t('maintenance.success.another')}
            </Button>
            <Button component={Link} variant="default" size="md" to="/dashboard?tab=maintenance">
              {t('buttons.dashboard')}
            </Button>
          </div>
        }
      />
    </div>
  )
}

export default function MaintenancePage() {
  const { t } = useTranslation('account')
  const [sent, setSent] = useState<MaintenanceRequest | null>(null)
  const { query, result } = useList<Application>({
    resource: 'applications',
    filters: [{ field: 'status', operator: 'eq', value: 'approved' }],
    pagination: { currentPage: 1, pageSize: APPROVED_PAGE_SIZE },
    errorNotification: false,
  })
  const rooms = useMemo(() => reportableRooms(result.data), [result.data])

  return (
    <PageShell title={t('titles.maintenance')} lead={t('maintenance.tagline')} width="narrow">
      {query.isLoading ? (
        <div
          className="card form-card apply-form-skeleton"
          role="status"
          aria-label={t('states.loading')}
        >
          <Skeleton height={48} radius="md" />
          <Skeleton height={110} radius="md" mt="lg" />
          <Skeleton height={48} radius="md" mt="lg" />
          <Skeleton height={44} radius="xl" mt="lg" />
        </div>
      ) : query.isError ? (
        <ListError text={t('maintenance.loadError')} query={query} />
      ) : rooms.length === 0 ? (
        <EmptyCard
          icon={icons.wrench}
          title={t('maintenance.noRooms.title')}
          text={t('maintenance.noRooms.text')}
          action={<BrowseRoomsButton />}
          testId="maintenance-no-rooms"
        />
      ) : sent ? (
        <SentCard request={sent} onAnother={() => setSent(null)} />
      ) : (
        <div className="card form-card">
          <MaintenanceForm rooms={rooms} onSent={setSent} />
        </div>
      )}
    </PageShell>
  )
}
