import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import app from '@adonisjs/core/services/app'
import { Edge } from 'edge.js'
import {
  NOTIFICATION_MAX_ATTEMPTS,
  directionOf,
  retryDelayMs,
  type Locale,
  type NotificationData,
  type NotificationKind,
} from '@sakan/common'
import { appUrl } from '#config/app'
import { notificationMail } from '#services/notification_texts'
import { sqlTimestamp } from '#services/sql_time'

/**
 * The outbox's worker: e-mails the notifications written by the changes they tell
 * about, off the request path, with retries and back-off, once across replicas.
 *
 * A worker *claims* due rows in one statement — `state` to `sending`, one attempt more, and
 * `next_attempt_at` pushed to the end of a lease — so no other worker takes them: on
 * PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED` (two workers take disjoint rows,
 * neither waits), on SQLite the single writer makes the UPDATE … RETURNING atomic. A row is
 * marked `sent` once the mail server accepted it; a failure puts it back to `pending` for
 * later (1 min, 2, 4… up to an hour) until its last attempt, then `failed`. A worker that dies
 * while sending leaves its rows `sending` until the lease ends, then another one retries them.
 */

/*
 * The e-mails' templates (resources/views/emails), rendered here rather than through AdonisJS's
 * Edge provider: that provider also gives every HTTP request an Edge renderer (sessions and
 * shield share data with it), a cost the JSON API has no use for.
 */
let templates: Edge | undefined
function renderTemplate(name: string, data: Record<string, unknown>): Promise<string> {
  templates ??= Edge.create({ cache: app.inProduction }).mount(app.viewsPath())
  return templates.render(name, data)
}

/** How long a claim holds a row: far longer than one SMTP conversation (config/mail.ts). */
export const CLAIM_LEASE_MS = 5 * 60_000
/** Rows claimed at once by one worker. */
const BATCH = 10

export interface ClaimedNotification {
  id: number
  userId: number
  kind: NotificationKind
  locale: Locale
  data: NotificationData
  link: string | null
  attempts: number
}

/** Claims up to `limit` notifications due at `now` for this worker. */
export async function claimDue(limit = BATCH, now = new Date()): Promise<ClaimedNotification[]> {
  const sqlite = db.connection().dialect.name.includes('sqlite')
  const result = await db.rawQuery(
    `UPDATE notifications
        SET state = 'sending', attempts = attempts + 1, next_attempt_at = ?
      WHERE id IN (
        SELECT id FROM notifications
         WHERE state IN ('pending', 'sending') AND next_attempt_at <= ?
         ORDER BY next_attempt_at, id
         LIMIT ?${sqlite ? '' : ' FOR UPDATE SKIP LOCKED'})
      RETURNING id, user_id, kind, locale, data, link, attempts`,
    [sqlTimestamp(new Date(now.getTime() + CLAIM_LEASE_MS)), sqlTimestamp(now), limit]
  )
  const rows: Record<string, unknown>[] = sqlite ? result : result.rows
  /* RETURNING keeps no order: oldest first, as they were written. */
  rows.sort((a, b) => Number(a.id) - Number(b.id))
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    kind: row.kind as NotificationKind,
    locale: row.locale as Locale,
    data: JSON.parse(String(row.data)) as NotificationData,
    link: (row.link as string | null) ?? null,
    attempts: Number(row.attempts),
  }))
}

/**
 * What may be said about a failure in the log and the back office: the error's code and the
 * SMTP reply code, never its message (a refusal quotes the recipient's address).
 */
export function failureCode(error: unknown): string {
  const failure = error as { code?: unknown; responseCode?: unknown; name?: unknown }
  const code = typeof failure.code === 'string' ? failure.code : String(failure.name ?? 'Error')
  const reply = typeof failure.responseCode === 'number' ? ` ${failure.responseCode}` : ''
  return `${code}${reply}`.slice(0, 200)
}

/** The e-mail of one claimed notification, from the templates, in her language and direction. */
async function send(notification: ClaimedNotification) {
  const recipient = await db
    .from('users')
    .where('id', notification.userId)
    .select('email', 'full_name', 'username')
    .firstOrFail()
  const locale = notification.locale
  const view = {
    lang: locale,
    dir: directionOf(locale),
    link: notification.link ? new URL(notification.link, appUrl).href : null,
    ...notificationMail(
      notification.kind,
      notification.data,
      locale,
      recipient.full_name ?? recipient.username ?? null
    ),
  }
  const { texts } = view
  const [html, text] = await Promise.all([
    renderTemplate('emails/notification', view),
    renderTemplate('emails/notification_text', view),
  ])
  await mail.use('smtp').send((message) => {
    message
      .to(recipient.email)
      .subject(texts.subject)
      .header('Content-Language', locale)
      .header('X-Sakan-Notification', `${notification.kind}:${notification.id}`)
      .html(html)
      .text(text)
  })
}

/** Sends one claimed notification and records how it went. */
export async function deliver(notification: ClaimedNotification, now = new Date()) {
  try {
    await send(notification)
  } catch (error) {
    const code = failureCode(error)
    const last = notification.attempts >= NOTIFICATION_MAX_ATTEMPTS
    await db
      .from('notifications')
      .where('id', notification.id)
      .where('state', 'sending')
      .update({
        state: last ? 'failed' : 'pending',
        next_attempt_at: last
          ? null
          : sqlTimestamp(new Date(now.getTime() + retryDelayMs(notification.attempts))),
        last_error: code,
      })
    logger.warn(
      {
        notification: notification.id,
        kind: notification.kind,
        attempt: notification.attempts,
        error: code,
      },
      last ? 'a notification was given up' : 'a notification will be retried'
    )
    return false
  }
  await db
    .from('notifications')
    .where('id', notification.id)
    .update({ state: 'sent', sent_at: sqlTimestamp(), next_attempt_at: null, last_error: null })
  return true
}

/** Claims and sends every notification due at `now`, a batch at a time; answers how many were sent. */
export async function deliverDue(now = new Date()): Promise<number> {
  let sent = 0
  for (;;) {
    const batch = await claimDue(BATCH, now)
    for (const notification of batch) if (await deliver(notification, now)) sent += 1
    if (batch.length < BATCH) return sent
  }
}

/** The worker of one process: `deliverDue` every `pollMs`, one run at a time. */
export class OutboxWorker {
  #timer: NodeJS.Timeout | undefined
  #running: Promise<unknown> | undefined

  start(pollMs: number) {
    this.#timer = setInterval(() => this.tick(), pollMs)
    this.#timer.unref()
  }

  tick() {
    if (this.#running) return this.#running
    this.#running = deliverDue()
      .catch((error) => logger.error({ err: failureCode(error) }, 'the outbox could not be read'))
      .finally(() => (this.#running = undefined))
    return this.#running
  }

  /** Stops polling and waits for a run in progress to finish. */
  async stop() {
    clearInterval(this.#timer)
    await this.#running
  }
}
