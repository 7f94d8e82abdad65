import { BaseSchema } from '@adonisjs/lucid/schema'
import { defineNotifications, FIRST_NOTIFICATION_KINDS } from './0024_notifications.js'
import { rebuildOnSqlite } from '../schema_helpers.js'

/** The columns 0024 created, copied as they are when SQLite rebuilds the table. */
const COLUMNS = [
  'id',
  'user_id',
  'kind',
  'locale',
  'data',
  'link',
  'state',
  'attempts',
  'next_attempt_at',
  'last_error',
  'sent_at',
  'read_at',
  'dedupe_key',
  'created_at',
].join(', ')

/** The kinds this migration adds: she is told her stay ended, her deposit returned. */
const ADDED_KINDS = ['stay_ended', 'deposit_returned']

/** The kinds this migration leaves (0036 adds `payment_voided`). */
export const STAY_NOTIFICATION_KINDS = [...FIRST_NOTIFICATION_KINDS, ...ADDED_KINDS]

/**
 * Notifications gain the kinds `stay_ended` and `deposit_returned` (common's
 * NOTIFICATION_KINDS). PostgreSQL swaps the CHECK constraint `notifications_kind` in place;
 * SQLite cannot alter a CHECK, so the table is rebuilt with 0024's definition, its rows and
 * indexes, as 0014 does for payments.
 */
export default class extends BaseSchema {
  async up() {
    this.replaceKinds(STAY_NOTIFICATION_KINDS)
  }

  async down() {
    /* The old list has no room for them: what they told is gone with the kinds. */
    this.defer(async (db) => {
      await db.from('notifications').whereIn('kind', ADDED_KINDS).delete()
    })
    this.replaceKinds(FIRST_NOTIFICATION_KINDS)
  }

  private replaceKinds(kinds: readonly string[]) {
    /* SQLite: the table rebuilt with 0024's definition, its rows and its indexes. */
    if (this.db.dialect.name.includes('sqlite')) {
      return rebuildOnSqlite(this, 'notifications', COLUMNS, () =>
        this.schema.createTable('notifications', (table) => defineNotifications(table, kinds))
      )
    }
    const list = kinds.map((kind) => `'${kind}'`).join(', ')
    this.schema.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind')
    this.schema.raw(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_kind CHECK (kind IN (${list}))`
    )
  }
}
