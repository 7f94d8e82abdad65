/**
 * What every SQLite connection of the API gets when it opens (config/database.ts); the
 * benchmark's bare replay of the API's SQL (scripts/bench/bare-server.mjs) opens its
 * connection through this too, so both run the same SQL the same way.
 */

/** The part of a better-sqlite3 connection this module uses. */
interface SqliteConnection {
  pragma(source: string): unknown
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): void
  prepare(source: string): SqliteStatement
}

interface SqliteStatement {
  safeIntegers(toggle?: boolean): SqliteStatement
}

/** How many prepared statements a connection keeps (the API runs a few dozen distinct ones). */
const STATEMENTS_KEPT = 200

export function setUpSqliteConnection(connection: SqliteConnection) {
  /* SQLite enforces foreign keys only when asked, per connection. */
  connection.pragma('foreign_keys = ON')
  connection.pragma('journal_mode = WAL')
  connection.pragma('busy_timeout = 5000')
  registerSqliteFunctions(connection)
  reusePreparedStatements(connection)
}

/**
 * `js_number(x)`: a number's text exactly as JavaScript writes it. SQLite's own conversions
 * stop at 18 significant digits and round twice, so a double that needs 17 digits can come
 * out one unit off in the last one (46.745304161356764 for JavaScript's 46.74530416135676);
 * coordinates are such doubles. sql_json.ts uses it for floats, which JSON must show as the
 * API always did.
 */
function registerSqliteFunctions(connection: SqliteConnection) {
  connection.function('js_number', { deterministic: true }, (value) =>
    value === null || value === undefined ? null : String(Number(value))
  )
}

/**
 * knex prepares every query anew, and preparing is most of what a short query costs SQLite
 * (a third of the CPU of `GET /api/rooms/:id`). The connection keeps its last
 * `STATEMENTS_KEPT` statements by their SQL instead. A kept statement is safe to run again:
 * better-sqlite3 runs it to the end synchronously (knex only calls `all` and `run`), binds
 * anew on each run, and SQLite re-prepares it by itself when the schema changed.
 */
function reusePreparedStatements(connection: SqliteConnection) {
  const prepare = connection.prepare.bind(connection)
  const kept = new Map<string, SqliteStatement>()
  connection.prepare = (source) => {
    const statement = kept.get(source)
    if (statement) {
      /* Most recently used last; and integers as numbers unless this query asks otherwise. */
      kept.delete(source)
      kept.set(source, statement)
      return statement.safeIntegers(false)
    }
    const fresh = prepare(source)
    kept.set(source, fresh)
    if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!)
    return fresh
  }
}
