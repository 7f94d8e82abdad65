/*
 * The bare baseline: node:http plus the API's own database driver (better-sqlite3 or pg),
 * answering the benchmark's URLs by replaying exactly the SQL the API ran for each of them
 * (recorded through SAKAN_SQL_TRACE, see trace.mjs) and building the body by the API's
 * contract: the statement whose rows have a `json` column gives it — a list is
 * `'[' + rows.map((r) => r.json).join(',') + ']'`, a room's page is its one row's `json`.
 * /api/health answers the API's health body after its `select 1` and its storage lookup (a
 * `stat` of a key that need not exist, as Drive's local disk does it), done at most once a
 * second like the API's (HealthController keeps its parts' states for up to a second, so its
 * warm requests run no SQL: the first request's statements are the ones replayed).
 *
 *   node scripts/bench/bare-server.mjs <plan.json>
 *
 * The plan: { dialect: 'sqlite' | 'pg', sqliteFile, postgresUrl, cases: [{ path, kind:
 * 'list' | 'object' | 'health', warm: [statement], cold: [statement], traced, headers }] } with
 * a statement `{ sql, bindings }` as the trace wrote it. A case's optional `headers` are the
 * API's own response headers for it, sent with every answer instead of the bare two
 * (Content-Type, Content-Length), an `x-request-id` among them made afresh for each request
 * as the API makes it: the framework's cost is then measured against the same bytes on the wire. Prints one JSON line once listening:
 * { port, cases: { [path]: { statements (a count), sql (the statements), source, problem } } }.
 *
 * Each request does what the API's driver calls do, no more and no less: SQLite statements go
 * through the API's own connection set-up (prepared once, kept and reused by their SQL),
 * PostgreSQL queries through a pool of the API's size (10) as unnamed parameterised statements.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'

/** The API's health body, query and storage lookup (HealthController.show, local disk, no Redis). */
export const HEALTH_BODY = '{"status":"ok","checks":{"database":"ok","storage":"ok"}}'
const HEALTH_QUERY = { sql: 'select 1', bindings: [] }
const HEALTH_PROBE = new URL('../../api/storage/documents/health/probe', import.meta.url)

/**
 * What knex sends PostgreSQL for a `?` query: each `?` becomes `$1`, `$2`, …, except one
 * preceded by an odd number of backslashes (an escaped `\?`), which becomes a plain `?`.
 */
export function toPositional(sql) {
  let count = 0
  return sql.replace(/(\\*)\?/g, (_match, escapes) => (escapes.length % 2 ? '?' : `$${++count}`))
}

/** knex's better-sqlite3 client binds booleans as 0/1 (SQLite has no boolean type). */
function sqliteBindings(bindings = []) {
  return bindings.map((value) => (typeof value === 'boolean' ? Number(value) : value))
}

async function sqliteDriver(file) {
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(file)
  /* The API's connection set-up: pragmas, js_number() for doubles, prepared statements kept. */
  const { setUpSqliteConnection } = await import('@sakan/api/sqlite-connection')
  setUpSqliteConnection(db)
  return {
    async execute({ sql, bindings }) {
      const statement = db.prepare(sql)
      if (!statement.reader) {
        statement.run(sqliteBindings(bindings))
        return { rows: [], columns: [] }
      }
      return {
        rows: statement.all(sqliteBindings(bindings)),
        columns: statement.columns().map((column) => column.name),
      }
    },
    close: async () => db.close(),
  }
}

async function postgresDriver(url) {
  const { default: pg } = await import('pg')
  /* The `json` column is taken as the text the database wrote, never parsed and re-written. */
  const raw = new Set([114 /* json */, 3802 /* jsonb */])
  const types = {
    getTypeParser: (oid, format) =>
      raw.has(oid) ? (value) => value : pg.types.getTypeParser(oid, format),
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, types })
  return {
    async execute({ sql, bindings }) {
      const result = await pool.query({ text: toPositional(sql), values: bindings ?? [] })
      return { rows: result.rows ?? [], columns: (result.fields ?? []).map((field) => field.name) }
    },
    close: () => pool.end(),
  }
}

/* A request id of the API's kind: a random prefix for the process and a counter. */
const REQUEST_ID_PREFIX = randomBytes(6).toString('base64url')
let requests = 0
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requests).toString(36)}`

/* How long the health check's answer is kept, as the API's HealthController keeps it. */
const HEALTH_CACHE_MS = 1000
let health

/** The health check's answer, asked at most once a second whatever the load. */
function healthAnswer(driver, statements) {
  const now = Date.now()
  if (!health || now - health.at >= HEALTH_CACHE_MS)
    health = { at: now, body: answer(driver, 'health', statements) }
  return health.body
}

/** Runs a case's statements in order and builds its body; throws when the contract is not met. */
export async function answer(driver, kind, statements) {
  let source
  for (const statement of statements) {
    const result = await driver.execute(statement)
    if (source === undefined && result.columns.includes('json')) source = result
  }
  if (kind === 'health') {
    await stat(HEALTH_PROBE).catch(() => null)
    return HEALTH_BODY
  }
  if (!source) throw new Error('no statement returned a `json` column')
  if (kind === 'list') return `[${source.rows.map((row) => row.json).join(',')}]`
  if (source.rows.length !== 1) throw new Error(`expected one row, got ${source.rows.length}`)
  return String(source.rows[0].json)
}

/**
 * Chooses each case's statements: those of the API's warm (second) request, or those of its
 * first when the warm one alone cannot build the body (say, an in-process cache answered).
 */
async function resolveCases(driver, cases) {
  const resolved = new Map()
  for (const { path, kind, warm = [], cold = [], traced = true, headers } of cases) {
    const candidates = [
      ['warm request', warm],
      ['first request', cold],
    ]
    /* The health check's work is its first request's: the warm ones answer from its cache. */
    if (kind === 'health') candidates.reverse()
    let chosen = { statements: null, source: null, problem: null }
    if (kind === 'health' && !traced) {
      /* No trace to replay: the health check's documented query. */
      chosen = { statements: [HEALTH_QUERY], source: 'health contract', problem: null }
    } else if (!traced) {
      chosen.problem = 'the API recorded no SQL for it (no SAKAN_SQL_TRACE support)'
    } else {
      const problems = []
      for (const [source, statements] of candidates) {
        if (statements.length === 0 && kind !== 'health') continue
        try {
          await answer(driver, kind, statements)
          chosen = { statements, source, problem: null }
          break
        } catch (error) {
          problems.push(`${source}: ${error.message}`)
        }
      }
      if (!chosen.statements) chosen.problem = problems.join('; ') || 'no SQL recorded for it'
      /* Both traced requests answered from the API's cache: its documented query. */
      if (kind === 'health' && chosen.statements?.length === 0)
        chosen = { statements: [HEALTH_QUERY], source: 'health contract', problem: null }
    }
    resolved.set(path, { kind, headers, ...chosen })
  }
  return resolved
}

async function main() {
  const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'))
  const driver =
    plan.dialect === 'pg'
      ? await postgresDriver(plan.postgresUrl)
      : await sqliteDriver(plan.sqliteFile)
  const cases = await resolveCases(driver, plan.cases)

  const server = createServer(async (request, response) => {
    const entry = cases.get(request.url)
    let status = 200
    let body
    if (!entry) {
      status = 404
      body = '{"message":"not a benchmark URL"}'
    } else if (!entry.statements) {
      status = 501
      body = JSON.stringify({ message: entry.problem })
    } else {
      try {
        body = await (entry.kind === 'health'
          ? healthAnswer(driver, entry.statements)
          : answer(driver, entry.kind, entry.statements))
      } catch (error) {
        status = 500
        body = JSON.stringify({ message: error.message })
      }
    }
    if (status === 200 && entry.headers) {
      const headers = { ...entry.headers, 'content-length': Buffer.byteLength(body) }
      if ('x-request-id' in headers) headers['x-request-id'] = nextRequestId()
      response.writeHead(status, headers)
    } else {
      response.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      })
    }
    response.end(body)
  })
  server.keepAliveTimeout = 65_000
  server.listen(0, '127.0.0.1', () => {
    const summary = {}
    for (const [path, entry] of cases)
      summary[path] = {
        statements: entry.statements?.length ?? 0,
        sql: entry.statements ?? [],
        source: entry.source,
        problem: entry.problem,
      }
    console.log(JSON.stringify({ port: server.address().port, cases: summary }))
  })
  const stop = () => server.close(() => driver.close().finally(() => process.exit(0)))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
