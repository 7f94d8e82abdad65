import { BaseSchema } from '@adonisjs/lucid/schema'
import { PAGE_CHANGE_SUBJECTS } from '@sakan/common'

/* Milliseconds since the epoch, as the database's own clock reads them. */
const SQLITE_NOW_MS = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
const PG_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint'

/** The tables whose rows belong to one room (`room_id`) or one building (`building_id`). */
const ROOM_PARTS = ['room_features', 'room_photos']
const BUILDING_PARTS = ['building_amenities']

/*
 * How far a room's update reaches (`reach`): 2 when it enters or leaves the public catalogue
 * (archived, restored; its date orders the sitemap), 1 when it may enter or leave a list (the
 * listings' default view of available rooms, the home page's featured rooms), else 0 (its own
 * page, and the lists that already show it).
 */
const roomReach = (distinct: string) =>
  `CASE WHEN (OLD.archived_at ${distinct} NEW.archived_at) OR OLD.created_at <> NEW.created_at THEN 2 ` +
  'WHEN OLD.availability <> NEW.availability OR OLD.building_id <> NEW.building_id THEN 1 ELSE 0 END'
const ROOM_REACH_SQLITE = roomReach('IS NOT')
const ROOM_REACH_PG = roomReach('IS DISTINCT FROM')

/**
 * `page_changes`: the change log the public page cache follows
 * (api/app/server/page_changes.ts). Triggers write one row for every write to a room, its
 * features and photos, a building and its amenities, or a review, whichever process or replica
 * writes, in the writing transaction: a page is regenerated only once the change it shows is
 * committed, and a change rolled back leaves no row. `reach` says how far a change goes:
 * 0 the room's own pages (and the lists already showing it), 1 the lists it may enter or leave
 * (availability, building, a building's "fully managed"), 2 the public catalogue itself (a
 * room created, deleted, archived or restored: the sitemap too), so pages that list rooms are
 * regenerated only when they must be.
 * `created_ms` is the database's clock: readers look back a little by it, since ids are
 * given out before commit and may become visible out of order on PostgreSQL.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('page_changes', (table) => {
      table.bigIncrements('id')
      table.enum('subject', PAGE_CHANGE_SUBJECTS).notNullable()
      table.integer('subject_id').nullable()
      table.smallint('reach').notNullable()
      table.bigint('created_ms').notNullable()
      table.index(['created_ms'])
    })

    if (this.db.dialect.name.includes('sqlite')) {
      const log = (subject: string, id: string, reach: string) =>
        `INSERT INTO page_changes (subject, subject_id, reach, created_ms) VALUES ('${subject}', ${id}, ${reach}, ${SQLITE_NOW_MS});`
      const trigger = (name: string, event: string, table: string, body: string) =>
        this.schema.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN ${body} END`)
      trigger('page_rooms_insert', 'INSERT', 'rooms', log('room', 'NEW.id', '2'))
      trigger('page_rooms_delete', 'DELETE', 'rooms', log('room', 'OLD.id', '2'))
      trigger(
        'page_rooms_update',
        'UPDATE',
        'rooms',
        log('room', 'NEW.id', `(${ROOM_REACH_SQLITE})`)
      )
      trigger('page_buildings_insert', 'INSERT', 'buildings', log('building', 'NEW.id', '0'))
      trigger('page_buildings_delete', 'DELETE', 'buildings', log('building', 'OLD.id', '0'))
      trigger(
        'page_buildings_update',
        'UPDATE',
        'buildings',
        log(
          'building',
          'NEW.id',
          '(CASE WHEN OLD.is_fully_managed <> NEW.is_fully_managed THEN 1 ELSE 0 END)'
        )
      )
      for (const event of ['insert', 'update', 'delete']) {
        const row = event === 'delete' ? 'OLD' : 'NEW'
        for (const table of ROOM_PARTS)
          trigger(`page_${table}_${event}`, event, table, log('room', `${row}.room_id`, '0'))
        for (const table of BUILDING_PARTS)
          trigger(
            `page_${table}_${event}`,
            event,
            table,
            log('building', `${row}.building_id`, '0')
          )
        trigger(`page_reviews_${event}`, event, 'reviews', log('reviews', 'NULL', '0'))
      }
      return
    }

    const insert = (subject: string, id: string, reach: string) =>
      `INSERT INTO page_changes (subject, subject_id, reach, created_ms) VALUES ('${subject}', ${id}, ${reach}, ${PG_NOW_MS});`
    this.schema.raw(`
      CREATE FUNCTION page_changed_room() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${insert('room', 'NEW.id', '2')}
        ELSIF TG_OP = 'DELETE' THEN ${insert('room', 'OLD.id', '2')}
        ELSE ${insert('room', 'NEW.id', `(${ROOM_REACH_PG})`)}
        END IF;
        RETURN NULL;
      END $$`)
    this.schema.raw(`
      CREATE FUNCTION page_changed_building() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN ${insert('building', 'NEW.id', '(CASE WHEN OLD.is_fully_managed <> NEW.is_fully_managed THEN 1 ELSE 0 END)')}
        ELSIF TG_OP = 'DELETE' THEN ${insert('building', 'OLD.id', '0')}
        ELSE ${insert('building', 'NEW.id', '0')}
        END IF;
        RETURN NULL;
      END $$`)
    for (const [subject, column] of [
      ['room', 'room_id'],
      ['building', 'building_id'],
    ]) {
      this.schema.raw(`
        CREATE FUNCTION page_changed_${subject}_part() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN ${insert(subject, `OLD.${column}`, '0')}
          ELSE ${insert(subject, `NEW.${column}`, '0')}
          END IF;
          RETURN NULL;
        END $$`)
    }
    this.schema.raw(`
      CREATE FUNCTION page_changed_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${insert('reviews', 'NULL', '0')}
        RETURN NULL;
      END $$`)
    const each = (table: string, fn: string, events = 'INSERT OR UPDATE OR DELETE') =>
      this.schema.raw(
        `CREATE TRIGGER page_${table}_changed AFTER ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`
      )
    each('rooms', 'page_changed_room')
    each('buildings', 'page_changed_building')
    for (const table of ROOM_PARTS) each(table, 'page_changed_room_part')
    for (const table of BUILDING_PARTS) each(table, 'page_changed_building_part')
    /* A review batch is one change for the pages: once per statement. */
    this.schema.raw(
      `CREATE TRIGGER page_reviews_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION page_changed_reviews()`
    )
  }

  async down() {
    const tables = ['rooms', 'buildings', ...ROOM_PARTS, ...BUILDING_PARTS, 'reviews']
    if (this.db.dialect.name.includes('sqlite')) {
      for (const table of tables) {
        for (const event of ['insert', 'update', 'delete'])
          this.schema.raw(`DROP TRIGGER IF EXISTS page_${table}_${event}`)
      }
    } else {
      for (const table of tables)
        this.schema.raw(`DROP TRIGGER IF EXISTS page_${table}_changed ON ${table}`)
      for (const fn of ['room', 'building', 'room_part', 'building_part', 'reviews'])
        this.schema.raw(`DROP FUNCTION IF EXISTS page_changed_${fn}()`)
    }
    this.schema.dropTable('page_changes')
  }
}
