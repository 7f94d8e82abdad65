/*
 * `npm test`: every suite of every workspace, then one closing line `N passed, N failed`.
 *
 * The API suite runs on SQLite, then on PostgreSQL when 127.0.0.1:5432 (or DATABASE_URL)
 * answers; with SAKAN_REQUIRE_PG=1 (CI) an unreachable PostgreSQL is a failure, not a skip.
 * Exits non-zero when anything failed.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { capture, ensureInstalled, root, run } from './lib/steps.mjs'
import { EMULATOR_HOST, startAuthEmulator } from './lib/emulator.mjs'

const api = join(root, 'api')
const quiet = {
  ...process.env,
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
}
const results = []

/** Records a suite's counts; a suite that printed no counts but failed counts as one failure. */
function record(name, { passed, failed, skipped = 0 }) {
  results.push({ name, passed, failed, skipped })
}

function countsOf({ code, output }, parse) {
  const counts = parse(output)
  if (!counts) return { passed: 0, failed: 1 }
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

/* Japa: "Tests  12 passed, 1 failed, 2 skipped (15)". */
const japa = (output) => {
  const line = output.split('\n').findLast((l) => /^\s*Tests\s+\d/.test(l))
  if (!line) return null
  const n = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0)
  return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') }
}

/* node:test: "ℹ pass 12" / "ℹ fail 0" / "ℹ skipped 1". */
const nodeTest = (output) => {
  const n = (word) => Number(new RegExp(`ℹ ${word} (\\d+)`).exec(output)?.[1] ?? NaN)
  if (Number.isNaN(n('pass'))) return null
  return { passed: n('pass'), failed: n('fail'), skipped: n('skipped') || 0 }
}

/* A check with no counts of its own (lint, typecheck): one test. */
const single = (name, result) =>
  record(name, result.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 })

async function postgresUrl() {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sakan_test'
  const admin = new URL(url)
  const database = admin.pathname.slice(1)
  admin.pathname = '/postgres'
  /* Imported here: on a fresh clone, `pg` exists only after ensureInstalled(). */
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 3000,
  })
  try {
    await client.connect()
  } catch {
    return null
  }
  try {
    /* A fresh database every run: nothing left over from an interrupted one. */
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${database}"`)
    return url
  } finally {
    await client.end()
  }
}

await ensureInstalled()
await run('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })

console.log('\n▸ lint')
single(
  'lint',
  await capture('npx', ['eslint', '.', '--max-warnings', '0'], { cwd: root, env: quiet })
)
single(
  'format',
  await capture('npx', ['prettier', '--check', '.', '--log-level', 'warn'], {
    cwd: root,
    env: quiet,
  })
)

console.log('\n▸ typecheck')
single(
  'typecheck',
  await capture('npm', ['run', 'typecheck', '--workspaces', '--if-present'], {
    cwd: root,
    env: quiet,
  })
)

console.log('\n▸ common: unit tests')
record(
  'common',
  countsOf(await capture('npm', ['test', '-w', 'common'], { cwd: root, env: quiet }), nodeTest)
)

const stopEmulator = await startAuthEmulator()

console.log('\n▸ api on SQLite')
rmSync(join(api, 'tmp', 'test.sqlite3'), { force: true })
rmSync(join(api, 'tmp', 'test-storage'), { recursive: true, force: true })
record(
  'api (sqlite)',
  countsOf(
    await capture('node', ['ace', 'test'], {
      cwd: api,
      env: { ...quiet, DB_CONNECTION: 'sqlite' },
    }),
    japa
  )
)

console.log('\n▸ api on PostgreSQL')
const databaseUrl = await postgresUrl()
if (databaseUrl) {
  rmSync(join(api, 'tmp', 'test-storage'), { recursive: true, force: true })
  record(
    'api (postgres)',
    countsOf(
      await capture('node', ['ace', 'test'], {
        cwd: api,
        env: { ...quiet, DB_CONNECTION: 'pg', DATABASE_URL: databaseUrl },
      }),
      japa
    )
  )
} else if (process.env.SAKAN_REQUIRE_PG === '1') {
  console.log('PostgreSQL is required (SAKAN_REQUIRE_PG=1) but does not answer')
  record('api (postgres)', { passed: 0, failed: 1 })
} else {
  console.log(
    'SKIPPED: PostgreSQL does not answer at 127.0.0.1:5432 (set DATABASE_URL to point elsewhere)'
  )
}

await stopEmulator()

console.log('\n▸ repository checks (docker-compose, scripts)')
record(
  'repository',
  countsOf(
    await capture('node', ['--test', '--test-reporter=spec', 'scripts/tests/*.test.mjs'], {
      cwd: root,
      env: quiet,
    }),
    nodeTest
  )
)

console.log('\n── summary ──')
for (const { name, passed, failed, skipped } of results) {
  console.log(
    `${failed ? '✖' : '✔'} ${name.padEnd(16)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`
  )
}
const total = (key) => results.reduce((sum, result) => sum + result[key], 0)
console.log(`${total('passed')} passed, ${total('failed')} failed`)
process.exitCode = total('failed') > 0 ? 1 : 0
