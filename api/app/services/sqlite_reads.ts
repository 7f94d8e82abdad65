/**
 * A hot read that goes straight to SQLite when nothing holds the connection.
 *
 * On SQLite the API has one connection (better-sqlite3, synchronous) in knex's pool. Through
 * knex a short read pays for the query builder's wrapping, the pool's asynchronous acquire and
 * release, and the response processing: most of what `GET /api/rooms/:id` costs besides
 * HTTP. When the pool has the connection idle (no transaction or query holds it), running a
 * read statement on it here is the same as knex would do: nothing else can use the connection
 * between the check and the end of the statement, since the statement runs to its end
 * synchronously on this thread. Otherwise — the connection in use, PostgreSQL, or SQL traced
 * for the benchmark (SAKAN_SQL_TRACE, whose events come from knex) — the read goes through
 * knex as any other. Same SQL, same prepared statement (sqlite_connection.ts keeps them), same
 * rows.
 */
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'

interface Statement {
  reader: boolean
  all(bindings: unknown[]): unknown[]
}

interface Pool {
  numUsed(): number
  numFree(): number
  free: Array<{ resource: { prepare(sql: string): Statement } }>
}

const traced = Boolean(env.get('SAKAN_SQL_TRACE'))

/** The SQLite connection, when the pool holds it idle. */
function idleConnection() {
  if (traced) return undefined
  const managed = db.manager.get(db.primaryConnectionName)
  const connection = managed?.connection
  if (!connection || connection.dialectName !== 'better-sqlite3') return undefined
  const pool = connection.pool as unknown as Pool | null
  if (!pool || pool.numUsed() !== 0 || pool.numFree() !== 1) return undefined
  return pool.free[0]?.resource
}

/* Bindings as knex's better-sqlite3 client passes them: dates as times, booleans as 0/1. */
function sqliteBinding(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf()
  if (typeof value === 'boolean') return Number(value)
  return value
}

/** The rows of a read-only statement (`?` placeholders), on whichever database is in use. */
export async function readRows<Row>(sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  const connection = idleConnection()
  if (connection) {
    const statement = connection.prepare(sql)
    if (statement.reader) return statement.all(bindings.map(sqliteBinding)) as Row[]
  }
  /* A copy: the bindings may be a kept statement's (room_catalog.ts). */
  const result = await db.rawQuery(sql, [...bindings])
  return (Array.isArray(result) ? result : result.rows) as Row[]
}
