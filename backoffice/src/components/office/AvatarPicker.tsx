/**
 * A review's avatar: the current picture (or none), upload a new one (the server checks its
 * bytes and crops it to a 160 px square) or remove it. Each change answers the review.
 */
import { Button } from '@mantine/core'
import { useCustomMutation, useInvalidate } from '@refinedev/core'
import { ROOM_PHOTO_TYPES, type AdminReview } from '@sakan/common'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { isApiError } from '../../providers/http'
import { showToast } from '../feedback/Toasts'

export function AvatarPicker({ review }: { review: AdminReview }) {
  const { t } = useTranslation('admin')
  const invalidate = useInvalidate()
  const [avatar, setAvatar] = useState(review.user.avatar)
  const input = useRef<HTMLInputElement>(null)
  const { mutateAsync, mutation } = useCustomMutation<AdminReview>()

  const send = async (request: Parameters<typeof mutateAsync>[0], message: string) => {
    try {
      const response = await mutateAsync({
        ...request,
        successNotification: false,
        errorNotification: false,
      })
      setAvatar(response.data.user.avatar)
      showToast({ tone: 'success', title: message })
      void invalidate({ resource: 'reviews', invalidates: ['list', 'detail'], id: review.id })
    } catch (error) {
      const first = isApiError(error) ? Object.values(error.errors ?? {})[0]?.[0] : undefined
      showToast({
        tone: 'error',
        title:
          first ??
          (isApiError(error) ? error.serverMessage : undefined) ??
          t('office.common.loadError'),
      })
    }
  }

  const upload = async (file: File | undefined) => {
    if (!file) return
    const body = new FormData()
    body.append('avatar', file)
    await send(
      { url: `/api/reviews/${review.id}/avatar`, method: 'post', values: body },
      t('office.reviews.avatarSaved')
    )
    if (input.current) input.current.value = ''
  }

  return (
    <section
      className="card office-form"
      aria-labelledby="review-avatar-title"
      data-testid="avatar-picker"
    >
      <h2 id="review-avatar-title" className="card-title">
        {t('office.reviews.avatar')}
      </h2>
      <div className="office-avatar">
        {avatar ? (
          <img src={avatar} width={80} height={80} alt={t('office.reviews.avatarAlt')} />
        ) : (
          <span className="office-avatar-empty" aria-hidden="true">
            <Icon icon={icons.user} />
          </span>
        )}
        <div className="office-form-actions">
          <input
            ref={input}
            type="file"
            accept={ROOM_PHOTO_TYPES.join(',')}
            hidden
            onChange={(event) => void upload(event.currentTarget.files?.[0])}
            data-testid="avatar-input"
          />
          <Button
            leftSection={<Icon icon={icons.upload} />}
            loading={mutation.isPending}
            onClick={() => input.current?.click()}
          >
            {t('office.reviews.avatarUpload')}
          </Button>
          {avatar && (
            <Button
              variant="outline"
              color="var(--color-danger)"
              disabled={mutation.isPending}
              onClick={() =>
                void send(
                  { url: `/api/reviews/${review.id}/avatar`, method: 'delete', values: {} },
                  t('office.reviews.avatarRemoved')
                )
              }
            >
              {t('office.reviews.avatarRemove')}
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}
