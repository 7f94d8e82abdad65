/**
 * A room's photos (issue 13): add several at once (the upload's progress shown; the server
 * checks each by its bytes and resizes it), move one earlier or later, remove one. Every
 * change answers the room, whose gallery replaces the one shown; the first photo is the
 * card's (the parent keys it by room: the gallery is its own from then on). Refusals (a file that is not an image, too small, too many) are the API's words.
 */
import { Button, Progress } from '@mantine/core'
import { useCustomMutation, useInvalidate } from '@refinedev/core'
import {
  ROOM_MAX_PHOTOS,
  ROOM_PHOTO_TYPES,
  type AdminRoom,
  type AdminRoomPhoto,
} from '@sakan/common'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { isApiError } from '../../providers/http'
import { showToast } from '../feedback/Toasts'

function refusal(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback
  const first = Object.values(error.errors ?? {})[0]?.[0]
  return first ?? error.serverMessage ?? fallback
}

export function PhotoManager({ room }: { room: AdminRoom }) {
  const { t } = useTranslation('admin')
  const invalidate = useInvalidate()
  const [gallery, setGallery] = useState<AdminRoomPhoto[]>(room.gallery)
  const [progress, setProgress] = useState<number | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const { mutateAsync, mutation } = useCustomMutation<AdminRoom>()

  const apply = (updated: AdminRoom, message: string) => {
    setGallery(updated.gallery)
    showToast({ tone: 'success', title: message })
    void invalidate({ resource: 'rooms', invalidates: ['detail', 'list'], id: room.id })
  }
  const call = async (
    request: Parameters<typeof mutateAsync>[0],
    message: string
  ): Promise<void> => {
    try {
      const response = await mutateAsync({
        ...request,
        successNotification: false,
        errorNotification: false,
      })
      apply(response.data, message)
    } catch (error) {
      showToast({ tone: 'error', title: refusal(error, t('office.common.loadError')) })
    }
  }

  const upload = async (files: FileList | null) => {
    if (!files || files.length === 0) return
    const body = new FormData()
    for (const file of Array.from(files)) body.append('photos', file)
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
    if (input.current) input.current.value = ''
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

  const busy = mutation.isPending
  return (
    <section
      className="card office-form"
      aria-labelledby="room-photos-title"
      data-testid="photo-manager"
    >
      <h2 id="room-photos-title" className="card-title">
        {t('office.photos.title')}
      </h2>
      <p className="muted">{t('office.photos.lead')}</p>
      {gallery.length === 0 ? (
        <p className="muted">{t('office.photos.empty')}</p>
      ) : (
        <ol className="office-photos" aria-busy={busy || undefined}>
          {gallery.map((photo, index) => (
            <li key={photo.id} className="office-photo" data-photo-id={photo.id}>
              <img
                src={photo.src}
                srcSet={photo.srcset}
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
        <input
          ref={input}
          type="file"
          accept={ROOM_PHOTO_TYPES.join(',')}
          multiple
          hidden
          onChange={(event) => void upload(event.currentTarget.files)}
          data-testid="photo-input"
        />
        <Button
          leftSection={<Icon icon={icons.upload} />}
          disabled={busy || gallery.length >= ROOM_MAX_PHOTOS}
          onClick={() => input.current?.click()}
        >
          {t('office.photos.add')}
        </Button>
      </div>
    </section>
  )
}
