/** `/admin/maintenance-requests/{id}`: one request with its photos, its history and the status control. */
import { Badge } from '@mantine/core'
import { useShow } from '@refinedev/core'
import { localizeDigits } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { MaintenanceStatusSelect } from '../../components/admin/MaintenanceStatusSelect'
import {
  MaintenanceHistory,
  MaintenancePhotos,
} from '../../components/maintenance/MaintenancePhotos'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { RecordError } from '../../components/office/OfficeForm'
import type { MaintenanceRequest } from '../../lib/applications'
import { formatDateTime } from '../../lib/format'
import { MAINTENANCE_TONES, PRIORITY_COLORS, toneOf } from '../../lib/status'
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
      <section
        className="card office-form"
        aria-busy={query.isLoading || undefined}
        data-testid="maintenance-detail"
      >
        {request && (
          <>
            <dl className="office-facts">
              <div>
                <dt>{t('office.common.status')}</dt>
                <dd>
                  <Badge
                    data-tone={toneOf(MAINTENANCE_TONES, request.status)}
                    data-value={request.status}
                  >
                    {t(`account:status.maintenance.${request.status}`)}
                  </Badge>
                </dd>
              </div>
              <div>
                <dt>{label('priority')}</dt>
                <dd>
                  <Badge
                    data-tone={PRIORITY_COLORS[request.priority]}
                    data-value={request.priority}
                  >
                    {t(`account:priority.${request.priority}`)}
                  </Badge>
                </dd>
              </div>
              <div>
                <dt>{label('category')}</dt>
                <dd>{t(`account:category.${request.category}`)}</dd>
              </div>
              <div>
                <dt>{t('office.payments.tenant')}</dt>
                <dd>
                  <bdi>{request.user?.fullName ?? '—'}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('office.rooms.room')}</dt>
                <dd>
                  {request.room ? localizeDigits(request.room.roomNumber, lang) : '—'} ·{' '}
                  {(lang === 'ar' ? request.building?.name_ar : request.building?.name_en) ?? ''}
                </dd>
              </div>
              <div>
                <dt>{t('office.payments.date')}</dt>
                <dd>
                  <time dateTime={request.createdAt}>
                    {formatDateTime(request.createdAt, lang)}
                  </time>
                </dd>
              </div>
            </dl>
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
      </section>
    </OfficeFrame>
  )
}
