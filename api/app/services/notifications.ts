import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  Locale,
  Notification as NotificationItem,
  NotificationData,
  NotificationKind,
  NotificationState,
  OutboxRow,
  PageRange,
  SortOrder,
} from '@sakan/common'
import Notification from '#models/notification'
import type User from '#models/user'
import { pageOf, type ListPage } from '#services/paging'
import { notificationTexts } from '#services/notification_texts'
import { sqlTimestamp } from '#services/sql_time'
import { instant } from '#transformers/helpers'
import { conflict, notFound } from '#exceptions/refusals'

/**
 * Notifications: what each event that matters tells whom. A notice is written in
 * the transaction of the change it tells about (so a change rolled back tells nobody, and a
 * committed one cannot lose its message), in the recipient's language of that moment; the
 * outbox's worker (services/outbox.ts) e-mails it once, and the account app lists it.
 */
export interface Notice {
  userId: number
  kind: NotificationKind
  data: NotificationData
  /** The account app's page about it (a path on our origin). */
  link: string | null
  /** Written at most once per key (the scheduler's `rent_reminder:{tenancyId}:{month}`). */
  dedupeKey?: string
}

/**
 * Writes the notices with `client` (the change's transaction), each in its recipient's
 * language; a notice whose `dedupeKey` was written before is skipped. Answers how many were
 * written.
 */
export async function notify(client: QueryClientContract, notices: Notice[]): Promise<number> {
  if (notices.length === 0) return 0
  const ids = [...new Set(notices.map((notice) => notice.userId))]
  const users: { id: number; locale: Locale }[] = await client
    .from('users')
    .whereIn('id', ids)
    .select('id', 'locale')
  const locales = new Map(users.map((user) => [Number(user.id), user.locale]))
  const now = sqlTimestamp()
  const rows = notices.map((notice) => ({
    user_id: notice.userId,
    kind: notice.kind,
    locale: locales.get(notice.userId) ?? 'en',
    data: JSON.stringify(notice.data),
    link: notice.link,
    state: 'pending',
    attempts: 0,
    next_attempt_at: now,
    dedupe_key: notice.dedupeKey ?? null,
    created_at: now,
  }))
  const written = await client
    .knexQuery()
    .table('notifications')
    .insert(rows)
    .onConflict('dedupe_key')
    .ignore()
    .returning('id')
  return written.length
}

/** The same notice to every administrator. */
export async function notifyAdministrators(
  client: QueryClientContract,
  notice: Omit<Notice, 'userId'>
): Promise<number> {
  const admins: { id: number }[] = await client.from('users').where('role', 'admin').select('id')
  return notify(
    client,
    admins.map((admin) => ({ ...notice, userId: Number(admin.id) }))
  )
}

/** A notification as her list shows it, with its texts in the language she reads them in. */
export function notificationItem(row: Notification, locale: Locale): NotificationItem {
  const texts = notificationTexts(row.kind, row.data, locale)
  return {
    id: row.id,
    kind: row.kind,
    title: texts.subject,
    body: texts.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: instant(row.createdAt),
  }
}

/** Her notifications, newest first (only the unread ones when asked), and how many are unread. */
export async function listNotifications(
  user: User,
  query: PageRange & { unread?: boolean },
  locale: Locale
): Promise<ListPage<NotificationItem[]> & { unread: number }> {
  const mine = () => Notification.query().where('user_id', user.id)
  const filtered = () => (query.unread ? mine().whereNull('read_at') : mine())
  const { start, limit } = pageOf(query, 20)
  const [rows, [total], [unread]] = await Promise.all([
    filtered().orderBy('id', 'desc').offset(start).limit(limit),
    filtered().count('* as n'),
    mine().whereNull('read_at').count('* as n'),
  ])
  return {
    rows: rows.map((row) => notificationItem(row, locale)),
    total: Number(total.$extras.n ?? 0),
    unread: Number(unread.$extras.n ?? 0),
  }
}

/** Marks some of her notifications (or all of them) read; others' ids change nothing. */
export async function markRead(user: User, which: { ids?: number[]; all?: boolean }) {
  const query = db.from('notifications').where('user_id', user.id).whereNull('read_at')
  if (!which.all) query.whereIn('id', which.ids ?? [])
  const changed = await query.update({ read_at: sqlTimestamp() })
  return Number(Array.isArray(changed) ? changed[0] : changed)
}

export interface OutboxQuery extends PageRange {
  state?: NotificationState
  kind?: NotificationKind
  /** Both orders are the order written. */
  _sort?: 'id' | 'createdAt'
  _order?: SortOrder
}

/** The outbox as the administrator sees it: newest first, with recipient and delivery. */
export async function listOutbox(query: OutboxQuery): Promise<ListPage<OutboxRow[]>> {
  const { start, limit } = pageOf(query)
  const [rows, total] = await Promise.all([
    Notification.query()
      .if(query.state, (builder) => builder.where('state', query.state!))
      .if(query.kind, (builder) => builder.where('kind', query.kind!))
      .preload('user')
      .orderBy('id', query._order ?? 'desc')
      .offset(start)
      .limit(limit),
    outboxTotal(query),
  ])
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: { id: row.user.id, fullName: row.user.fullName, email: row.user.email },
      locale: row.locale,
      state: row.state,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt ? instant(row.nextAttemptAt) : null,
      sentAt: row.sentAt ? instant(row.sentAt) : null,
      createdAt: instant(row.createdAt),
    })),
    total,
  }
}

/**
 * How many messages the outbox holds in a state and of a kind (either or both may be all),
 * from the totals triggers keep (database/migrations/0032_notification_counts.ts). On
 * PostgreSQL the changes appended since the last read are folded into the totals first, in
 * one statement, in (state, kind) order so that two folds at once never wait on each other
 * crosswise; what is appended meanwhile is added as it stands.
 */
async function outboxTotal(query: { state?: string; kind?: string }) {
  if (db.connection().dialect.name === 'postgres') {
    await db.rawQuery(`
      WITH moved AS (DELETE FROM notification_count_changes RETURNING state, kind, change)
      INSERT INTO notification_counts (state, kind, total)
        SELECT state, kind, sum(change) FROM moved GROUP BY state, kind ORDER BY state, kind
        ON CONFLICT (state, kind) DO UPDATE SET total = notification_counts.total + excluded.total`)
  }
  const kept = db
    .from('notification_counts')
    .select('state', 'kind', 'total')
    .unionAll(db.from('notification_count_changes').select('state', 'kind', 'change as total'))
  const [row] = await db
    .from(kept.as('kept'))
    .if(query.state, (builder) => builder.where('state', query.state!))
    .if(query.kind, (builder) => builder.where('kind', query.kind!))
    .sum('total as total')
  return Number(row?.total ?? 0)
}

/**
 * The administrator sends a message again: back to `pending` now, its attempts counted
 * afresh. A message a worker holds right now (`sending`) is refused (409): it may be sent.
 */
export async function resend(id: number) {
  const changed = await db
    .from('notifications')
    .where('id', id)
    .whereNot('state', 'sending')
    .update({
      state: 'pending',
      attempts: 0,
      next_attempt_at: sqlTimestamp(DateTime.now()),
      last_error: null,
    })
  if (Number(Array.isArray(changed) ? changed[0] : changed) === 1) return
  const exists = await db.from('notifications').where('id', id).first()
  if (!exists) throw notFound()
  throw conflict('notifications.beingSent')
}

/** What a message names about a room: its number and its building's name in both languages. */
export async function roomFacts(client: QueryClientContract, roomId: number) {
  const room = await client
    .from('rooms')
    .join('buildings', 'buildings.id', 'rooms.building_id')
    .where('rooms.id', roomId)
    .select('rooms.room_number', 'buildings.name_en', 'buildings.name_ar')
    .firstOrFail()
  return {
    roomNumber: String(room.room_number),
    buildingName: { en: String(room.name_en), ar: String(room.name_ar) },
  }
}
