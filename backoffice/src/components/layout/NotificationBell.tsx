/**
 * The signed-in user's bell: her unread count on the icon and, opened, her latest
 * notifications (`GET /api/notifications`, texts in the page's language) with a link to each
 * thing; opening one marks it read, and "Mark all as read" the rest. Read again every minute,
 * when the language changes and whenever it is opened. A resident turns her rent reminders off
 * (or on) here, on every page of her account, her dashboard included.
 */
import type { Notification, SessionUser } from '@sakan/common'
import { formatNumber } from '@sakan/common'
import { Menu, UnstyledButton } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { formatDateTime } from '../../lib/format'
import { apiRequest } from '../../providers/api'
import { publishSession, publishUnread } from '../../providers/session-store'
import { useLanguage } from '../../providers/use-language'

/** How many of her latest notifications the bell lists. */
const SHOWN = 8
const REFRESH_MS = 60_000

export default function NotificationBell({ user }: { user: SessionUser }) {
  const { t } = useTranslation('notifications', { keyPrefix: 'bell' })
  const lang = useLanguage()
  const [items, setItems] = useState<Notification[]>([])
  const [unread, setUnread] = useState(0)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async () => {
    try {
      const { httpClient } = await import('../../providers/http-client')
      const response = await httpClient.get<Notification[]>(
        `/api/notifications?_start=0&_end=${SHOWN}`
      )
      const count = Number(response.headers['x-unread-count'] ?? 0)
      setItems(response.data ?? [])
      setUnread(count)
      publishUnread(count)
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  useEffect(() => {
    /* At once, then every minute; again in the new language when it changes. */
    const first = window.setTimeout(() => void load(), 0)
    const timer = window.setInterval(() => void load(), REFRESH_MS)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [load, lang])

  const setReminders = (rentReminders: boolean) =>
    apiRequest<SessionUser>('/api/auth/me', { method: 'PATCH', json: { rentReminders } })
      .then((changed) => publishSession(changed))
      .catch(() => setFailed(true))

  const markRead = (json: { ids: number[] } | { all: true }) =>
    apiRequest('/api/notifications/read', { method: 'POST', json })
      .then(load)
      .catch(() => setFailed(true))

  return (
    <Menu
      position="bottom-end"
      width={340}
      shadow="md"
      radius="md"
      withinPortal
      withInitialFocusPlaceholder={false}
      onOpen={() => void load()}
    >
      <Menu.Target>
        <UnstyledButton
          className="notification-bell"
          data-testid="notification-bell"
          data-unread={unread}
          aria-label={t('open', { count: unread })}
        >
          <Icon icon={icons.bell} />
          {unread > 0 && (
            <span className="notification-count" aria-hidden="true">
              {formatNumber(unread, lang)}
            </span>
          )}
        </UnstyledButton>
      </Menu.Target>
      {/* `data-user-menu`: a press inside does not close the phone's header menu. */}
      <Menu.Dropdown data-user-menu data-testid="notification-list" className="notification-list">
        <Menu.Label className="notification-label">{t('title')}</Menu.Label>
        {failed && <Menu.Label className="notification-label">{t('loadFailed')}</Menu.Label>}
        {!failed && items.length === 0 && (
          <Menu.Label className="notification-label">{t('empty')}</Menu.Label>
        )}
        {/* Its title, its text and its time, each its own line, wrapped to fit a phone; the spaces
            between them keep them apart in its name, which is read from its content. */}
        {items.map((item) => (
          <Menu.Item
            key={item.id}
            component={Link}
            to={item.link ?? '/dashboard'}
            className="notification-item"
            data-testid="notification-item"
            data-kind={item.kind}
            data-read={String(item.read)}
            onClick={() => (item.read ? undefined : void markRead({ ids: [item.id] }))}
          >
            <div className="notification-title">
              {!item.read && <span className="visually-hidden">{t('unread')}: </span>}
              {item.title}
            </div>{' '}
            <div className="notification-body">{item.body}</div>{' '}
            <div className="notification-time">
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, lang)}</time>
            </div>
          </Menu.Item>
        ))}
        {user.role === 'tenant' && (
          <>
            <Menu.Divider />
            <Menu.Item
              closeMenuOnClick={false}
              data-testid="rent-reminders-toggle"
              data-on={String(user.rentReminders)}
              onClick={() => void setReminders(!user.rentReminders)}
            >
              {t(user.rentReminders ? 'remindersOff' : 'remindersOn')}
            </Menu.Item>
          </>
        )}
        {unread > 0 && (
          <>
            <Menu.Divider />
            <Menu.Item
              data-testid="notifications-read-all"
              onClick={() => void markRead({ all: true })}
            >
              {t('markAllRead')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}
