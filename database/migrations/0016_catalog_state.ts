import { BaseSchema } from '@adonisjs/lucid/schema'

/** The tables a listing reads besides `rooms`: a write to any changes the catalogue's version. */
const CATALOG_TABLES = ['buildings', 'building_amenities', 'room_features', 'room_photos']

/*
 * A new version: random rather than incremented, so a rolled-back write can never bring back
 * a version some process cached a count at (within 2^53, what JavaScript reads exactly).
 */
export const SQLITE_VERSION = 'abs(random() % 9007199254740991)'
export const PG_VERSION = 'floor(random() * 9007199254740991)::bigint'

/** SQLite: the catalogue's new version. */
const BUMP = `UPDATE catalog_state SET version = ${SQLITE_VERSION} WHERE id = 1;`

/**
 * SQLite: the triggers on `rooms` as this migration makes them, every room counted and every
 * write a new version (0017 counts public rooms only; its down makes these again).
 */
export const SQLITE_ROOMS_TRIGGERS = [
  `CREATE TRIGGER catalog_rooms_insert AFTER INSERT ON rooms BEGIN UPDATE catalog_state SET rooms_total = rooms_total + 1, version = ${SQLITE_VERSION} WHERE id = 1; END`,
  `CREATE TRIGGER catalog_rooms_delete AFTER DELETE ON rooms BEGIN UPDATE catalog_state SET rooms_total = rooms_total - 1, version = ${SQLITE_VERSION} WHERE id = 1; END`,
  `CREATE TRIGGER catalog_rooms_update AFTER UPDATE ON rooms BEGIN ${BUMP} END`,
]

/** PostgreSQL: `catalog_rooms_counted()` as this migration defines it (0017's down, again). */
export const ROOMS_COUNTED = `catalog_rooms_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE catalog_state SET rooms_total = rooms_total + (SELECT count(*) FROM changed_rows),
            version = ${PG_VERSION} WHERE id = 1;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE catalog_state SET rooms_total = rooms_total - (SELECT count(*) FROM changed_rows),
            version = ${PG_VERSION} WHERE id = 1;
        ELSE
          UPDATE catalog_state SET rooms_total = (SELECT count(*) FROM rooms),
            version = ${PG_VERSION} WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`

/**
 * `catalog_state`, one row kept by triggers: how many rooms there are (the unfiltered
 * listing's X-Total-Count without a count) and a version that changes with every write to
 * rooms, buildings, their amenities, features and photos, whichever process writes. The
 * API caches filtered counts per version (services/room_catalog.ts). SQLite has row
 * triggers only; PostgreSQL gets statement triggers with transition tables, so a batch
 * insert updates the row once, not once per room.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('catalog_state', (table) => {
      table.integer('id').primary()
      table.bigint('rooms_total').notNullable()
      table.bigint('version').notNullable()
      table.check('id = 1', [], 'catalog_state_one_row')
    })
    this.defer(async (db) => {
      const [row] = await db.from('rooms').count('* as total')
      await db.table('catalog_state').insert({ id: 1, rooms_total: Number(row.total), version: 1 })
    })
    if (this.onSqlite()) {
      for (const trigger of SQLITE_ROOMS_TRIGGERS) this.schema.raw(trigger)
      for (const table of CATALOG_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          this.schema.raw(
            `CREATE TRIGGER catalog_${table}_${event} AFTER ${event.toUpperCase()} ON ${table} BEGIN ${BUMP} END`
          )
        }
      }
      return
    }
    this.schema.raw(`
      CREATE FUNCTION ${ROOMS_COUNTED}`)
    this.schema.raw(`
      CREATE FUNCTION catalog_touched() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalog_state SET version = ${PG_VERSION} WHERE id = 1;
        RETURN NULL;
      END $$`)
    this.schema.raw(
      `CREATE TRIGGER catalog_rooms_insert AFTER INSERT ON rooms REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_rooms_counted()`
    )
    this.schema.raw(
      `CREATE TRIGGER catalog_rooms_delete AFTER DELETE ON rooms REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_rooms_counted()`
    )
    /* TRUNCATE has no transition table: the recount branch. */
    this.schema.raw(
      `CREATE TRIGGER catalog_rooms_truncate AFTER TRUNCATE ON rooms FOR EACH STATEMENT EXECUTE FUNCTION catalog_rooms_counted()`
    )
    this.schema.raw(
      `CREATE TRIGGER catalog_rooms_update AFTER UPDATE ON rooms FOR EACH STATEMENT EXECUTE FUNCTION catalog_touched()`
    )
    for (const table of CATALOG_TABLES) {
      this.schema.raw(
        `CREATE TRIGGER catalog_${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION catalog_touched()`
      )
    }
  }

  async down() {
    if (this.onSqlite()) {
      for (const table of ['rooms', ...CATALOG_TABLES]) {
        for (const event of ['insert', 'update', 'delete']) {
          this.schema.raw(`DROP TRIGGER IF EXISTS catalog_${table}_${event}`)
        }
      }
    } else {
      for (const name of ['insert', 'delete', 'truncate', 'update']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS catalog_rooms_${name} ON rooms`)
      }
      for (const table of CATALOG_TABLES) {
        this.schema.raw(`DROP TRIGGER IF EXISTS catalog_${table}_changed ON ${table}`)
      }
      this.schema.raw('DROP FUNCTION IF EXISTS catalog_rooms_counted()')
      this.schema.raw('DROP FUNCTION IF EXISTS catalog_touched()')
    }
    this.schema.dropTable('catalog_state')
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }
}
