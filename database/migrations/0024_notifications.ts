import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import { LOCALES, NOTIFICATION_STATES } from '@sakan/common'
import { reference } from '../schema_helpers.js'

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

/** The kinds as this migration first created them (0028 adds `stay_ended`, `deposit_returned`). */
export const FIRST_NOTIFICATION_KINDS = [
  'application_received',
  'application_new',
  'application_approved',
  'application_rejected',
  'payment_completed',
  'payment_failed',
  'payment_refunded',
  'maintenance_received',
  'maintenance_status_changed',
  'rent_reminder',
  'rent_overdue',
]

/**
 * The notifications table with a given list of kinds; 0028 rebuilds it on SQLite (which
 * cannot change a CHECK in place) with the same definition.
 */
export function defineNotifications(table: Knex.CreateTableBuilder, kinds: readonly string[]) {
  table.bigIncrements('id')
  reference(table, 'user_id', 'users.id', 'CASCADE')
  table.string('kind', 40).notNullable()
  table.check(`kind IN (${list(kinds)})`, [], 'notifications_kind')
  table.string('locale', 2).notNullable()
  table.check(`locale IN (${list(LOCALES)})`, [], 'notifications_locale')
  /* The facts the message is written from (JSON: ids, amounts, months, reasons). */
  table.text('data').notNullable()
  table.string('link', 300).nullable()
  table.string('state', 10).notNullable().defaultTo('pending')
  table.check(`state IN (${list(NOTIFICATION_STATES)})`, [], 'notifications_state')
  table.integer('attempts').notNullable().defaultTo(0)
  /* When a worker may (re)try it; for a claimed row, when its claim lapses. */
  table.timestamp('next_attempt_at', { useTz: true }).nullable()
  table.string('last_error', 200).nullable()
  table.timestamp('sent_at', { useTz: true }).nullable()
  table.timestamp('read_at', { useTz: true }).nullable()
  table.string('dedupe_key', 120).nullable().unique()
  table.timestamp('created_at', { useTz: true }).notNullable()
  table.index(['user_id', 'id'])
  table.index(['state', 'next_attempt_at'])
}

/**
 * Notifications: the outbox and the account app's list in one table. A row is
 * written in the transaction of the change it tells about, in the recipient's language of that
 * moment, then delivered by e-mail by a worker (`state`, `attempts`, `next_attempt_at`,
 * `last_error` — an error code, no personal data). `dedupe_key` makes the scheduler's
 * messages exactly-once (`rent_reminder:{tenancyId}:{month}`): a second run, a late run or a
 * second replica meets the unique index and adds nothing.
 *
 * `users.locale` is the language her messages are written in (her latest choice while signed
 * in); `users.rent_reminders` whether she gets rent reminders.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notifications', (table) =>
      defineNotifications(table, FIRST_NOTIFICATION_KINDS)
    )
    this.schema.raw(
      `ALTER TABLE users ADD COLUMN locale varchar(2) NOT NULL DEFAULT 'en' CONSTRAINT users_locale CHECK (locale IN (${list(LOCALES)}))`
    )
    this.schema.raw('ALTER TABLE users ADD COLUMN rent_reminders boolean NOT NULL DEFAULT true')
  }

  async down() {
    this.schema.dropTable('notifications')
    /* Native DROP COLUMN, as migration 0011 explains. */
    for (const column of ['rent_reminders', 'locale'])
      this.schema.raw(`ALTER TABLE users DROP COLUMN ${column}`)
  }
}
