import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { setUpSqliteConnection } from '#services/sqlite_connection'

/* Migrations and seeders live in the repository's top-level database/ folder. */
const migrations = { naturalSort: true, paths: ['../database/migrations'] }

/* The embedded database file; its folder is made on first use (a fresh clone has none). */
const sqliteFile = app.makePath(
  env.get('SQLITE_FILE', app.inTest ? 'tmp/test.sqlite3' : 'tmp/sakan.sqlite3')
)
mkdirSync(dirname(sqliteFile), { recursive: true })
const seeders = { paths: ['../database/seeders'] }
/* Query events (`db:query`) only when SAKAN_SQL_TRACE asks for them: they cost a little per query. */
const debug = Boolean(env.get('SAKAN_SQL_TRACE'))

const pgConnection = {
  connectionString: env.get(
    'DATABASE_URL',
    `postgres://postgres@127.0.0.1:5432/${app.inTest ? 'sakan_test' : 'sakan'}`
  ),
  /* A runaway statement is cancelled by the server instead of holding a connection (pg's
     own option, which Lucid's type does not list). */
  statement_timeout: env.get('DB_STATEMENT_TIMEOUT_MS', 30_000),
  /* A server that does not answer (down, or unreachable) fails the query within 1.5 s, so the
     request answers 503 instead of hanging (ARCHITECTURE.md, Faults survived). */
  connectionTimeoutMillis: env.get('DB_CONNECT_TIMEOUT_MS', 1500),
}

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  prettyPrintDebugQueries: false,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      debug,
      connection: { filename: sqliteFile },
      pool: {
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          setUpSqliteConnection(connection)
          done(null, connection)
        },
      },
      useNullAsDefault: true,
      migrations,
      seeders,
      schemaGeneration: { enabled: false },
    },
    pg: {
      client: 'pg',
      debug,
      connection: pgConnection,
      /* Per process: replicas × DB_POOL_MAX must stay under the server's max_connections. */
      pool: { min: 0, max: env.get('DB_POOL_MAX', 10) },
      migrations,
      seeders,
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
