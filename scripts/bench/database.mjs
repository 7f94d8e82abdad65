/*
 * Scratch databases: a SQLite file under api/tmp/ or a PostgreSQL database of its own,
 * migrated, seeded and filled with `catalog:generate`, and removed again at the end.
 * The developer's own databases are never touched.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { recreateDatabase } from '../lib/postgres.mjs'
import { root } from '../lib/steps.mjs'
import { onCleanup, runStep } from './processes.mjs'

export const apiDir = join(root, 'api')

function removeSqlite(file) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(apiDir, file + suffix), { force: true })
}

/**
 * Makes a scratch database holding the demo seed plus `rooms` generated rooms (fixed seed),
 * and returns `{ env, remove }`: the environment that points the API (and its ace commands)
 * at it, and a function that removes it now rather than at the end of the run.
 * `dialect` is 'sqlite' (`sqliteFile`, relative to api/) or 'pg' (`postgresUrl`).
 */
export async function scratchDatabase({ dialect, sqliteFile, postgresUrl, rooms, seed }) {
  let env
  let remove
  if (dialect === 'sqlite') {
    removeSqlite(sqliteFile)
    remove = onCleanup(`remove ${sqliteFile}`, () => removeSqlite(sqliteFile))
    env = { DB_CONNECTION: 'sqlite', SQLITE_FILE: sqliteFile }
  } else {
    if (!(await recreateDatabase(postgresUrl)))
      throw new Error(`PostgreSQL does not answer at ${new URL(postgresUrl).host}`)
    remove = onCleanup(`drop ${new URL(postgresUrl).pathname.slice(1)}`, () =>
      recreateDatabase(postgresUrl, { drop: true })
    )
    env = { DB_CONNECTION: 'pg', DATABASE_URL: postgresUrl }
  }
  /* Filling the database is not measured: development settings, quiet logs. */
  const prepare = { ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }
  await runStep(`migrate (${dialect})`, 'node', ['ace', 'migration:run', '--force'], {
    cwd: apiDir,
    env: prepare,
  })
  await runStep(`seed (${dialect})`, 'node', ['ace', 'db:seed'], { cwd: apiDir, env: prepare })
  await runStep(
    `generate ${rooms} rooms (${dialect})`,
    'node',
    ['ace', 'catalog:generate', '--rooms', String(rooms), '--seed', String(seed)],
    { cwd: apiDir, env: prepare }
  )
  return { env, remove }
}
