/**
 * `/application/{roomId}`: the room she is applying for — building, room number
 * and monthly price — beside the application form, and what happens next. A room that
 * cannot be loaded shows 'Error loading room details' with a way back to the listings; an
 * occupied room, or the administrator, gets an explanation instead of the form.
 */
import '../../styles/mantine-forms.css'
import '../../components/applications/applications.css'
import { Button, Skeleton } from '@mantine/core'
import { useGetIdentity, useOne } from '@refinedev/core'
import { formatSar, localePath } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ApplicationForm } from '../../components/applications/ApplicationForm'
import { EmptyState, ErrorCard } from '../../components/EmptyState'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { PageShell } from '../../components/PageShell'
import { TitledSection } from '../../components/TitledSection'
import { formatCalendarDate } from '../../lib/format'
import { localized, type RoomSummary } from '../../lib/room'
import { isAdmin, type SessionUser } from '../../lib/user'
import { useTexts } from '../../providers/use-language'
import { BrowseRoomsButton } from '../../components/dashboard/BrowseRoomsButton'

function RoomSummaryCard({ room, loading }: { room: RoomSummary | undefined; loading: boolean }) {
  const { t, lang } = useTexts('account')
  const type = room ? localized(room, 'type', lang) : null
  return (
    <TitledSection
      id="room-summary-heading"
      title={t('application.room')}
      className="card room-summary apply-summary"
      titleClassName="card-eyebrow"
      busy={loading}
    >
      {loading || !room ? (
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
          <p className="room-summary-building" data-testid="room-building">
            {localized(room.building, 'name', lang)}
          </p>
          <p className="room-summary-number" data-testid="room-number">
            {t('application.roomNumber', { number: room.roomNumber })}
            {type && <> · {type}</>}
          </p>
          {!room.availability && room.availableFrom && (
            <p className="room-summary-available" data-testid="room-available-from">
              {t('application.availableFrom', {
                date: formatCalendarDate(room.availableFrom, lang),
              })}
            </p>
          )}
          <dl className="room-summary-facts">
            <div>
              <dt>{t('application.monthlyRent')}</dt>
              <dd className="price" data-testid="room-price">
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
        </>
      )}
    </TitledSection>
  )
}

function NextSteps() {
  const { t } = useTranslation('account')
  return (
    <TitledSection
      id="steps-heading"
      title={t('application.stepsTitle')}
      className="card info-card apply-steps"
    >
      <ol className="steps-list">
        {(['review', 'decision', 'pay'] as const).map((step) => (
          <li key={step}>{t(`application.steps.${step}`)}</li>
        ))}
      </ol>
    </TitledSection>
  )
}

export default function ApplicationPage() {
  const { t, lang } = useTexts('account')
  const { data: user } = useGetIdentity<SessionUser | null>()
  const { roomId } = useParams()
  const validId = /^\d+$/.test(roomId ?? '')
  const { query, result: room } = useOne<RoomSummary>({
    resource: 'rooms',
    id: roomId ?? '',
    queryOptions: { enabled: validId },
    errorNotification: false,
  })

  const failed = !validId || query.isError || (query.isSuccess && !room)
  const loading = query.isLoading || !room
  const listings = localePath(lang, '/listings')

  if (failed) {
    return (
      <PageShell title={t('titles.application')} lead={t('application.lead')}>
        <ErrorCard
          title={t('application.error.title')}
          text={t('application.error.text')}
          action={
            <Button component="a" size="md" href={listings}>
              {t('application.error.back')}
            </Button>
          }
        />
      </PageShell>
    )
  }

  let main
  if (loading) {
    main = (
      <div className="apply-form-skeleton" aria-hidden="true">
        <Skeleton height={18} width="60%" />
        <Skeleton height={48} radius="md" mt="lg" />
        <Skeleton height={140} radius="md" mt="lg" />
        <Skeleton height={96} radius="md" mt="lg" />
        <Skeleton height={44} radius="xl" mt="lg" />
      </div>
    )
  } else if (isAdmin(user)) {
    main = (
      <EmptyState
        icon={icons.shield}
        title={t('application.adminNote.title')}
        text={t('application.adminNote.text')}
        action={
          <Button
            component={Link}
            variant="default"
            size="md"
            leftSection={<Icon icon={icons.dashboard} />}
            to="/admin"
          >
            {t('application.adminNote.action')}
          </Button>
        }
      />
    )
  } else if (!room.availability) {
    main = (
      <EmptyState
        icon={icons.info}
        title={t('application.unavailable')}
        text={
          room.availableFrom
            ? `${t('application.availableFrom', { date: formatCalendarDate(room.availableFrom, lang) })} ${t('application.unavailableText')}`
            : t('application.unavailableText')
        }
        action={<BrowseRoomsButton />}
      />
    )
  } else {
    main = <ApplicationForm roomId={room.id} user={user ?? null} />
  }

  return (
    <PageShell title={t('titles.application')} lead={t('application.lead')}>
      <div className="apply-layout">
        <RoomSummaryCard room={room} loading={loading} />
        <TitledSection
          id="apply-form-heading"
          title={t('application.form.title')}
          className="card apply-form-card"
          busy={loading}
        >
          {main}
        </TitledSection>
        <NextSteps />
      </div>
    </PageShell>
  )
}
