/**
 * `/admin/notifications`: the outbox, read-only but for resending — every message
 * Sakan wrote, newest first, filtered by delivery state and kind: to whom, in which language,
 * how many attempts, the last error's code, when it went (or will be tried again). A message
 * given up or already delivered may be sent again: confirmed, it goes back to the outbox.
 */
import { Button } from '@mantine/core'
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_STATES,
  localizeDigits,
  type OutboxRow,
} from '@sakan/common'
import { useState } from 'react'
import { ToneBadge } from '../../components/details/ToneBadge'
import { When } from '../../components/details/When'
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog'
import { useRecordCall } from '../../components/forms/use-record-call'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import type { Column } from '../../components/lists/ResourceTable'
import { createdColumn, idColumn, textColumn } from '../../components/lists/office-table'
import { NOTIFICATION_TONES, canResend } from '../../lib/outbox'
import { toneOf } from '../../lib/status'
import { useTexts } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

/** The list's filters, each by its values' words (`office.notifications.<field>s`). */
const FILTERS = { state: NOTIFICATION_STATES, kind: NOTIFICATION_KINDS }

/**
 * Send one message again: confirmed, back to pending, the list read again. `row` stays the
 * last one chosen while the dialog closes.
 */
function ResendDialog({
  row,
  opened,
  onClose,
}: {
  row: OutboxRow | null
  opened: boolean
  onClose: () => void
}) {
  const { t, lang } = useTexts('admin')
  const { call, busy } = useRecordCall('notifications', row?.id ?? 0, onClose)
  return (
    <ConfirmDialog
      opened={opened && row !== null}
      onClose={onClose}
      title={t('office.notifications.confirmResend', { id: localizeDigits(row?.id ?? 0, lang) })}
      cancelLabel={t('office.common.cancel')}
      confirmLabel={t('office.notifications.resend')}
      pendingLabel={t('office.notifications.resending')}
      pending={busy}
      tone="success"
      confirmIcon={<Icon icon={icons.refresh} />}
      testId="notification-resend-dialog"
      onConfirm={() => {
        if (row)
          void call(
            { url: `/api/admin/notifications/${row.id}/resend`, method: 'post', values: {} },
            t('office.notifications.resent')
          )
      }}
    >
      {row
        ? t('office.notifications.confirmResendText', {
            name: row.recipient.fullName || row.recipient.email,
          })
        : null}
    </ConfirmDialog>
  )
}

export default function NotificationListPage() {
  const { t, lang, label, table } = useOfficeList<OutboxRow>('notifications', {
    sort: 'id',
    pageSize: 25,
  })
  const [resending, setResending] = useState<OutboxRow | null>(null)
  const [opened, setOpened] = useState(false)
  const columns: Column<OutboxRow>[] = [
    idColumn(lang),
    textColumn('recipient', label('recipient'), (row) => (
      <>
        <bdi>{row.recipient.fullName || row.recipient.email}</bdi>
        {row.recipient.fullName ? (
          <div className="muted" dir="ltr">
            {row.recipient.email}
          </div>
        ) : null}
      </>
    )),
    textColumn('kind', label('kind'), (row) => (
      <span data-kind={row.kind}>{t(`office.notifications.kinds.${row.kind}`)}</span>
    )),
    textColumn('locale', label('locale'), (row) => t(`office.notifications.locales.${row.locale}`)),
    textColumn('state', label('state'), (row) => (
      <ToneBadge
        tone={toneOf(NOTIFICATION_TONES, row.state)}
        value={row.state}
        testId="notification-state"
      >
        {t(`office.notifications.states.${row.state}`)}
      </ToneBadge>
    )),
    textColumn('attempts', label('attempts'), (row) => localizeDigits(row.attempts, lang)),
    textColumn('lastError', label('lastError'), (row) =>
      row.lastError ? <code dir="ltr">{row.lastError}</code> : '—'
    ),
    textColumn('delivery', label('delivery'), (row) => {
      if (row.sentAt) return <When at={row.sentAt} />
      if (row.state === 'pending' && row.nextAttemptAt)
        return (
          <>
            {label('nextAttempt')} <When at={row.nextAttemptAt} />
          </>
        )
      return '—'
    }),
    createdColumn('created', label('created')),
    textColumn('actions', label('actions'), (row) =>
      canResend(row.state) ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<Icon icon={icons.refresh} />}
          onClick={() => {
            setResending(row)
            setOpened(true)
          }}
          aria-label={t('office.notifications.resendLabel', { id: localizeDigits(row.id, lang) })}
          data-testid="notification-resend"
        >
          {label('resend')}
        </Button>
      ) : null
    ),
  ]
  return (
    <>
      <OfficeListPage
        title={label('title')}
        table={table}
        columns={columns}
        icon={icons.mail}
        testId="notifications-table"
        filters={Object.entries(FILTERS).map(([field, values]) => ({
          type: 'enum',
          field,
          label: label(field),
          values,
          texts: `office.notifications.${field}s`,
        }))}
      />
      <ResendDialog row={resending} opened={opened} onClose={() => setOpened(false)} />
    </>
  )
}
