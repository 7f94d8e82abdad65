import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The columns the back office's searches (`q`: "contains", any case) read, by table. Without
 * an index a search reads every row of its tables (100,000 users, rooms and stays in the
 * bench). SQLite keeps a trigram FTS5 table `<table>_search` over them, filled by triggers;
 * PostgreSQL a trigram GIN index over each column's lower case (pg_trgm). Both answer a
 * `LIKE '%…%'` of three or more characters from the index (services/list_search.ts).
 */
const SEARCHED = {
  users: ['full_name', 'username', 'email'],
  rooms: ['room_number'],
  tenancies: ['ejar_contract_number'],
} as const

export default class extends BaseSchema {
  async up() {
    /* The stays of a building or of the rooms a search names, newest first. */
    this.schema.alterTable('tenancies', (table) => {
      table.index(['room_id', 'id'])
    })
    if (!this.onSqlite()) this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    for (const [table, columns] of Object.entries(SEARCHED)) {
      if (this.onSqlite()) this.ftsTable(table, columns)
      else {
        for (const column of columns) {
          this.schema.raw(
            `CREATE INDEX ${table}_${column}_search ON ${table} USING gin (lower(${column}) gin_trgm_ops)`
          )
        }
      }
    }
  }

  async down() {
    for (const [table, columns] of Object.entries(SEARCHED)) {
      if (this.onSqlite()) {
        for (const event of ['insert', 'update', 'delete'])
          this.schema.raw(`DROP TRIGGER IF EXISTS ${table}_search_${event}`)
        this.schema.raw(`DROP TABLE IF EXISTS ${table}_search`)
      } else {
        for (const column of columns)
          this.schema.raw(`DROP INDEX IF EXISTS ${table}_${column}_search`)
      }
    }
    this.schema.alterTable('tenancies', (table) => {
      table.dropIndex(['room_id', 'id'])
    })
  }

  /**
   * An external-content FTS5 table over the table's columns (it stores only the index: the
   * text stays in the table), kept by triggers as SQLite's manual shows, filled once now.
   */
  private ftsTable(table: string, columns: readonly string[]) {
    const search = `${table}_search`
    const list = columns.join(', ')
    const values = (row: string) => columns.map((column) => `${row}.${column}`).join(', ')
    const add = `INSERT INTO ${search}(rowid, ${list}) VALUES (NEW.id, ${values('NEW')});`
    const remove = `INSERT INTO ${search}(${search}, rowid, ${list}) VALUES ('delete', OLD.id, ${values('OLD')});`
    this.schema.raw(
      `CREATE VIRTUAL TABLE ${search} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`
    )
    this.schema.raw(`CREATE TRIGGER ${search}_insert AFTER INSERT ON ${table} BEGIN ${add} END`)
    this.schema.raw(`CREATE TRIGGER ${search}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`)
    this.schema.raw(
      `CREATE TRIGGER ${search}_update AFTER UPDATE OF ${list} ON ${table} BEGIN ${remove} ${add} END`
    )
    this.schema.raw(`INSERT INTO ${search}(${search}) VALUES ('rebuild')`)
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }
}
