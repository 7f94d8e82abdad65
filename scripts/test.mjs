/*
 * `npm test`: every suite of every workspace, then one closing line `N passed, N failed`.
 *
 *   static      lint (root and every workspace), formatting, types
 *   unit        common, the payment sandbox, site, back office
 *   api         Japa on SQLite with files on the local disk; then the specs whose subject depends
 *               on the database (all but SAME_ON_EVERY_DATABASE) on PostgreSQL with files in
 *               an S3-compatible server (s3rver) when 127.0.0.1:5432 (or DATABASE_URL)
 *               answers — with SAKAN_REQUIRE_PG=1 (CI) an unreachable PostgreSQL fails;
 *               sessions and rate limits once more on Redis
 *   replicas    two API processes sharing PostgreSQL, Redis and S3 (scripts/replicas/)
 *   resilience  the fault suite: two replicas under load while their PostgreSQL, Redis, S3
 *               server or payment sandbox stops, a disk fills, a client goes (scripts/resilience/)
 *   browser     the whole product, twice on scratch databases of their own (the public pages'
 *               specs on one, the account and back-office specs on the other, side by side),
 *               driven by Playwright in Chromium's headless shell, plus the site's size budgets
 *               on the same build
 *   repository  docker-compose topology and other repository checks
 *
 * Suites run two at a time where they can (the reference machine has two cores and most
 * suites keep one busy), each one's output printed whole when it ends; the browser suite runs
 * last, alone, its two halves side by side, its lines printed as they come.
 *
 * The Firebase Auth emulator, the Moyasar payment sandbox and the mail catcher (maildev) run for
 * the API and browser suites, each at an address of its own, not `npm start`'s (lib/test_env.mjs:
 * 127.0.0.1:9199, 127.0.0.1:4110, SMTP 127.0.0.1:1125 with its JSON API at 127.0.0.1:1180)
 * (the API suite also starts a sandbox and a catcher of its own, on free ports, that its tests
 * may stop and start). What the machine must have (Chromium, PostgreSQL, Redis, docker-compose,
 * caddy) is started or installed first by scripts/prerequisites.sh, which stops the run at
 * once, on one line, when it cannot.
 * It ends with a table of every suite's wall time and counts, the set-up steps' times, the CPU
 * work of each group of suites run side by side (every process on the machine counted, and
 * how many cores it kept busy, then its largest parts by process: Chromium's pages, Playwright,
 * PostgreSQL…), a yardstick of the machine's speed, and the ten slowest tests.
 * `--quick` (`npm run test:quick`): the static checks, the unit tests and the API suite on
 * SQLite only, with nothing the machine must install. Exits non-zero when anything failed.
 */
import './lib/test_env.mjs'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { capture, ensureInstalled, filesUnder, freePort, root, run } from './lib/steps.mjs'
import { EMULATOR_HOST, startAuthEmulator } from './lib/emulator.mjs'
import { postgresAnswers, recreateDatabase } from './lib/postgres.mjs'
import { launchProduct } from './lib/product.mjs'
import { startPaymentSandbox } from './lib/sandbox.mjs'
import { MAIL_CATCHER_URL, startMailCatcher } from './lib/mail_catcher.mjs'
import { startS3Server } from './lib/s3.mjs'
import { PAGES, cpuBetween, cpuCounters, sampleProcesses, yardstick } from './lib/cpu.mjs'

const api = join(root, 'api')
const quiet = {
  ...process.env,
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
}
const results = []
/* What ran between suites (installing, building, starting the product), timed on its own. */
const setups = []
/* Each group of suites run side by side: its wall time and the CPU work of the whole machine in it. */
const stretches = []
/* The yardstick first, while nothing else runs: the fastest of five (a first try warms the
   compiler up, and a neighbour on the host may slow any one; the fastest varied least). */
const yardstickSeconds = Math.min(...Array.from({ length: 5 }, () => yardstick()))
const started = Date.now()
const startCounters = cpuCounters()
let since = started
const has = (workspace) => existsSync(join(root, workspace, 'package.json'))
/* `npm run test:quick`: lint, types, unit tests and the API suite on SQLite, for use while working. */
const quick = process.argv.includes('--quick')

const secondsSince = (instant) => (Date.now() - instant) / 1000

/** Closes the time of a set-up step (what ran since the last suite or step). */
function setup(name) {
  setups.push({ name, seconds: secondsSince(since) })
  since = Date.now()
}

/** A suite that printed no counts but failed counts as one failure. */
function countsOf({ code, output }, parse) {
  const counts = parse(output) ?? { passed: 0, failed: 1 }
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  if (counts.failed > 0 && !counts.failures) counts.failures = failedLines(output)
  counts.slowest = slowestTests(output)
  return counts
}

/*
 * The tests a runner printed with their durations — Japa and node:test (`✔ title (12.3ms)`,
 * `(2s)`), Vitest, Playwright's list reporter (`✓  3 [chromium] › file › title (2.1s)`) — the
 * slowest ten, in milliseconds.
 */
function slowestTests(output) {
  const units = { ms: 1, s: 1000, m: 60_000 }
  const tests = []
  for (const line of output.split('\n')) {
    const match = /^\s*(?:✔|✓|✖|✘|×)\s+(.+?)\s+\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/.exec(line)
    if (match) tests.push({ title: match[1], ms: Number(match[2]) * units[match[3]] })
  }
  return tests.sort((a, b) => b.ms - a.ms).slice(0, 10)
}

const clock = (seconds) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
    : `${seconds.toFixed(1)} s`

/* The lines a runner marks as failed (Japa, node:test, the fault suite), for the summary. */
const failedLines = (output) =>
  [
    ...new Set(
      output
        .split('\n')
        .filter((line) => /^\s*(✖|✘)\s/.test(line) && !/\d+ passed, \d+ failed/.test(line))
        .map((line) => line.trim())
    ),
  ].slice(0, 10)

/* Japa and Vitest: "Tests  12 passed, 1 failed, 2 skipped (15)". */
const testsLine = (output) => {
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

/* The fault suite's closing line: "faults: 28 passed, 0 failed (84 s)" (one per check). */
const faultCounts = (output) => {
  const match = /^faults: (\d+) passed, (\d+) failed/m.exec(output)
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : null
}

/* An error message's first lines, without colours, each indented under its test's name. */
const errorLines = (message, lines = 8, width = 200) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, lines)
    .map((line) => `\n      ${line.trimEnd().slice(0, width)}`)
    .join('')

/* Playwright's JSON report. */
const playwrightReport = (file) => () => {
  if (!existsSync(file)) return null
  const { stats, suites = [] } = JSON.parse(readFileSync(file, 'utf8'))
  const failures = []
  const flaky = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line}, ${test.projectName})`
        /* Why its first try failed, in a few lines: CI's tail of the log shows no more. */
        const why = errorLines(test.results?.find((result) => result.error)?.error?.message)
        if (test.status === 'unexpected') failures.push(`✖ ${name}${why}`)
        if (test.status === 'flaky') flaky.push(`↻ ${name}${why}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of suites) walk(suite, [])
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failures,
    flaky,
  }
}

/** A check without counts of its own: one passed, or one failed. */
const asOne = (result) => (result.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 })

/**
 * A job of a lane: runs a command with its output captured, and counts what it ran (`parse`
 * reads the counts from the output; without it, one check that passed or failed).
 */
const command = (name, cmd, args, { cwd = root, env = quiet, parse } = {}) => ({
  name,
  async run() {
    const begun = Date.now()
    const result = await capture(cmd, args, { cwd, env, echo: false })
    const counts = parse ? countsOf(result, parse) : asOne(result)
    return { output: result.output, records: [{ name, ...counts, seconds: secondsSince(begun) }] }
  },
})

/**
 * Runs `jobs` `width` at a time, in the order given (the longest first): each job is
 * `{name, run()}`, whose `run` resolves to `{output, records}` — the output is printed whole when
 * the job ends, so two jobs never interleave their lines, and each record (a suite's counts and
 * its own wall time) goes to the summary in the order of the jobs.
 */
async function lanes(jobs, width = 2) {
  console.log(`\n▸ ${jobs.map((job) => job.name).join(', ')} (${width} at a time)`)
  const begun = Date.now()
  const counters = cpuCounters()
  const processes = sampleProcesses()
  const outcomes = []
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++
      const job = jobs[index]
      const begun = Date.now()
      let outcome
      try {
        outcome = await job.run()
      } catch (error) {
        outcome = {
          output: String(error?.stack ?? error),
          records: [{ name: job.name, passed: 0, failed: 1, failures: [String(error?.message)] }],
        }
      }
      console.log(`\n▸ ${job.name} (${clock(secondsSince(begun))})\n${outcome.output.trimEnd()}`)
      outcomes[index] = outcome
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  stretches.push({
    name:
      jobs.length > 1
        ? `${jobs[0].name} and ${jobs.length - 1} more, ${width} at a time`
        : jobs[0].name,
    seconds: secondsSince(begun),
    ...cpuBetween(counters, cpuCounters()),
    groups: processes.stop(),
  })
  for (const { records } of outcomes)
    for (const record of records)
      results.push({ skipped: 0, failures: [], slowest: [], seconds: 0, ...record })
  since = Date.now()
}

/*
 * The API's specs whose subject does not depend on the database's dialect: headers, routing,
 * limits, caches, the front door, start-up guards — code that reads no SQL of its own, or
 * only what the specs below also run. They run on SQLite only; every other spec runs on both
 * databases, because its SQL, constraints, locks, triggers or types differ between them (and,
 * on PostgreSQL, with its files in S3).
 */
const SAME_ON_EVERY_DATABASE = [
  'tests/unit/access_middleware.spec.ts',
  'tests/unit/built_files.spec.ts',
  'tests/unit/drain.spec.ts',
  'tests/unit/front_door.spec.ts',
  'tests/unit/limits.spec.ts',
  'tests/unit/page_cache.spec.ts',
  'tests/unit/policies.spec.ts',
  'tests/unit/production_guard.spec.ts',
  'tests/unit/public_cache.spec.ts',
  'tests/unit/security_headers.spec.ts',
  'tests/unit/startup_guard.spec.ts',
  'tests/unit/unread_body.spec.ts',
  'tests/functional/health.spec.ts',
  'tests/functional/locale.spec.ts',
  'tests/functional/security_headers.spec.ts',
  'tests/functional/trust_proxy.spec.ts',
]

/** The API's spec files that run on PostgreSQL too: all but SAME_ON_EVERY_DATABASE. */
function dialectFiles() {
  return ['unit', 'functional', 'schema']
    .flatMap((suite) =>
      readdirSync(join(api, 'tests', suite))
        .filter((file) => file.endsWith('.spec.ts'))
        .map((file) => `tests/${suite}/${file}`)
    )
    .filter((file) => !SAME_ON_EVERY_DATABASE.includes(file))
}

/* The distinct page states axe checked in the browser suite (each worker writes its own). */
let axeStates
function statesChecked(folder) {
  if (!existsSync(folder)) return 0
  const states = new Set()
  for (const file of readdirSync(folder).filter((name) => /^axe-states-\d+\.json$/.test(name)))
    for (const state of JSON.parse(readFileSync(join(folder, file), 'utf8'))) states.add(state)
  return states.size
}

/** A fresh PostgreSQL database for the API suite; null when PostgreSQL does not answer. */
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sakan_test'
async function postgresUrl() {
  return (await recreateDatabase(PG_URL)) ? PG_URL : null
}

/*
 * The machine's parts first: a missing one stops the run at once with one line. The quick run
 * needs none of them (no browser, PostgreSQL, Redis or compose).
 */
if (!quick) {
  try {
    await run('prerequisites', 'bash', [join(root, 'scripts', 'prerequisites.sh')], { cwd: root })
  } catch {
    process.exit(1)
  }
}
await ensureInstalled()
await run('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
setup('prerequisites, install, build common')

/*
 * The machine has two cores and most suites keep one busy: they run two at a time, the longest
 * first, each one's output printed whole when it ends. With --quick, the static checks, the
 * unit tests and the API suite on SQLite; otherwise those and the API on PostgreSQL, the fault
 * suite, the replicas, the repository checks, the API on Redis and the browser suite's products
 * (migrate, seed, builds) in one pool; last, alone, the browser suite.
 */
/*
 * The services the API suites and the products talk to, started side by side while the first
 * suites run: the static checks and unit tests need none of them, and the emulator's start kept
 * one core busy for about 10 s before any suite began. A suite that needs them waits for them
 * (`afterServices`); one that fails to start fails those suites, and the run stops the others.
 */
const servicesBegun = Date.now()
const starting = [startAuthEmulator(), startPaymentSandbox(), startMailCatcher()]
const servicesUp = Promise.allSettled(starting).then((outcomes) => {
  const failed = outcomes.find((outcome) => outcome.status === 'rejected')
  if (failed) throw failed.reason
  console.log(`\n▸ e-mail goes to the mail catcher: ${MAIL_CATCHER_URL}`)
  setups.push({
    name: 'the emulator, sandbox and mail catcher (beside the suites)',
    seconds: secondsSince(servicesBegun),
  })
})
/* Handled where it is awaited; this keeps an early failure from ending the process unhandled. */
servicesUp.catch(() => {})
/** Stops whichever of the services started. */
async function stopServices() {
  const outcomes = await Promise.allSettled(starting)
  for (const outcome of outcomes.reverse())
    if (outcome.status === 'fulfilled') await outcome.value()
}
/** `job`, once the services answer. */
const afterServices = (job) => ({
  name: job.name,
  async run() {
    await servicesUp
    return job.run()
  },
})

/* The API suite: Japa in one process, on the database and files `env` names. */
const apiSuite = (name, env, files = []) =>
  command(name, 'node', ['ace', 'test', ...files.map((file) => `--files=${file}`)], {
    cwd: api,
    env: { ...quiet, ...env },
    parse: testsLine,
  })

const apiOnSqlite = {
  name: 'api (sqlite)',
  run() {
    rmSync(join(api, 'tmp', 'test.sqlite3'), { force: true })
    rmSync(join(api, 'tmp', 'test-storage'), { recursive: true, force: true })
    return apiSuite('api (sqlite)', { DB_CONNECTION: 'sqlite' }).run()
  },
}

/*
 * The API on PostgreSQL with its files in an S3-compatible server (s3rver), as production
 * runs; with SAKAN_REQUIRE_PG=1 (CI) an unreachable PostgreSQL fails (and the replicas, which
 * need it too, are skipped or fail with it). Its storage folder is its own (the suite on SQLite
 * runs beside it and empties tmp/test-storage first): with its files in S3 nothing may come
 * there.
 */
const PG_STORAGE = join('tmp', 'test-pg-storage')
const pgRequired = process.env.SAKAN_REQUIRE_PG === '1'
const pgMissing = (name, what) =>
  pgRequired
    ? {
        output: 'PostgreSQL is required (SAKAN_REQUIRE_PG=1) but does not answer',
        records: [{ name, passed: 0, failed: 1 }],
      }
    : {
        output: `SKIPPED: PostgreSQL does not answer at 127.0.0.1:5432 (set DATABASE_URL to point elsewhere): ${what}`,
        records: [],
      }
const apiOnPostgres = {
  name: 'api (postgres)',
  async run() {
    const databaseUrl = await postgresUrl()
    if (!databaseUrl) return pgMissing(this.name, 'the API suite on PostgreSQL is skipped')
    rmSync(join(api, PG_STORAGE), { recursive: true, force: true })
    const before = filesUnder(join(api, 'storage'))
    /*
     * A system temp folder of its own: with its files in S3 the API keeps an upload in flight
     * in `<temp>/sakan-uploads` (config/bodyparser.ts), which the fault suite's and the
     * replicas' APIs, beside this suite, use too; its checks that nothing is left there saw
     * their uploads in flight.
     */
    const systemTmp = mkdtempSync(join(tmpdir(), 'sakan-api-pg-'))
    let s3
    let suite
    try {
      s3 = await startS3Server({ bucket: 'sakan-api-test' })
      suite = await apiSuite(
        'api (postgres)',
        {
          DB_CONNECTION: 'pg',
          DATABASE_URL: databaseUrl,
          ...s3.env,
          STORAGE_DIR: PG_STORAGE,
          TMPDIR: systemTmp,
        },
        dialectFiles()
      ).run()
    } finally {
      await s3?.stop()
      rmSync(systemTmp, { recursive: true, force: true })
    }
    /* Everything went to the bucket: nothing new on the local disk. */
    const written = [
      ...filesUnder(join(api, 'storage')).filter((file) => !before.includes(file)),
      ...['media', 'documents', 'uploads'].flatMap((folder) =>
        filesUnder(join(api, PG_STORAGE, folder))
      ),
    ]
    const check =
      written.length === 0
        ? 'with DRIVE_DISK=s3 the suite wrote no file to the local disk'
        : `with DRIVE_DISK=s3 the suite wrote to the local disk: ${written.join(', ')}`
    return {
      output: `${suite.output.trimEnd()}\n${check}`,
      records: [
        ...suite.records,
        {
          name: 'api files in s3',
          passed: written.length === 0 ? 1 : 0,
          failed: written.length === 0 ? 0 : 1,
          seconds: 0,
        },
      ],
    }
  },
}

/*
 * Two API replicas sharing PostgreSQL (a database of their own, sakan_replicas), Redis (a
 * database of its own) and an S3 server of their own: beside the API suite, which uses none
 * of them.
 */
let replicasFinished
/* The replicas serve the public pages from the site's build: it is not rebuilt under them. */
const replicasOver = new Promise((resolve) => (replicasFinished = resolve))
/* Nor under the static checks and unit tests (astro check and the site's build both write
   site/.astro; the build writes common/dist, which they read): they end first. */
let staticFinished
const staticOver = new Promise((resolve) => (staticFinished = resolve))
const replicasJob = {
  name: 'replicas',
  async run() {
    try {
      if (!(await postgresAnswers(PG_URL)))
        return pgMissing(this.name, 'the two replicas are skipped')
      return await command(
        'replicas',
        'node',
        ['--test', '--test-reporter=spec', 'scripts/replicas/replicas.test.mjs'],
        { env: { ...quiet, DATABASE_URL: PG_URL }, parse: nodeTest }
      ).run()
    } finally {
      replicasFinished()
    }
  },
}

/*
 * The products the browser suites drive, each on a scratch database of its own: the account
 * and back-office specs, which change what the demo accounts hold, on one; the public pages'
 * specs, which count and compare the catalogue, on the other (built once, by the first), so
 * Playwright runs the two side by side with nothing shared but the Auth emulator, the payment
 * sandbox and the mail catcher (e2e/playwright.config.ts). They start beside the API suites,
 * once the replicas and the static checks are done (`replicasOver`, `staticOver`); their steps'
 * output is kept and printed whole once they are up (or have failed). Stopped when the run ends.
 */
let product
let publicProduct
const E2E_SQLITE = 'tmp/e2e.sqlite3'
const E2E_STORAGE = 'tmp/e2e-storage'
const E2E_PUBLIC_SQLITE = 'tmp/e2e-public.sqlite3'
const E2E_PUBLIC_STORAGE = 'tmp/e2e-public-storage'
const productJob = {
  name: 'the products for the browser suites (migrate, seed, builds)',
  async run() {
    await Promise.all([replicasOver, staticOver])
    const begun = Date.now()
    const kept = []
    const step = async (label, cmd, args, options) => {
      const result = await capture(cmd, args, { ...options, echo: false })
      kept.push(`▸ ${label}: ${cmd} ${args.join(' ')}\n${result.output.trimEnd()}`)
      if (result.code !== 0) throw new Error(`${label} failed (exit code ${result.code})`)
    }
    const launch = async (sqliteFile, storageDir, builds) =>
      launchProduct({
        port: await freePort(),
        sqliteFile,
        storageDir,
        fresh: true,
        builds,
        /* The request log would bury the browser suite's own report. */
        logLevel: 'warn',
        /* The suite signs the demo accounts in many times a minute. */
        env: { AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_IP: '5000' },
        step,
      })
    try {
      product = await launch(E2E_SQLITE, E2E_STORAGE, true)
      kept.push(`the product answers at ${product.url}`)
      publicProduct = await launch(E2E_PUBLIC_SQLITE, E2E_PUBLIC_STORAGE, false)
      kept.push(`the public pages' product answers at ${publicProduct.url}`)
      setups.push({ name: this.name, seconds: secondsSince(begun) })
      return { output: kept.join('\n'), records: [] }
    } catch (error) {
      await product?.stop()
      product = undefined
      publicProduct = undefined
      return {
        output: `${kept.join('\n')}\nthe product did not start: ${error.message}`,
        records: [{ name: 'product start', passed: 0, failed: 1, seconds: secondsSince(begun) }],
      }
    }
  },
}

/*
 * On the products, the site's checks of the running product and the browser suite
 * (Playwright's two projects side by side, e2e/playwright.config.ts), as one job run last,
 * alone. Playwright's lines are printed as they come (the suite runs for minutes), each one
 * naming its test.
 */
const browserJob = {
  name: 'browser: site, e2e',
  async run() {
    /* Their failure to start is already counted ("product start"). */
    if (!product) return { output: 'SKIPPED: the products did not start (see above)', records: [] }
    const outputs = []
    const records = []
    const env = {
      ...quiet,
      E2E_BASE_URL: product.url,
      E2E_PUBLIC_URL: publicProduct.url,
      SAKAN_API_URL: product.url,
      /* How the "room added after the build" specs (public pages) add one to their product. */
      E2E_ADD_ROOM: `cd ${api} && SQLITE_FILE=${E2E_PUBLIC_SQLITE} STORAGE_DIR=${E2E_PUBLIC_STORAGE} node ace catalog:generate --rooms 1`,
      /* How the retention spec (account) destroys one application's document, no longer
         needed, at once (the spec appends its id). */
      E2E_PURGE_DOCUMENTS: `cd ${api} && SQLITE_FILE=${E2E_SQLITE} STORAGE_DIR=${E2E_STORAGE} DOCUMENT_RETENTION_DAYS=0 node ace documents:purge --application`,
    }
    if (has('site')) {
      const begun = Date.now()
      const result = await capture('npm', ['test', '-w', 'site'], { cwd: root, env, echo: false })
      outputs.push(`▸ site\n${result.output.trimEnd()}`)
      records.push({ name: 'site', ...countsOf(result, testsLine), seconds: secondsSince(begun) })
    }
    if (has('e2e')) {
      const begun = Date.now()
      console.log('\n▸ browser (e2e), its lines as they come')
      const report = join(root, 'e2e', 'test-results', 'report.json')
      rmSync(report, { force: true })
      const result = await capture('npx', ['playwright', 'test', '--reporter=list,json'], {
        cwd: join(root, 'e2e'),
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      })
      const counts = countsOf(result, playwrightReport(report))
      outputs.push(
        `▸ browser (e2e): ${counts.passed} passed, ${counts.failed} failed (its lines above)`
      )
      records.push({ name: 'browser (e2e)', ...counts, seconds: secondsSince(begun) })
      axeStates = statesChecked(join(root, 'e2e', 'test-results'))
    }
    return { output: outputs.join('\n\n'), records }
  },
}

try {
  const staticAndUnits = [
    command('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']),
    command('lint', 'npx', ['eslint', '.', '--max-warnings', '0']),
    ...['backoffice', 'site']
      .filter(has)
      .map((workspace) => command(`lint ${workspace}`, 'npm', ['run', 'lint', '-w', workspace])),
    command('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
    command('common', 'npm', ['test', '-w', 'common'], { parse: nodeTest }),
    ...(has('sandbox')
      ? [command('sandbox', 'npm', ['test', '-w', 'sandbox'], { parse: nodeTest })]
      : []),
    ...(has('backoffice')
      ? [command('backoffice', 'npm', ['test', '-w', 'backoffice'], { parse: testsLine })]
      : []),
  ]
  if (quick) await lanes([afterServices(apiOnSqlite), ...staticAndUnits])
  else {
    /* The products wait for these (`staticOver`). */
    let running = staticAndUnits.length
    const counted = staticAndUnits.map((job) => ({
      name: job.name,
      async run() {
        try {
          return await job.run()
        } finally {
          if (--running === 0) staticFinished()
        }
      },
    }))
    /*
     * Every suite before the browser's in one pool, two at a time, so neither core waits for
     * the other's last suite (two pools left about 20 s of one core idle at each end): the
     * longest first, then the static checks and the replicas, which the products wait for,
     * then the API on SQLite and the products, and the shorter ones to fill in.
     */
    await lanes([
      afterServices(apiOnPostgres),
      ...counted,
      afterServices(replicasJob),
      afterServices(apiOnSqlite),
      ...(has('site') || has('e2e') ? [afterServices(productJob)] : []),
      /* Its own PostgreSQL, Redis, S3 server and payment sandbox: it stops and starts each. */
      afterServices(
        command('resilience', 'node', ['scripts/resilience/run.mjs'], { parse: faultCounts })
      ),
      command(
        'repository',
        'node',
        ['--test', '--test-reporter=spec', 'scripts/tests/*.test.mjs'],
        { parse: nodeTest }
      ),
      /* Sessions and rate limits on Redis: what replicas share when REDIS_URL is set. */
      afterServices(
        apiSuite(
          'api (redis)',
          {
            /* A SQLite file and a storage folder of its own: it runs beside the other API suite. */
            DB_CONNECTION: 'sqlite',
            SQLITE_FILE: 'tmp/test-redis.sqlite3',
            STORAGE_DIR: 'tmp/test-redis-storage',
            /* A database of its own: the suite empties it before each test. */
            REDIS_URL: process.env.SAKAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
          },
          [
            'tests/functional/sessions.spec.ts',
            'tests/functional/auth.spec.ts',
            'tests/functional/trust_proxy.spec.ts',
          ]
        )
      ),
    ])
    /*
     * The browser suite alone: beside it, the replicas' SIGTERM-during-a-burst check missed
     * its bound on the 2-core machine.
     */
    if (has('site') || has('e2e')) await lanes([browserJob], 1)
  }
} finally {
  await publicProduct?.stop()
  await product?.stop()
  await stopServices()
}

console.log('\n── summary ──')
const column = (text, width) => String(text).padEnd(width)
console.log(`  ${column('suite', 18)}${column('wall', 14)}tests`)
for (const { name, passed, failed, skipped, seconds } of results) {
  const extra = skipped ? `, ${skipped} skipped` : ''
  console.log(
    `${failed ? '✖' : '✔'} ${column(name, 18)}${column(clock(seconds), 14)}${passed} passed, ${failed} failed${extra}`
  )
}
for (const { name, seconds } of setups) console.log(`  ${column(name, 60)}${clock(seconds)}`)
console.log(`  ${column('total', 60)}${clock(secondsSince(started))}`)
/*
 * How busy the cores were, all processes counted: a stretch that kept every core busy was bound
 * by its CPU work (a slower machine takes longer in proportion); one with idle cores waited.
 */
const whole = cpuBetween(startCounters, cpuCounters())
console.log(`\nCPU work (every process on the machine), cores busy on average of ${whole.cores}:`)
const busy = ({ cpuSeconds, coresBusy }) =>
  `${column(`${Math.round(cpuSeconds)} CPU-s`, 12)}${coresBusy.toFixed(2)}`
/* Where each stretch's work went, by process (sampled each second): the largest parts. */
const parts = (groups) => {
  const shown = groups.filter(({ cpuSeconds }) => cpuSeconds >= 1).slice(0, 6)
  const rest = groups.slice(shown.length).reduce((sum, { cpuSeconds }) => sum + cpuSeconds, 0)
  return [
    ...shown.map(
      ({ group, cpuSeconds, started }) =>
        `${group} ${Math.round(cpuSeconds)}${group === PAGES && started > 0 ? ` (${started} started)` : ''}`
    ),
    ...(rest >= 1 ? [`the rest ${Math.round(rest)}`] : []),
  ].join(', ')
}
for (const stretch of stretches) {
  console.log(`  ${column(stretch.name, 60)}${column(clock(stretch.seconds), 14)}${busy(stretch)}`)
  if (stretch.groups.length > 0) console.log(`      by process, CPU-s: ${parts(stretch.groups)}`)
}
console.log(
  `  ${column('the whole run', 60)}${column(clock(secondsSince(started)), 14)}${busy(whole)}`
)
console.log(
  `  this machine's yardstick: ${yardstickSeconds.toFixed(2)} s of JavaScript work on one core (scripts/lib/cpu.mjs)`
)
if (axeStates !== undefined) console.log(`\naxe checked ${axeStates} distinct page states`)
const slowest = results
  .flatMap(({ name, slowest }) => slowest.map((test) => ({ ...test, suite: name })))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10)
if (slowest.length > 0) {
  console.log('\nthe ten slowest tests:')
  for (const { suite, title, ms } of slowest)
    console.log(`  ${column(clock(ms / 1000), 12)}${column(suite, 16)}${title.slice(0, 110)}`)
}
/* What passed only when run again (CI retries a browser test once): each one is a bug to fix. */
for (const { name, flaky = [] } of results.filter((result) => result.flaky?.length > 0)) {
  console.log(`\nflaky in ${name} (failed, then passed on its retry):`)
  for (const test of flaky) console.log(`  ${test}`)
}
/* What failed, by name, where CI's tail of the log shows it. */
for (const { name, failures } of results.filter((result) => result.failures.length > 0)) {
  console.log(`\nfailed in ${name}:`)
  for (const failure of failures) console.log(`  ${failure}`)
}
const total = (key) => results.reduce((sum, result) => sum + result[key], 0)
console.log(`${total('passed')} passed, ${total('failed')} failed`)
process.exitCode = total('failed') > 0 ? 1 : 0
