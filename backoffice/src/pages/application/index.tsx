/**
 * `/application/{roomId}` (spec §2): the room she is applying for — building, room number
 * and monthly price — with what she will need and what happens next. A room that cannot
 * be loaded shows 'Error loading room details' with a way back to the listings. The
 * application form itself arrives with the applications work.
 */
import { Skeleton } from '@mantine/core'
import { useOne } from '@refinedev/core'
import { formatSar } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { Icon, type IconName } from '../../components/Icon'
import { PageShell } from '../../components/PageShell'
import { sitePath } from '../../lib/language'
import { localized, type RoomSummary } from '../../lib/room'
import { useLanguage } from '../../providers/use-language'

const NEEDS: { key: string; icon: IconName }[] = [
  { key: 'moveIn', icon: 'calendar' },
  { key: 'document', icon: 'file' },
  { key: 'info', icon: 'info' },
]

export default function ApplicationPage() {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const { roomId } = useParams()
  const validId = /^\d+$/.test(roomId ?? '')
  const { query, result: room } = useOne<RoomSummary>({
    resource: 'rooms',
    id: roomId ?? '',
    queryOptions: { enabled: validId },
    errorNotification: false,
  })

  const failed = !validId || query.isError || (query.isSuccess && !room)
  const listings = sitePath(lang, '/listings')

  return (
    <PageShell title={t('titles.application')} lead={t('application.lead')}>
      {failed ? (
        <div className="card panel-card">
          <EmptyState
            tone="error"
            icon="alert"
            title={t('application.error.title')}
            text={t('application.error.text')}
            action={
              <a className="btn btn-primary" href={listings}>
                {t('application.error.back')}
              </a>
            }
          />
        </div>
      ) : (
        <div className="two-column">
          <section
            className="card room-summary"
            aria-labelledby="room-summary-heading"
            aria-busy={query.isLoading || undefined}
          >
            <h2 id="room-summary-heading" className="card-eyebrow">
              {t('application.room')}
            </h2>
            {query.isLoading || !room ? (
              <div className="room-summary-skeleton" aria-hidden="true">
                <Skeleton height={160} radius="md" />
                <Skeleton height={26} width="70%" mt="md" />
                <Skeleton height={18} width="40%" mt="xs" />
                <Skeleton height={40} width="50%" mt="md" />
              </div>
            ) : (
              <>
                {room.photos[0] && (
                  <img
                    className="room-summary-photo"
                    src={room.photos[0]}
                    alt=""
                    width={640}
                    height={400}
                  />
                )}
                <p className="room-summary-building">{localized(room.building, 'name', lang)}</p>
                <p className="room-summary-number">
                  {t('application.roomNumber', { number: room.roomNumber })}
                  {localized(room, 'type', lang) && <> · {localized(room, 'type', lang)}</>}
                </p>
                <dl className="room-summary-facts">
                  <div>
                    <dt>{t('application.monthlyRent')}</dt>
                    <dd className="price">
                      {t('application.perMonth', { price: formatSar(room.price, lang) })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('application.deposit')}</dt>
                    <dd>
                      {formatSar(room.price, lang)}
                      <span className="fact-note">{t('application.depositNote')}</span>
                    </dd>
                  </div>
                </dl>
                {!room.availability && (
                  <p className="inline-note" role="note">
                    <Icon name="info" /> {t('application.unavailable')}
                  </p>
                )}
              </>
            )}
          </section>
          <div className="stack">
            <section className="card info-card" aria-labelledby="needs-heading">
              <h2 id="needs-heading" className="card-title">
                {t('application.needTitle')}
              </h2>
              <ul className="icon-list" role="list">
                {NEEDS.map((need) => (
                  <li key={need.key}>
                    <span className="icon-bubble" aria-hidden="true">
                      <Icon name={need.icon} />
                    </span>
                    {t(`application.need.${need.key}`)}
                  </li>
                ))}
              </ul>
            </section>
            <section className="card info-card" aria-labelledby="steps-heading">
              <h2 id="steps-heading" className="card-title">
                {t('application.stepsTitle')}
              </h2>
              <ol className="steps-list">
                {(['review', 'decision', 'pay'] as const).map((step) => (
                  <li key={step}>{t(`application.steps.${step}`)}</li>
                ))}
              </ol>
            </section>
          </div>
        </div>
      )}
    </PageShell>
  )
}
