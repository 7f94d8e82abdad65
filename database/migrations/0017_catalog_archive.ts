import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  PG_VERSION,
  ROOMS_COUNTED,
  SQLITE_ROOMS_TRIGGERS,
  SQLITE_VERSION,
} from './0016_catalog_state.js'

/**
 * Archiving: a building or room with history (applications, payments) is never
 * deleted; `archived_at` hides it from the public and keeps it for the records. Archiving a
 * building archives its rooms in the same transaction, so "public" is one predicate on
 * `rooms` (`archived_at IS NULL`), with no join.
 *
 * `catalog_state.rooms_total` now counts public rooms only, and reviews change the version
 * too (the home page shows them), so every page built from the catalogue can be validated
 * against one number.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('buildings', (table) => {
      table.timestamp('archived_at', { useTz: true }).nullable()
    })
    this.schema.alterTable('rooms', (table) => {
      table.timestamp('archived_at', { useTz: true }).nullable()
      table.index(['archived_at'])
    })

    if (this.onSqlite()) {
      for (const event of ['insert', 'update', 'delete']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS catalog_rooms_${event}`)
      }
      const set = (delta: string) =>
        `UPDATE catalog_state SET rooms_total = rooms_total + (${delta}), version = ${SQLITE_VERSION} WHERE id = 1;`
      this.schema.raw(
        `CREATE TRIGGER catalog_rooms_insert AFTER INSERT ON rooms BEGIN ${set('NEW.archived_at IS NULL')} END`
      )
      this.schema.raw(
        `CREATE TRIGGER catalog_rooms_delete AFTER DELETE ON rooms BEGIN ${set('-(OLD.archived_at IS NULL)')} END`
      )
      this.schema.raw(
        `CREATE TRIGGER catalog_rooms_update AFTER UPDATE ON rooms BEGIN ${set('(NEW.archived_at IS NULL) - (OLD.archived_at IS NULL)')} END`
      )
      for (const event of ['insert', 'update', 'delete']) {
        this.schema.raw(
          `CREATE TRIGGER catalog_reviews_${event} AFTER ${event.toUpperCase()} ON reviews BEGIN UPDATE catalog_state SET version = ${SQLITE_VERSION} WHERE id = 1; END`
        )
      }
    } else {
      this.schema.raw(`
        CREATE OR REPLACE FUNCTION catalog_rooms_counted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            UPDATE catalog_state SET rooms_total = rooms_total
              + (SELECT count(*) FROM changed_rows WHERE archived_at IS NULL),
              version = ${PG_VERSION} WHERE id = 1;
          ELSIF TG_OP = 'DELETE' THEN
            UPDATE catalog_state SET rooms_total = rooms_total
              - (SELECT count(*) FROM changed_rows WHERE archived_at IS NULL),
              version = ${PG_VERSION} WHERE id = 1;
          ELSE
            UPDATE catalog_state SET rooms_total = (SELECT count(*) FROM rooms WHERE archived_at IS NULL),
              version = ${PG_VERSION} WHERE id = 1;
          END IF;
          RETURN NULL;
        END $$`)
      /* An update may archive or restore rooms: recount (statement level, once per statement). */
      this.schema.raw('DROP TRIGGER IF EXISTS catalog_rooms_update ON rooms')
      this.schema.raw(
        `CREATE TRIGGER catalog_rooms_update AFTER UPDATE ON rooms FOR EACH STATEMENT EXECUTE FUNCTION catalog_rooms_counted()`
      )
      this.schema.raw(
        `CREATE TRIGGER catalog_reviews_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION catalog_touched()`
      )
    }
  }

  async down() {
    if (this.onSqlite()) {
      /* Native DROP COLUMN keeps the tables' other triggers; the ones naming the column go first. */
      for (const event of ['insert', 'update', 'delete']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS catalog_reviews_${event}`)
        this.schema.raw(`DROP TRIGGER IF EXISTS catalog_rooms_${event}`)
      }
      this.schema.raw('DROP INDEX IF EXISTS rooms_archived_at_index')
      this.schema.raw('ALTER TABLE rooms DROP COLUMN archived_at')
      this.schema.raw('ALTER TABLE buildings DROP COLUMN archived_at')
      for (const trigger of SQLITE_ROOMS_TRIGGERS) this.schema.raw(trigger)
      return
    }
    this.schema.raw('DROP TRIGGER IF EXISTS catalog_reviews_changed ON reviews')
    this.schema.raw('DROP TRIGGER IF EXISTS catalog_rooms_update ON rooms')
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION ${ROOMS_COUNTED}`)
    this.schema.raw(
      `CREATE TRIGGER catalog_rooms_update AFTER UPDATE ON rooms FOR EACH STATEMENT EXECUTE FUNCTION catalog_touched()`
    )
    this.schema.alterTable('rooms', (table) => {
      table.dropIndex(['archived_at'])
      table.dropColumn('archived_at')
    })
    this.schema.alterTable('buildings', (table) => {
      table.dropColumn('archived_at')
    })
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }
}
