/**
 * A review's avatar: the current picture (or none), upload a new one (the server checks its
 * bytes and crops it to a 160 px square) or remove it. Each change answers the review.
 */
import { Button } from '@mantine/core'
import { ROOM_PHOTO_TYPES, type AdminReview } from '@sakan/common'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { FormSection } from '../forms/FormSection'
import { UploadButton } from '../forms/UploadButton'
import { useRecordCall } from '../forms/use-record-call'

export function AvatarPicker({ review }: { review: AdminReview }) {
  const { t } = useTranslation('admin')
  const [avatar, setAvatar] = useState(review.user.avatar)
  const { call, busy } = useRecordCall<AdminReview>('reviews', review.id, (answer) =>
    setAvatar(answer.user.avatar)
  )
  const url = `/api/reviews/${review.id}/avatar`

  const upload = async ([file]: File[]) => {
    const body = new FormData()
    body.append('avatar', file!)
    await call({ url, method: 'post', values: body }, t('office.reviews.avatarSaved'))
  }

  return (
    <FormSection id="review-avatar-title" title={t('office.reviews.avatar')} testId="avatar-picker">
      <div className="office-avatar">
        {avatar ? (
          <img src={avatar} width={80} height={80} alt={t('office.reviews.avatarAlt')} />
        ) : (
          <span className="office-avatar-empty" aria-hidden="true">
            <Icon icon={icons.user} />
          </span>
        )}
        <div className="office-form-actions">
          <UploadButton
            accept={ROOM_PHOTO_TYPES.join(',')}
            onFiles={upload}
            inputTestId="avatar-input"
            loading={busy}
          >
            {t('office.reviews.avatarUpload')}
          </UploadButton>
          {avatar && (
            <Button
              variant="outline"
              color="var(--color-danger)"
              disabled={busy}
              onClick={() =>
                void call({ url, method: 'delete', values: {} }, t('office.reviews.avatarRemoved'))
              }
            >
              {t('office.reviews.avatarRemove')}
            </Button>
          )}
        </div>
      </div>
    </FormSection>
  )
}
