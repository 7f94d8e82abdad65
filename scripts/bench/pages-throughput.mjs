/*
 * Section 6, `BENCH_ONLY=throughput`: the public catalogue's pages as the page
 * cache serves them.
 *
 *   - throughput: home, listings, a property (English) and the Arabic listings on the site's
 *     catalogue (SQLite, BENCH_SITE_ROOMS rooms, the site built from it), each beside a static
 *     file of its size on the same server (page-throughput.mjs);
 *   - regeneration: how soon a room's pages show the administrator's new price
 *     (regeneration.mjs), on that same server and on PostgreSQL (a scratch database of the
 *     same size) when it answers.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { postgresAnswers } from '../lib/postgres.mjs'
import { startApi } from './api-server.mjs'
import { scratchDatabase } from './database.mjs'
import { measurePages, readPages, throughputPages, writeStaticTwins } from './page-throughput.mjs'
import { peakRssMb, waitUntilQuiet } from './processes.mjs'
import { measureRegeneration } from './regeneration.mjs'
import { openAdminSession, sessionServerEnv } from './session.mjs'
import { percentile } from './stats.mjs'

/** p50/p95 of the regeneration times, a miss counting as longer than any time. */
function summarise(result) {
  const times = result.samples.map((ms) => ms ?? Infinity)
  return { ...result, p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** The longest wait for a server's start-up work (rendering up to 1,000 rooms' pages twice). */
const QUIET_TIMEOUT_MS = 600_000

/** Waits for the server's start-up work (the page cache's warm-up) to end; says how long it took. */
async function settled(server, log) {
  const seconds = await waitUntilQuiet(server.pid, { timeoutMs: QUIET_TIMEOUT_MS })
  if (seconds * 1000 >= QUIET_TIMEOUT_MS)
    log(`the server was still busy ${seconds.toFixed(0)} s after it answered; measuring anyway`)
  else log(`the server was quiet ${seconds.toFixed(1)} s after it answered`)
  return seconds
}

async function regenerationOn({ dialect, server, database, appKey }) {
  const log = (line) => console.log(`  [${dialect}] ${line}`)
  console.log(`\n▸ page regeneration after a write (${dialect})`)
  const quietSeconds = await settled(server, log)
  const cookie = await openAdminSession({ database, appKey })
  const result = summarise(await measureRegeneration({ origin: server.url, cookie, log }))
  const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'a miss')
  log(`p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, ${result.misses} miss(es)`)
  return { dialect, quietSeconds, ...result }
}

/** The throughput and SQLite's regeneration, on the site's catalogue and port. */
async function onTheSite({ site, settings, siteDist, backofficeDist }) {
  const appKey = randomBytes(32).toString('hex')
  const options = {
    database: site.database.env,
    siteDist,
    backofficeDist,
    port: site.port,
    extra: sessionServerEnv(appKey),
  }
  /* The pages as served now, to write their twins before the measured server lists the files. */
  let pages
  const first = await startApi({ ...options, label: 'API for the page sizes' })
  try {
    const [room] = await fetch(`${first.url}/api/rooms?_start=0&_end=1`).then((r) => r.json())
    if (!room?.id) throw new Error('the site catalogue has no room')
    pages = await readPages(first.url, throughputPages(room.id))
  } finally {
    await first.stop()
  }
  const removeTwins = writeStaticTwins(join(siteDist, 'client'), pages)

  const server = await startApi({ ...options, label: 'API for the pages beside static files' })
  try {
    let throughput
    try {
      console.log('\n▸ pages beside static files of their size (SQLite)')
      const log = (line) => console.log(`  ${line}`)
      const quietSeconds = await settled(server, log)
      throughput = {
        quietSeconds,
        pages: await measurePages({ origin: server.url, pages, settings, log }),
      }
      throughput.peakRssMb = peakRssMb(server.pid)
    } catch (error) {
      console.error(`\npages throughput failed: ${error.stack}`)
      throughput = { error: error.message.split('\n')[0] }
    }
    let regeneration
    try {
      regeneration = await regenerationOn({
        dialect: 'sqlite',
        server,
        database: site.database.env,
        appKey,
      })
    } catch (error) {
      console.error(`\npage regeneration on sqlite failed: ${error.stack}`)
      regeneration = { dialect: 'sqlite', error: error.message.split('\n')[0] }
    }
    return { throughput, regeneration }
  } finally {
    await server.stop()
    await removeTwins()
  }
}

/** PostgreSQL's regeneration, on a scratch catalogue of the site's size. */
async function onPostgres({ settings, siteDist, backofficeDist }) {
  if (!(await postgresAnswers(settings.postgresUrl))) {
    const host = new URL(settings.postgresUrl).host
    console.log(
      `\nMISSING: PostgreSQL does not answer at ${host}; its regeneration is not measured`
    )
    return { dialect: 'pg', missing: `PostgreSQL does not answer at ${host}` }
  }
  try {
    const database = await scratchDatabase({
      dialect: 'pg',
      postgresUrl: settings.postgresUrl,
      rooms: settings.siteRooms,
      seed: settings.seed,
    })
    try {
      const appKey = randomBytes(32).toString('hex')
      const server = await startApi({
        database: database.env,
        siteDist,
        backofficeDist,
        extra: sessionServerEnv(appKey),
        label: 'API for the page regeneration (pg)',
      })
      try {
        return await regenerationOn({ dialect: 'pg', server, database: database.env, appKey })
      } finally {
        await server.stop()
      }
    } finally {
      await database.remove()
    }
  } catch (error) {
    console.error(`\npage regeneration on pg failed: ${error.stack}`)
    return { dialect: 'pg', error: error.message.split('\n')[0] }
  }
}

/**
 * Runs the section. `site` is buildSite's result (its catalogue still there, the site built
 * from it into `siteDist`). Returns `{ rooms, throughput: { pages, peakRssMb } | { error },
 * regeneration: [{ dialect, p50, p95, samples, misses } | { dialect, missing | error }] }`.
 */
export async function benchmarkPagesThroughput({ site, settings, siteDist, backofficeDist }) {
  const { throughput, regeneration } = await onTheSite({
    site,
    settings,
    siteDist,
    backofficeDist,
  })
  const pg = await onPostgres({ settings, siteDist, backofficeDist })
  return { rooms: site.rooms, throughput, regeneration: [regeneration, pg] }
}
