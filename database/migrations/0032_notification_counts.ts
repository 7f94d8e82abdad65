import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The outbox's total by state and kind, so that its list does not count 1,000,000 messages on
 * each page. `notification_counts` holds a total per (state, kind).
 *
 * SQLite has one writer at a time: row triggers add to the totals directly. On PostgreSQL many
 * transactions write messages at once (a payment's, a stay's, the delivery worker's), and a
 * total they all updated would make each wait for the others and could deadlock with the
 * payment totals they also hold. So statement triggers only append what changed to
 * `notification_count_changes` (never a lock on a shared row), and the list folds those
 * changes into the totals in one statement before it reads (services/notifications.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notification_counts', (table) => {
      table.string('state', 10).notNullable()
      table.string('kind', 40).notNullable()
      table.bigint('total').notNullable()
      table.primary(['state', 'kind'])
    })
    this.schema.createTable('notification_count_changes', (table) => {
      table.bigIncrements('id')
      table.string('state', 10).notNullable()
      table.string('kind', 40).notNullable()
      table.bigint('change').notNullable()
    })
    this.defer(async (db) => {
      const counted = await db
        .from('notifications')
        .select('state', 'kind')
        .count('* as total')
        .groupBy('state', 'kind')
      if (counted.length === 0) return
      await db
        .table('notification_counts')
        .multiInsert(
          counted.map((row) => ({ state: row.state, kind: row.kind, total: Number(row.total) }))
        )
    })
    if (this.onSqlite()) {
      const add = (row: string, sign: string) =>
        `INSERT INTO notification_counts (state, kind, total) VALUES (${row}.state, ${row}.kind, ${sign}1)
           ON CONFLICT (state, kind) DO UPDATE SET total = total + excluded.total;`
      this.schema.raw(
        `CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications BEGIN ${add('NEW', '')} END`
      )
      this.schema.raw(
        `CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications BEGIN ${add('OLD', '-')} END`
      )
      this.schema.raw(
        `CREATE TRIGGER notification_counts_update AFTER UPDATE OF state, kind ON notifications
           WHEN OLD.state <> NEW.state OR OLD.kind <> NEW.kind
           BEGIN ${add('OLD', '-')} ${add('NEW', '')} END`
      )
      return
    }
    /*
     * The net change of one statement per (state, kind), from its transition tables (a trigger
     * may name only those of its own event, hence one function per event): an update that
     * moves no message between them appends nothing.
     */
    const events = {
      insert: {
        referencing: 'NEW TABLE AS new_rows',
        moved: ['SELECT state, kind, 1 AS change FROM new_rows'],
      },
      delete: {
        referencing: 'OLD TABLE AS old_rows',
        moved: ['SELECT state, kind, -1 AS change FROM old_rows'],
      },
      update: {
        referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
        moved: [
          'SELECT state, kind, 1 AS change FROM new_rows',
          'SELECT state, kind, -1 AS change FROM old_rows',
        ],
      },
    }
    for (const [event, { referencing, moved }] of Object.entries(events)) {
      this.schema.raw(`
        CREATE FUNCTION notification_counts_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO notification_count_changes (state, kind, change)
            SELECT state, kind, sum(change) FROM (${moved.join(' UNION ALL ')}) moved
            GROUP BY state, kind
            HAVING sum(change) <> 0;
          RETURN NULL;
        END $$`)
      this.schema.raw(
        `CREATE TRIGGER notification_counts_${event} AFTER ${event.toUpperCase()} ON notifications REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_${event}()`
      )
    }
    /* TRUNCATE has no transition table, and leaves no message. */
    this.schema.raw(`
      CREATE FUNCTION notification_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM notification_count_changes;
        DELETE FROM notification_counts;
        RETURN NULL;
      END $$`)
    this.schema.raw(
      `CREATE TRIGGER notification_counts_truncate AFTER TRUNCATE ON notifications FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_truncate()`
    )
  }

  async down() {
    const triggers = ['insert', 'delete', 'update', 'truncate'].map(
      (event) => `notification_counts_${event}`
    )
    if (this.onSqlite())
      triggers.forEach((name) => this.schema.raw(`DROP TRIGGER IF EXISTS ${name}`))
    else {
      for (const name of triggers) {
        this.schema.raw(`DROP TRIGGER IF EXISTS ${name} ON notifications`)
        this.schema.raw(`DROP FUNCTION IF EXISTS ${name}()`)
      }
    }
    this.schema.dropTable('notification_count_changes')
    this.schema.dropTable('notification_counts')
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }
}
