/**
 * Draws the toasts: Mantine's notifications with our swipe rule (at least 50 px to the right;
 * Mantine's own drag needs 35 % of the width in either direction) and the F8 hotkey that
 * moves focus to them (through `useHotkeys`; Mantine's notifications have none).
 */
import { Notification, useDirection } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { Notifications, notifications, type NotificationData } from '@mantine/notifications'
import '@mantine/core/styles/Notification.css'
import '@mantine/notifications/styles.css'
import { TOAST } from '@sakan/common'
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isDismissingSwipe, swipeOffset } from '../../lib/swipe'
import { Icon, icons } from '@sakan/common/ui/Icon'
import type { ToastTone } from '../../lib/toasts'

// The store lib/toasts.ts shows and hides toasts with: it arrives with this module, not the entry.
export { notifications }

function SwipeToast({ data }: { data: NotificationData }) {
  const { t } = useTranslation('account')
  const { dir } = useDirection()
  const [offset, setOffset] = useState(0)
  const [start, setStart] = useState<number | null>(null)
  const tone = (data['data-tone'] as ToastTone | undefined) ?? 'info'

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return
    setStart(event.clientX)
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (start === null) return
    setOffset(swipeOffset(event.clientX - start, dir))
  }
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (start === null) return
    const delta = event.clientX - start
    setStart(null)
    if (event.type === 'pointerup' && isDismissingSwipe(delta, dir) && data.id) {
      setOffset(delta > 0 ? 480 : -480)
      notifications.hide(data.id)
    } else {
      setOffset(0)
    }
  }

  return (
    <Notification
      role="none"
      className="toast"
      data-tone={tone}
      data-swiping={start !== null || undefined}
      title={data.title}
      color={data.color}
      icon={
        <Icon
          icon={tone === 'success' ? icons.check : tone === 'error' ? icons.alert : icons.info}
        />
      }
      withBorder
      closeButtonProps={{ 'aria-label': t('toasts.close') }}
      onClose={() => data.id && notifications.hide(data.id)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.35, 1 - Math.abs(offset) / 240) : undefined,
        touchAction: 'pan-y',
      }}
    >
      {data.message}
    </Notification>
  )
}

export default function ToastViewport() {
  const { t } = useTranslation('account')
  const { dir } = useDirection()
  const region = useRef<HTMLElement>(null)

  // Everywhere, in form fields too: she may be typing when a toast arrives.
  useHotkeys(
    [
      [
        TOAST.hotkey,
        () => {
          const node = region.current
          const toast = node?.querySelector<HTMLElement>('.toast')
          if (toast) {
            toast.tabIndex = -1
            toast.focus()
          } else {
            node?.focus()
          }
        },
      ],
    ],
    []
  )

  return (
    <section ref={region} className="toast-region" aria-label={t('toasts.region')} tabIndex={-1}>
      <Notifications
        limit={1}
        autoClose={TOAST.durationMs}
        position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
        allowDragDismiss={false}
        allowScrollDismiss={false}
        withinPortal={false}
        containerWidth={420}
        renderNotification={(data) => <SwipeToast data={data} />}
      />
    </section>
  )
}
