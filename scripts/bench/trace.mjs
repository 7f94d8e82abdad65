/*
 * Which SQL each benchmark URL makes the API run: the API is started once with
 * SAKAN_SQL_TRACE=<file> (one JSON line {sql, bindings, connection} per executed statement),
 * each URL is requested twice in turn, and the lines each request appended are its
 * statements. The second ("warm") request is what the API runs per request under load; the
 * first is kept for when the warm one alone cannot build the body.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { apiDir } from './database.mjs'
import { startApi } from './api-server.mjs'
import { onCleanup } from './processes.mjs'

const sizeOf = (file) => (existsSync(file) ? statSync(file).size : 0)

/** Waits until the trace file has stopped growing (the API writes it as statements finish). */
async function settled(file) {
  let size = sizeOf(file)
  let stableSince = Date.now()
  while (Date.now() - stableSince < 250) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    const now = sizeOf(file)
    if (now !== size) {
      size = now
      stableSince = Date.now()
    }
  }
  return size
}

function linesBetween(file, from, to, connection) {
  if (to <= from) return []
  const text = readFileSync(file).subarray(from, to).toString('utf8')
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .filter((entry) => !entry.connection || entry.connection === connection)
    .map(({ sql, bindings }) => ({ sql, bindings: bindings ?? [] }))
}

/**
 * Records the statements of every case (`cases`: a function of the API's URL that returns
 * them, so a case can name a room that exists). Returns `{ supported, cases: [{ ...case, cold, warm,
 * traced }] }`; `supported` is false when the API wrote no trace at all.
 */
export async function recordStatements({ database, siteDist, backofficeDist, cases, dialect }) {
  const file = join(apiDir, 'tmp', `bench-trace-${dialect}.jsonl`)
  rmSync(file, { force: true })
  onCleanup(`remove ${file}`, () => rmSync(file, { force: true }))
  const api = await startApi({
    database,
    siteDist,
    backofficeDist,
    /*
     * The page cache follows the change log every 250 ms (server/page_changes.ts): its polls
     * would land among a request's statements, and the bare server would replay them as the
     * request's own. While tracing it polls once an hour.
     */
    extra: { SAKAN_SQL_TRACE: file, PAGE_CHANGES_POLL_MS: '3600000' },
    label: `traced API (${dialect})`,
  })
  const recorded = []
  try {
    const list = await cases(api.url)
    let offset = await settled(file)
    for (const entry of list) {
      const requests = []
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await fetch(api.url + entry.path)
        const body = await response.text()
        const end = await settled(file)
        requests.push({ statements: linesBetween(file, offset, end, dialect), body })
        offset = end
      }
      const [cold, warm] = requests
      recorded.push({ ...entry, cold: cold.statements, warm: warm.statements })
    }
  } finally {
    await api.stop()
  }
  const supported = existsSync(file) && sizeOf(file) > 0
  return {
    supported,
    cases: recorded.map((entry) => ({
      ...entry,
      traced: supported && (entry.cold.length > 0 || entry.warm.length > 0),
    })),
  }
}
