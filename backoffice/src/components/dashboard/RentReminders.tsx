/**
 * Her rent reminders, on her dashboard's Payments tab: on, she is e-mailed 3 days
 * before the 1st of a month still unpaid; off, she is not. Overdue notices, decisions, payments
 * and receipts always go. The same choice as in the bell (`PATCH /api/auth/me`).
 */
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Switch.css'
import { Switch } from '@mantine/core'
import { useGetIdentity } from '@refinedev/core'
import type { SessionUser } from '@sakan/common'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiRequest } from '../../providers/api'
import { publishSession } from '../../providers/session-store'
import { showErrorToast } from '../../lib/refusals'
import { showToast } from '../../lib/toasts'

export function RentReminders() {
  const { t } = useTranslation('account')
  const { data: user } = useGetIdentity<SessionUser | null>()
  const [saving, setSaving] = useState(false)
  /* Her answer once saved: the session's copy of her may be read again only later. */
  const [saved, setSaved] = useState<boolean | null>(null)
  if (!user) return null
  const change = async (on: boolean) => {
    setSaving(true)
    try {
      const changed = await apiRequest<SessionUser>('/api/auth/me', {
        method: 'PATCH',
        json: { rentReminders: on },
      })
      setSaved(changed.rentReminders)
      publishSession(changed)
      showToast({
        tone: 'success',
        title: t(on ? 'dashboard.reminders.on' : 'dashboard.reminders.off'),
      })
    } catch (error) {
      showErrorToast(error, t('dashboard.reminders.error'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <div className="card rent-reminders">
      <Switch
        checked={saved ?? user.rentReminders}
        disabled={saving}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t('dashboard.reminders.label')}
        description={t('dashboard.reminders.hint')}
        classNames={{ description: 'rent-reminders-hint' }}
        data-testid="rent-reminders"
      />
    </div>
  )
}
