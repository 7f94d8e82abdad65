/**
 * One row of the applications tab: the applicant, status and e-mail check, room,
 * building and date; view for every row, approve and reject for pending ones, delete for
 * rejected ones. Each action's name says whose application it is.
 */
import { formatLongDate } from '@sakan/common'
import { buildingNameOf, roomNumberOf, type Application } from '../../lib/applications'
import { useTexts } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'
import { StatusBadge } from '../details/StatusBadge'
import { AdminRow } from './AdminRow'
import type { ApplicantFallbacks } from './applicant'
import { EmailVerifiedBadge } from './EmailVerifiedBadge'
import { ApplicationActionButton, DecisionButtons } from './DecisionDialogs'
import type { Decision } from './use-application-actions'

interface ApplicationRowProps {
  application: Application
  name: string
  fallbacks: ApplicantFallbacks
  onView: () => void
  onDecide: (status: Decision) => void
  onDelete: () => void
}

export function ApplicationRow({
  application,
  name,
  fallbacks,
  onView,
  onDecide,
  onDelete,
}: ApplicationRowProps) {
  const { t, lang } = useTexts('admin')
  const context = (
    <span className="visually-hidden"> {t('applications.actions.context', { name })}</span>
  )
  return (
    <AdminRow
      testId="application-row"
      attributes={{ 'data-application-id': application.id, 'data-status': application.status }}
      name={<bdi>{name}</bdi>}
      badges={
        <>
          <StatusBadge kind="application" status={application.status} />
          <EmailVerifiedBadge verified={application.user?.emailVerified} />
        </>
      }
      facts={[
        {
          icon: icons.key,
          text: t('applications.roomNumber', { number: roomNumberOf(application.room, fallbacks) }),
        },
        { icon: icons.building, text: buildingNameOf(application.room?.building, lang, fallbacks) },
        {
          icon: icons.calendar,
          text: t('applications.applied', { date: formatLongDate(application.createdAt, lang) }),
        },
      ]}
      actions={
        <>
          <ApplicationActionButton action="view" size="xs" testId="row-view" onClick={onView}>
            {context}
          </ApplicationActionButton>
          {application.status === 'pending' && (
            <DecisionButtons place="row" onDecide={onDecide}>
              {context}
            </DecisionButtons>
          )}
          {application.status === 'rejected' && (
            <ApplicationActionButton
              action="delete"
              size="xs"
              testId="row-delete"
              onClick={onDelete}
            >
              {context}
            </ApplicationActionButton>
          )}
        </>
      }
    />
  )
}
