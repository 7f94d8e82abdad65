/**
 * One row of the applications tab (spec §2): the applicant, status and e-mail check, room,
 * building and date; view for every row, approve and reject for pending ones, delete for
 * rejected ones. Each action's name says whose application it is.
 */
import { Badge, Button } from '@mantine/core'
import { formatLongDate } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { buildingNameOf, roomNumberOf, type Application } from '../../lib/applications'
import { APPLICATION_TONES, toneOf } from '../../lib/status'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import type { ApplicantFallbacks } from './applicant'
import { EmailVerifiedBadge } from './EmailVerifiedBadge'
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
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const context = (
    <span className="visually-hidden"> {t('applications.actions.context', { name })}</span>
  )
  return (
    <li
      className="admin-row"
      data-testid="application-row"
      data-application-id={application.id}
      data-status={application.status}
    >
      <div className="admin-row-main">
        <p className="admin-row-title">
          <span className="admin-row-name">
            <bdi>{name}</bdi>
          </span>
          <Badge
            data-tone={toneOf(APPLICATION_TONES, application.status)}
            data-value={application.status}
          >
            {t(`account:status.application.${application.status}`)}
          </Badge>
          <EmailVerifiedBadge verified={application.user?.emailVerified} />
        </p>
        <p className="admin-row-meta">
          <span>
            <Icon icon={icons.key} />
            {t('applications.roomNumber', { number: roomNumberOf(application.room, fallbacks) })}
          </span>
          <span>
            <Icon icon={icons.building} />
            {buildingNameOf(application.room?.building, lang, fallbacks)}
          </span>
          <span>
            <Icon icon={icons.calendar} />
            {t('applications.applied', { date: formatLongDate(application.createdAt, lang) })}
          </span>
        </p>
      </div>
      <div className="admin-row-actions">
        <Button
          variant="default"
          size="xs"
          leftSection={<Icon icon={icons.eye} />}
          onClick={onView}
          data-testid="row-view"
        >
          {t('applications.actions.view')}
          {context}
        </Button>
        {application.status === 'pending' && (
          <>
            <Button
              size="xs"
              color="var(--color-success)"
              leftSection={<Icon icon={icons.check} />}
              onClick={() => onDecide('approved')}
              data-testid="row-approve"
            >
              {t('applications.actions.approve')}
              {context}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="var(--color-danger)"
              leftSection={<Icon icon={icons.close} />}
              onClick={() => onDecide('rejected')}
              data-testid="row-reject"
            >
              {t('applications.actions.reject')}
              {context}
            </Button>
          </>
        )}
        {application.status === 'rejected' && (
          <Button
            size="xs"
            variant="subtle"
            color="var(--color-danger)"
            leftSection={<Icon icon={icons.trash} />}
            onClick={onDelete}
            data-testid="row-delete"
          >
            {t('applications.actions.delete')}
            {context}
          </Button>
        )}
      </div>
    </li>
  )
}
