/*
 * `npm run bench`: what users feel, measured side by side in one run, each figure beside the
 * goal it must meet (bench/settings.mjs), written as Markdown to bench-results/ (git-ignored)
 * and printed.
 *
 *   1. api    the one-process server (NODE_ENV=production) beside a bare node:http server
 *             replaying the API's own SQL through the same driver, on SQLite and PostgreSQL,
 *             over BENCH_ROOMS (100,000) rooms: req/s, p50/p95/p99, the ratio, peak RSS
 *   2-3. pages  page weight and Lighthouse (mobile) of home, listings, a property and /login
 *             in English and Arabic, on the site built from the 10,000-room catalogue; and
 *             (3b) a cold first visit to the resident's rent screens, to her first data on screen
 *   4. build  the site's build time over BENCH_SITE_ROOMS (10,000) rooms, both locales
 *   5. admin  the back office's list pages over BENCH_ROOMS rooms and BENCH_PAYMENTS
 *             (1,000,000) payments, on SQLite and PostgreSQL: p50/p95 of one administrator's
 *             requests, one at a time
 *   6. throughput  the public catalogue's pages on the site's catalogue: req/s and
 *             p50/p95/p99 of /en/, /en/listings, /en/property/:id and /ar/listings, each beside
 *             a static file of its size served by the same server; and, on SQLite and
 *             PostgreSQL, how soon a room's pages show the administrator's new price (p50/p95)
 *
 * Knobs: BENCH_ONLY (api,pages,build,admin,throughput), BENCH_ROOMS, BENCH_PAYMENTS, BENCH_SITE_ROOMS, BENCH_DURATION (s),
 * BENCH_RUNS, BENCH_LH_RUNS, BENCH_SCREEN_RUNS, BENCH_DATABASE_URL (the scratch PostgreSQL database,
 * postgres://postgres@127.0.0.1:5432/sakan_bench), BENCH_CHROMIUM (/usr/bin/chromium).
 * Every scratch database, folder and process is removed at the end, on failure and on Ctrl-C.
 * autocannon and Lighthouse are installed into scripts/bench/node_modules on the first run.
 * Exits 1 when a goal is missed or a figure could not be measured.
 */
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { postgresAnswers } from './lib/postgres.mjs'
import { ensureInstalled, root } from './lib/steps.mjs'
import { startApi } from './bench/api-server.mjs'
import { BACKOFFICE_DIST, SITE_DIST, buildAccountApp, buildSite } from './bench/builds.mjs'
import { cleanUp, runStep } from './bench/processes.mjs'
import { writeReport } from './bench/report.mjs'
import { readSettings } from './bench/settings.mjs'
import { sessionServerEnv } from './bench/session.mjs'

const settings = readSettings()

/*
 * Lighthouse and the resident's screens drive Debian's whole Chromium (the suite's headless
 * shell has no new headless mode): installed with apt-get when missing and this runs as root,
 * else the run stops at once on one line.
 */
if (settings.only.has('pages') && !existsSync(settings.chromium)) {
  if (process.getuid?.() === 0 && !process.env.BENCH_CHROMIUM) {
    console.log('bench: installing chromium with apt-get (Lighthouse drives it)')
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  if (!existsSync(settings.chromium)) {
    console.error(
      `sakan: npm run bench needs Chromium at ${settings.chromium} — apt-get install chromium, or set BENCH_CHROMIUM`
    )
    process.exit(1)
  }
}
const startedAt = new Date()
const notes = [
  'The developer’s site/dist and backoffice/dist are left alone: both front ends are built ' +
    'from the working tree into site/tmp/bench-dist and backoffice/tmp/bench-dist, removed afterwards.',
]

async function pagesSection(site) {
  /* The resident's screens (3b) are opened with a session made for this server's key. */
  const appKey = randomBytes(32).toString('hex')
  const server = await startApi({
    database: site.database.env,
    siteDist: SITE_DIST,
    backofficeDist: BACKOFFICE_DIST,
    port: site.port,
    label: 'API for the pages',
    extra: sessionServerEnv(appKey),
  })
  try {
    const [room] = await fetch(`${server.url}/api/rooms?_start=0&_end=1`).then((r) => r.json())
    console.log('\n▸ pages: Lighthouse and page weight')
    const { benchmarkPages } = await import('./bench/pages.mjs')
    const results = await benchmarkPages({ origin: server.url, roomId: room.id, settings })
    console.log('\n▸ pages: the resident’s screens, cold')
    const { benchmarkAccountScreens } = await import('./bench/account-screens.mjs')
    const screens = await benchmarkAccountScreens({
      origin: server.url,
      database: site.database.env,
      appKey,
      executable: settings.chromium,
      runs: settings.screenRuns,
    }).catch((error) => ({ error: error.message.split('\n')[0] }))
    return { results, screens }
  } finally {
    await server.stop()
  }
}

async function throughputSection(site) {
  const { benchmarkPagesThroughput } = await import('./bench/pages-throughput.mjs')
  return benchmarkPagesThroughput({
    site,
    settings,
    siteDist: SITE_DIST,
    backofficeDist: BACKOFFICE_DIST,
  })
}

async function apiSection() {
  const { benchmarkApi } = await import('./bench/api-bench.mjs')
  const results = []
  for (const dialect of ['sqlite', 'pg']) {
    if (dialect === 'pg' && !(await postgresAnswers(settings.postgresUrl))) {
      const host = new URL(settings.postgresUrl).host
      console.log(`\nMISSING: PostgreSQL does not answer at ${host}; its figures are not measured`)
      results.push({ dialect, missing: `PostgreSQL does not answer at ${host}` })
      continue
    }
    try {
      results.push(
        await benchmarkApi({
          dialect,
          settings,
          siteDist: SITE_DIST,
          backofficeDist: BACKOFFICE_DIST,
        })
      )
    } catch (error) {
      console.error(`\nAPI on ${dialect} failed: ${error.stack}`)
      results.push({ dialect, error: error.message.split('\n')[0] })
    }
  }
  return results
}

async function adminSection() {
  const { benchmarkAdminLists } = await import('./bench/admin-bench.mjs')
  const results = []
  /* BENCH_ADMIN_DIALECTS=pg (or sqlite) measures one database only, for quick work. */
  const dialects = (process.env.BENCH_ADMIN_DIALECTS ?? 'sqlite,pg').split(',')
  for (const dialect of dialects) {
    if (dialect === 'pg' && !(await postgresAnswers(settings.postgresUrl))) {
      const host = new URL(settings.postgresUrl).host
      results.push({ dialect, missing: `PostgreSQL does not answer at ${host}` })
      continue
    }
    try {
      console.log(`\n▸ admin lists on ${dialect}`)
      results.push(
        await benchmarkAdminLists({
          dialect,
          settings,
          siteDist: SITE_DIST,
          backofficeDist: BACKOFFICE_DIST,
        })
      )
    } catch (error) {
      console.error(`\nadmin lists on ${dialect} failed: ${error.stack}`)
      results.push({ dialect, error: error.message.split('\n')[0] })
    }
  }
  return results
}

let failed = true
try {
  await ensureInstalled()
  /* autocannon and Lighthouse live in scripts/bench/node_modules, installed only for the bench. */
  await ensureInstalled(join(root, 'scripts', 'bench'), ['package.json', 'package-lock.json'])
  await runStep('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
  await buildAccountApp()

  let build
  let site
  try {
    site = await buildSite(settings)
    build = { seconds: site.seconds, rooms: site.rooms }
  } catch (error) {
    console.error(`\nThe site build failed: ${error.message}`)
    build = { error: error.message.split('\n')[0] }
  }

  /** A section measured on the built site, if asked for; a failure is its result, not the run's end. */
  const onSite = async (name, measure) => {
    if (!settings.only.has(name)) return undefined
    try {
      if (!site) throw new Error(`no site to measure: ${build.error}`)
      return await measure(site)
    } catch (error) {
      console.error(`\nThe ${name} section failed: ${error.stack}`)
      return { error: error.message.split('\n')[0] }
    }
  }
  const pages = await onSite('pages', pagesSection)
  const throughput = await onSite('throughput', throughputSection)
  await site?.database.remove()

  const api = settings.only.has('api') ? await apiSection() : undefined
  const admin = settings.only.has('admin') ? await adminSection() : undefined

  const report = writeReport({
    settings,
    startedAt,
    finishedAt: new Date(),
    api,
    admin,
    pages,
    throughput,
    build: settings.only.has('build') ? build : undefined,
    notes,
  })
  const folder = join(root, 'bench-results')
  mkdirSync(folder, { recursive: true })
  const file = join(folder, `${startedAt.toISOString().replace(/[:.]/g, '-')}.md`)
  writeFileSync(file, report.markdown)
  writeFileSync(join(folder, 'latest.md'), report.markdown)
  console.log(`\n${report.markdown}\nWritten to ${file} and bench-results/latest.md`)
  failed = report.failed
} catch (error) {
  console.error(`\nbench: ${error.stack}`)
} finally {
  await cleanUp()
}
process.exitCode = failed ? 1 : 0
