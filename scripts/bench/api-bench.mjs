/*
 * Section 1: the API beside a bare node:http server running the API's own SQL, on one
 * database (SQLite or PostgreSQL) filled with the benchmark's rooms.
 */
import { startApi } from './api-server.mjs'
import { startBare } from './bare.mjs'
import { scratchDatabase } from './database.mjs'
import { compareCase } from './load.mjs'
import { LOAD_CORE, PINNED, SERVER_CORE, peakRssMb, pinSelf } from './processes.mjs'
import { recordStatements } from './trace.mjs'

/** The filtered listing of the home page's quick search. */
export const FILTERED_QUERY =
  'location=north&priceMin=1000&priceMax=2000&amenities=wifi&availability=true'

/** The four URLs measured, given the API's URL (to find a room that exists). */
async function benchmarkCases(apiUrl) {
  const response = await fetch(`${apiUrl}/api/rooms?_start=0&_end=1`)
  const [room] = await response.json()
  if (!room?.id) throw new Error('the scratch catalogue has no room')
  return [
    { name: 'default listing', path: '/api/rooms', kind: 'list' },
    { name: 'filtered listing', path: `/api/rooms?${FILTERED_QUERY}`, kind: 'list' },
    { name: "a room's page", path: `/api/rooms/${room.id}`, kind: 'object' },
    { name: 'health', path: '/api/health', kind: 'health' },
  ]
}

async function bodyOf(url) {
  const response = await fetch(url)
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Whether both servers answer the case with the same status and the same bytes. */
async function sameBody(apiUrl, bareUrl, path) {
  const [api, bare] = await Promise.all([bodyOf(apiUrl + path), bodyOf(bareUrl + path)])
  if (api.status !== bare.status)
    return { identical: false, why: `HTTP ${api.status} (API) vs ${bare.status} (bare)` }
  if (!api.bytes.equals(bare.bytes)) {
    let at = 0
    while (at < api.bytes.length && api.bytes[at] === bare.bytes[at]) at++
    return {
      identical: false,
      why: `${api.bytes.length} vs ${bare.bytes.length} bytes, first difference at byte ${at}`,
    }
  }
  return { identical: true, bytes: api.bytes.length }
}

/* Headers of one response, not of the answer: the server writes its own. */
const PER_RESPONSE = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']

/**
 * The API's response headers for `path`, asked as autocannon asks (no compression), for the
 * bare server to send the same: what the framework costs is then measured on the same bytes.
 */
async function apiHeaders(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
  await response.arrayBuffer()
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_RESPONSE.includes(name)))
}

/**
 * Runs the section on one database. Returns `{ dialect, traceSupported, pinned, cases: [{ name,
 * path, body, statements, sameHeaders, source, problem, api, bare }], peakRssMb }`, each side's
 * figures with its CPU µs per request (`cpuUsPerRequest`; `pinned` when the servers had a core
 * of their own).
 */
export async function benchmarkApi({ dialect, settings, siteDist, backofficeDist }) {
  const log = (line) => console.log(`  [${dialect}] ${line}`)
  const database = await scratchDatabase({
    dialect,
    sqliteFile: 'tmp/bench.sqlite3',
    postgresUrl: settings.postgresUrl,
    rooms: settings.rooms,
    seed: settings.seed,
  })
  try {
    console.log(`\n▸ API (${dialect}): recording the SQL of each case`)
    const trace = await recordStatements({
      database: database.env,
      siteDist,
      backofficeDist,
      cases: benchmarkCases,
      dialect,
    })
    if (!trace.supported)
      log(
        'the API wrote no SQL trace: it does not support SAKAN_SQL_TRACE yet, so the bare server can answer only /api/health'
      )

    /*
     * Both servers on one core, the load generator (this process) on the other: each case's
     * CPU time per request is then the server's own work (processes.mjs, `pinSelf`).
     */
    const unpin = pinSelf(LOAD_CORE)
    const api = await startApi({
      database: database.env,
      siteDist,
      backofficeDist,
      label: `API (${dialect})`,
      core: SERVER_CORE,
    })
    /* /api/health is compared with a bare answer carrying the API's very headers. */
    const cases = []
    for (const entry of trace.cases)
      cases.push(
        entry.kind === 'health'
          ? { ...entry, headers: await apiHeaders(api.url + entry.path) }
          : entry
      )
    const bare = await startBare({ dialect, database: database.env, cases, core: SERVER_CORE })
    const results = []
    try {
      for (const entry of trace.cases) {
        const served = bare.cases[entry.path]
        const result = {
          name: entry.name,
          path: entry.path,
          statements: served.statements,
          sameHeaders: entry.kind === 'health',
          sql: served.sql,
          source: served.source,
          problem: served.problem,
        }
        results.push(result)
        if (served.problem) {
          log(`${entry.name}: not measured — ${served.problem}`)
          continue
        }
        result.body = await sameBody(api.url, bare.url, entry.path)
        log(
          `${entry.name}: ${served.statements} statement(s) from the ${served.source}; bodies ` +
            (result.body.identical ? 'IDENTICAL' : `DIFFERENT (${result.body.why})`)
        )
        const measured = await compareCase({
          apiUrl: api.url + entry.path,
          bareUrl: bare.url + entry.path,
          settings,
          progress: (line) => log(`${entry.name}: ${line}`),
          pids: { api: api.pid, bare: bare.pid },
        })
        Object.assign(result, measured)
      }
      return {
        dialect,
        traceSupported: trace.supported,
        pinned: PINNED,
        cases: results,
        peakRssMb: peakRssMb(api.pid),
      }
    } finally {
      await bare.stop()
      await api.stop()
      unpin()
    }
  } finally {
    await database.remove()
  }
}
