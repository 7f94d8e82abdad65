/*
 * What migrations share: column blocks, index lists, SQLite's rebuild of a table. Each
 * helper issues the statements the migrations spelled out before, in the same order, so a
 * migration already applied keeps its schema. Not under migrations/: Lucid would run any
 * file there as a migration.
 */
import type { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** A required reference to another table's row, never deleted from under it unless `onDelete` says. */
export function reference(
  table: Knex.CreateTableBuilder,
  column: string,
  target: string,
  onDelete: 'RESTRICT' | 'CASCADE' = 'RESTRICT'
) {
  return table.integer(column).unsigned().notNullable().references(target).onDelete(onDelete)
}

/**
 * A record's list of values, one row each (a building's amenities, a room's features): each
 * value checked, and "has all of these" an indexed lookup. Deleting the record deletes them.
 */
export function valueList(
  table: Knex.CreateTableBuilder,
  owner: string,
  target: string,
  column: string,
  values: readonly string[]
) {
  reference(table, owner, target, 'CASCADE')
  table.enum(column, values).notNullable()
  table.primary([owner, column])
  table.index([column, owner])
}

/** A resident's record about one room: `user_id`, `room_id`. */
export function residentRoom(table: Knex.CreateTableBuilder) {
  reference(table, 'user_id', 'users.id')
  return reference(table, 'room_id', 'rooms.id')
}

/** A resident's record about one room of one application: `user_id`, `room_id`, `application_id`. */
export function residentRoomApplication(table: Knex.CreateTableBuilder) {
  residentRoom(table)
  return reference(table, 'application_id', 'applications.id')
}

/** Indexes by table: each index's columns, in order. */
export type Indexes = Record<string, string[][]>

/** Adds the indexes, table by table. */
export function addIndexes(migration: BaseSchema, indexes: Indexes) {
  for (const [name, list] of Object.entries(indexes)) {
    migration.schema.alterTable(name, (table) => {
      for (const columns of list) table.index(columns)
    })
  }
}

/** Drops the indexes `addIndexes` added, the last added first. */
export function dropIndexes(migration: BaseSchema, indexes: Indexes) {
  for (const [name, list] of Object.entries(indexes).reverse()) {
    migration.schema.alterTable(name, (table) => {
      for (const columns of [...list].reverse()) table.dropIndex(columns)
    })
  }
}

/**
 * SQLite cannot alter a table's CHECK, so the table is rebuilt: the old one set aside (its
 * indexes dropped, their names being global), `create` making the new one and its indexes,
 * the rows copied (`columns`, as they are), the old table dropped. Nothing may reference the
 * table, so foreign keys stay on.
 */
export function rebuildOnSqlite(
  migration: BaseSchema,
  table: string,
  columns: string,
  create: () => void
) {
  migration.schema.renameTable(table, `${table}_old`)
  migration.defer(async (db) => {
    const indexes = await db.rawQuery(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '${table}_old' AND sql IS NOT NULL`
    )
    for (const { name } of indexes as { name: string }[]) await db.rawQuery(`DROP INDEX "${name}"`)
  })
  create()
  migration.schema.raw(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${table}_old`)
  migration.schema.dropTable(`${table}_old`)
}

/**
 * SQLite cannot alter a CHECK or a NOT NULL in place: the table is written anew from its own
 * definition as `sqlite_master` holds it, changed by `edit`, in SQLite's own procedure for a
 * table others reference (<https://sqlite.org/lang_altertable.html#otheralter>): foreign keys
 * off (so dropping the old table deletes nothing that references it, and the references stay
 * by name), the new table filled and renamed over the old, the old one's indexes and triggers
 * made again from their own SQL, then `PRAGMA foreign_key_check`, in one transaction.
 * Run from a migration's `defer` with `static disableTransactions = true` (a pragma does nothing
 * inside a transaction).
 */
export async function rewriteSqliteTable(
  db: QueryClientContract,
  table: string,
  edit: (sql: string) => string
) {
  type Entry = { type: string; name: string; sql: string }
  const entries: Entry[] = await db.rawQuery(
    'SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY rowid',
    [table]
  )
  const definition = entries.find((entry) => entry.type === 'table')
  if (!definition) throw new Error(`rewriteSqliteTable: no table ${table}`)
  const scratch = `${table}_rewritten`
  const created = edit(definition.sql).replace(
    /^CREATE TABLE\s+[`"]?\w+[`"]?/i,
    `CREATE TABLE "${scratch}"`
  )
  const columns: { name: string }[] = await db.rawQuery(`PRAGMA table_info("${table}")`)
  const list = columns.map((column) => `"${column.name}"`).join(', ')
  await db.rawQuery('PRAGMA foreign_keys = OFF')
  await db.rawQuery('PRAGMA legacy_alter_table = ON')
  try {
    await db.transaction(async (trx) => {
      await trx.rawQuery(created)
      await trx.rawQuery(`INSERT INTO "${scratch}" (${list}) SELECT ${list} FROM "${table}"`)
      await trx.rawQuery(`DROP TABLE "${table}"`)
      await trx.rawQuery(`ALTER TABLE "${scratch}" RENAME TO "${table}"`)
      for (const entry of entries) if (entry.type !== 'table') await trx.rawQuery(entry.sql)
      const broken: unknown[] = await trx.rawQuery('PRAGMA foreign_key_check')
      if (broken.length > 0) throw new Error(`rewriteSqliteTable: ${table} breaks a reference`)
    })
  } finally {
    await db.rawQuery('PRAGMA legacy_alter_table = OFF')
    await db.rawQuery('PRAGMA foreign_keys = ON')
  }
}
