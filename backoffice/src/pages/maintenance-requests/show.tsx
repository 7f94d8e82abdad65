/** `/admin/maintenance-requests/{id}`: one request with its photos, its history and the status control. */
import { useShow } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { MaintenanceStatusSelect } from '../../components/admin/MaintenanceStatusSelect'
import {
  MaintenanceHistory,
  MaintenancePhotos,
} from '../../components/maintenance/MaintenancePhotos'
import { Facts } from '../../components/details/Facts'
import { RecordSection } from '../../components/details/RecordSection'
import { PriorityBadge, StatusBadge } from '../../components/details/StatusBadge'
import { When } from '../../components/details/When'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { RecordError } from '../../components/office/OfficeForm'
import { roomPlaceOf, type MaintenanceRequest } from '../../lib/applications'
import { useLanguage } from '../../providers/use-language'

export default function MaintenanceShowPage() {
  const { t } = useTranslation(['admin', 'account'])
  const lang = useLanguage()
  const { id } = useParams()
  const { query, result: request } = useShow<MaintenanceRequest>({
    resource: 'maintenance-requests',
    id,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.maintenanceList.${field}`)
  if (query.isError) return <RecordError title={label('request')} />
  return (
    <OfficeFrame title={request?.title ?? label('request')}>
      <RecordSection loading={query.isLoading} testId="maintenance-detail">
        {request && (
          <>
            <Facts
              className="office-facts"
              facts={[
                {
                  label: t('office.common.status'),
                  value: <StatusBadge kind="maintenance" status={request.status} />,
                },
                {
                  label: label('priority'),
                  value: <PriorityBadge priority={request.priority} />,
                },
                { label: label('category'), value: t(`account:category.${request.category}`) },
                {
                  label: t('office.payments.tenant'),
                  value: <bdi>{request.user?.fullName ?? '—'}</bdi>,
                },
                {
                  label: t('office.rooms.room'),
                  value: roomPlaceOf(request.room, request.building, lang),
                },
                { label: t('office.payments.date'), value: <When at={request.createdAt} /> },
              ]}
            />
            <p dir="auto">{request.description}</p>
            <MaintenancePhotos
              photos={request.photos}
              title={request.title}
              texts="admin:maintenance"
            />
            <h2 className="card-title">{label('history')}</h2>
            <MaintenanceHistory history={request.history} />
            <MaintenanceStatusSelect request={request} label={label('setStatus')} />
          </>
        )}
      </RecordSection>
    </OfficeFrame>
  )
}
