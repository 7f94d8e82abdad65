/**
 * A maintenance request's photos as small thumbnails (each opens the full photo in a new
 * tab) and, for the resident, its status history. Shared by the resident's dashboard and
 * the administrator's maintenance tab.
 */
import { formatLongDate } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import type { MaintenanceChange, MaintenancePhoto } from '../../lib/maintenance'
import { useTexts } from '../../providers/use-language'
import './maintenance.css'

interface MaintenancePhotosProps {
  photos: MaintenancePhoto[] | undefined
  /** The request's title, for each photo's alternative text. */
  title: string
  /** `account:dashboard.maintenance` or `admin:maintenance`: where `photos` and `photoAlt` live. */
  texts: 'account:dashboard.maintenance' | 'admin:maintenance'
}

export function MaintenancePhotos({ photos, title, texts }: MaintenancePhotosProps) {
  const { t } = useTranslation()
  if (!photos?.length) return null
  return (
    <ul className="maintenance-photos" role="list" aria-label={t(`${texts}.photos`)}>
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a href={photo.url} target="_blank" rel="noopener noreferrer">
            <img
              src={photo.url}
              alt={t(`${texts}.photoAlt`, { number: index + 1, title })}
              loading="lazy"
              data-testid="maintenance-photo"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Each status the request has had, oldest first, with its date. */
export function MaintenanceHistory({ history }: { history: MaintenanceChange[] | undefined }) {
  const { t, lang } = useTexts('account')
  if (!history?.length) return null
  return (
    <details className="maintenance-history">
      <summary>{t('dashboard.maintenance.history')}</summary>
      <ol data-testid="maintenance-history">
        {history.map((change) => (
          <li key={`${change.at}-${change.to}`} data-status={change.to}>
            <span>
              {change.from === null
                ? t('dashboard.maintenance.historyCreated')
                : t(`status.maintenance.${change.to}`)}
            </span>
            <time dateTime={change.at}>{formatLongDate(change.at, lang)}</time>
          </li>
        ))}
      </ol>
    </details>
  )
}
