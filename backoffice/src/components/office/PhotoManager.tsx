/**
 * A room's photos: add several at once (the upload's progress shown; the server
 * checks each by its bytes and resizes it), move one earlier or later, remove one. Every
 * change answers the room, whose gallery replaces the one shown; the first photo is the
 * card's (the parent keys it by room: the gallery is its own from then on). Refusals (a file that is not an image, too small, too many) are the API's words.
 */
import { Button, Progress } from '@mantine/core'
import {
  ROOM_MAX_PHOTOS,
  ROOM_PHOTO_TYPES,
  type AdminRoom,
  type AdminRoomPhoto,
} from '@sakan/common'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { RoomPhoto } from '@sakan/common/ui/RoomPhoto'
import { FormSection } from '../forms/FormSection'
import { UploadButton } from '../forms/UploadButton'
import { useRecordCall } from '../forms/use-record-call'

export function PhotoManager({ room }: { room: AdminRoom }) {
  const { t } = useTranslation('admin')
  const [gallery, setGallery] = useState<AdminRoomPhoto[]>(room.gallery)
  const [progress, setProgress] = useState<number | null>(null)
  const { call, busy } = useRecordCall<AdminRoom>('rooms', room.id, (answer) =>
    setGallery(answer.gallery)
  )

  const upload = async (files: File[]) => {
    const body = new FormData()
    for (const file of files) body.append('photos', file)
    setProgress(0)
    await call(
      {
        url: `/api/rooms/${room.id}/photos`,
        method: 'post',
        values: body,
        meta: { onProgress: (fraction: number) => setProgress(Math.round(fraction * 100)) },
      },
      t('office.photos.added')
    )
    setProgress(null)
  }

  const move = (index: number, by: -1 | 1) => {
    const order = gallery.map((photo) => photo.id)
    const [moved] = order.splice(index, 1)
    order.splice(index + by, 0, moved!)
    void call(
      { url: `/api/rooms/${room.id}/photos`, method: 'patch', values: { order } },
      t('office.photos.reordered')
    )
  }

  const remove = (photo: AdminRoomPhoto) =>
    void call(
      { url: `/api/rooms/${room.id}/photos/${photo.id}`, method: 'delete', values: {} },
      t('office.photos.removed')
    )

  return (
    <FormSection id="room-photos-title" title={t('office.photos.title')} testId="photo-manager">
      <p className="muted">{t('office.photos.lead')}</p>
      {gallery.length === 0 ? (
        <p className="muted">{t('office.photos.empty')}</p>
      ) : (
        <ol className="office-photos" aria-busy={busy || undefined}>
          {gallery.map((photo, index) => (
            <li key={photo.id} className="office-photo" data-photo-id={photo.id}>
              <RoomPhoto
                image={photo}
                sizes="11rem"
                width={photo.width}
                height={photo.height}
                alt={t('office.photos.photo', { position: index + 1 })}
                loading="lazy"
              />
              <div className="office-photo-actions">
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy || index === 0}
                  aria-label={t('office.photos.moveUp', { position: index + 1 })}
                  onClick={() => move(index, -1)}
                >
                  <Icon icon={icons.chevronStart} directional />
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy || index === gallery.length - 1}
                  aria-label={t('office.photos.moveDown', { position: index + 1 })}
                  onClick={() => move(index, 1)}
                >
                  <Icon icon={icons.chevronEnd} directional />
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="var(--color-danger)"
                  disabled={busy}
                  aria-label={t('office.photos.remove', { position: index + 1 })}
                  onClick={() => remove(photo)}
                >
                  <Icon icon={icons.trash} />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {progress !== null && (
        <div role="status" aria-live="polite">
          <Progress
            value={progress}
            aria-label={t('office.photos.uploading', { percent: progress })}
          />
          <span className="visually-hidden">
            {t('office.photos.uploading', { percent: progress })}
          </span>
        </div>
      )}
      <div className="office-form-actions">
        <UploadButton
          accept={ROOM_PHOTO_TYPES.join(',')}
          multiple
          onFiles={upload}
          inputTestId="photo-input"
          disabled={busy || gallery.length >= ROOM_MAX_PHOTOS}
        >
          {t('office.photos.add')}
        </UploadButton>
      </div>
    </FormSection>
  )
}
