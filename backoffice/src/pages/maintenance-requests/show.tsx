/** `/admin/maintenance-requests/{id}`: one request with its photos, its history and the status control. */
import { MaintenanceStatusSelect } from '../../components/admin/MaintenanceStatusSelect'
import {
  MaintenanceHistory,
  MaintenancePhotos,
} from '../../components/maintenance/MaintenancePhotos'
import { PriorityBadge, StatusBadge } from '../../components/details/StatusBadge'
import { When } from '../../components/details/When'
import { useOfficeRecord } from '../../components/details/use-office-record'
import { OfficeRecordPage } from '../../components/office/OfficeRecordPage'
import { roomPlaceOf, type MaintenanceRequest } from '../../lib/applications'
import { useOfficeTexts } from '../../components/office/use-office-texts'

export default function MaintenanceShowPage() {
  const { t, lang, label } = useOfficeTexts('maintenanceList')
  const { query, record: request } = useOfficeRecord<MaintenanceRequest>('maintenance-requests')
  return (
    <OfficeRecordPage
      title={request?.title ?? label('request')}
      query={query}
      record={request}
      testId="maintenance-detail"
      facts={(request) => [
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
    >
      {(request) => (
        <>
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
    </OfficeRecordPage>
  )
}
