/**
 * One application in full: who applied (name, e-mail and whether
 * it is verified, phone or 'No phone provided'), for which room (building, number, price,
 * move-in date), when, its status and additional information, the ID document and the
 * decision history from the audit trail. Shown in the management card's dialog and on the
 * application's page in the back office.
 */
import { Skeleton } from '@mantine/core'
import { useGetIdentity } from '@refinedev/core'
import { formatSar, localizeDigits } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import {
  buildingNameOf,
  decisionOf,
  roomNumberOf,
  type Application,
  type ApplicationDetail,
  type ApplicationEvent,
  type Fallbacks,
} from '../../lib/applications'
import { formatCalendarDate } from '../../lib/format'
import type { SessionUser } from '../../lib/user'
import { useTexts } from '../../providers/use-language'
import { Facts } from '../details/Facts'
import { DetailSection } from '../details/DetailSection'
import { StatusBadge } from '../details/StatusBadge'
import { When } from '../details/When'
import { IdDocumentViewer } from '../documents/IdDocumentViewer'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { EmailVerifiedBadge } from './EmailVerifiedBadge'

function History({ events }: { events: ApplicationEvent[] }) {
  const { t } = useTranslation('admin')
  const { data: user } = useGetIdentity<SessionUser | null>()
  if (events.length === 0) {
    return <p className="history-empty">{t('applications.history.empty')}</p>
  }
  return (
    <ol className="history" data-testid="decision-history">
      {events.map((event) => {
        const decision = decisionOf(event)
        return (
          <li key={event.id} className="history-item" data-decision={decision ?? 'other'}>
            <span className="history-icon" aria-hidden="true">
              <Icon
                icon={
                  decision === 'approved'
                    ? icons.checkCircle
                    : decision === 'rejected'
                      ? icons.xCircle
                      : decision === 'deleted'
                        ? icons.trash
                        : decision === 'viewed'
                          ? icons.eye
                          : icons.history
                }
              />
            </span>
            <span className="history-text">
              <span className="history-action">
                {t(`applications.history.${decision ?? 'other'}`)}
              </span>{' '}
              <span className="history-actor">
                {event.actorId !== null && event.actorId === user?.id
                  ? t('applications.history.byYou')
                  : t('applications.history.byAdmin')}
              </span>
              <When className="history-time" at={event.createdAt} />
            </span>
          </li>
        )
      })}
    </ol>
  )
}

interface ApplicationDetailsProps {
  application: Application
  /** The full record (with its history) once loaded. */
  detail: ApplicationDetail | undefined
  /** Whether loading the full record failed. */
  failed: boolean
  name: string
  fallbacks: Fallbacks & { name: string }
  onViewImage: () => void
}

export function ApplicationDetails({
  application,
  detail,
  failed,
  name,
  fallbacks,
  onViewImage,
}: ApplicationDetailsProps) {
  const { t, lang } = useTexts('admin')
  return (
    <>
      <header className="app-detail-head">
        <div className="app-detail-who">
          <p className="app-detail-name">
            <bdi>{name}</bdi>
          </p>
          <p className="app-detail-sub">
            {t('applications.detail.id')} #{localizeDigits(application.id, lang)}
          </p>
        </div>
        <StatusBadge kind="application" status={application.status} testId="detail-status" />
      </header>

      {failed && (
        <p className="inline-error" role="alert">
          <Icon icon={icons.alert} /> {t('applications.detail.loadError')}
        </p>
      )}

      <DetailSection id="detail-applicant" title={t('applications.detail.applicant')}>
        <Facts
          facts={[
            { label: t('applications.detail.name'), value: <bdi>{name}</bdi> },
            {
              label: t('applications.detail.email'),
              wide: true,
              valueProps: { className: 'fact-with-badge' },
              value: (
                <>
                  {application.user?.email ? (
                    <a href={`mailto:${application.user.email}`} dir="ltr">
                      {application.user.email}
                    </a>
                  ) : (
                    '—'
                  )}
                  <EmailVerifiedBadge verified={application.user?.emailVerified} />
                </>
              ),
            },
            {
              label: t('applications.detail.phone'),
              wide: true,
              value: application.user?.phone ? (
                <a
                  href={`tel:${application.user.phone.replace(/\s+/g, '')}`}
                  dir="ltr"
                  className="nowrap"
                >
                  {application.user.phone}
                </a>
              ) : (
                <span className="muted">{t('applications.detail.noPhone')}</span>
              ),
            },
          ]}
        />
      </DetailSection>

      <DetailSection id="detail-room" title={t('applications.detail.room')}>
        <Facts
          facts={[
            {
              label: t('applications.detail.building'),
              value: buildingNameOf(application.room?.building, lang, fallbacks),
            },
            {
              label: t('applications.detail.roomNumber'),
              value: localizeDigits(roomNumberOf(application.room, fallbacks), lang),
            },
            {
              label: t('applications.detail.price'),
              value: application.room
                ? formatSar(application.room.price, lang)
                : fallbacks.roomNumber,
            },
            {
              label: t('applications.detail.moveIn'),
              value: formatCalendarDate(application.moveInDate, lang),
            },
          ]}
        />
      </DetailSection>

      <DetailSection id="detail-application" title={t('applications.detail.application')}>
        <Facts
          facts={[
            { label: t('applications.detail.id'), value: localizeDigits(application.id, lang) },
            {
              label: t('applications.detail.submitted'),
              value: <When at={application.createdAt} />,
            },
            {
              label: t('applications.detail.status'),
              value: t(`account:status.application.${application.status}`),
            },
            application.reviewedAt !== null && {
              label: t('applications.detail.reviewed'),
              value: <When at={application.reviewedAt} />,
            },
          ]}
        />
        <div className="detail-note">
          <p className="detail-note-label">{t('applications.detail.additionalInfo')}</p>
          {application.additionalInfo ? (
            <p className="detail-note-text" dir="auto">
              {application.additionalInfo}
            </p>
          ) : (
            <p className="muted">{t('applications.detail.noAdditionalInfo')}</p>
          )}
        </div>
      </DetailSection>

      <DetailSection id="detail-document" title={t('applications.document.title')}>
        <IdDocumentViewer
          documentKey={application.idDocument}
          contentType={application.idDocumentType}
          destroyedAt={application.documentDestroyedAt}
          onViewImage={onViewImage}
        />
      </DetailSection>

      <DetailSection id="detail-history" title={t('applications.history.title')}>
        {detail ? (
          <History events={detail.history} />
        ) : failed ? null : (
          <Skeleton height={40} radius="md" aria-hidden="true" />
        )}
      </DetailSection>
    </>
  )
}
