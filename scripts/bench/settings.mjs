/*
 * What one `npm run bench` measures, from the environment: the knobs for quick runs and the
 * fixed settings the report prints beside its figures.
 */
const SECTIONS = ['api', 'pages', 'build', 'admin', 'throughput']

function positive(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}

function sections() {
  const raw = process.env.BENCH_ONLY
  if (!raw) return new Set(SECTIONS)
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const unknown = names.filter((name) => !SECTIONS.includes(name))
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (use ${SECTIONS.join(',')})`)
  return new Set(names)
}

export function readSettings() {
  const duration = positive('BENCH_DURATION', 10)
  return {
    only: sections(),
    /** Rooms in the API's scratch databases (the goals' figure: 100,000). */
    rooms: Math.round(positive('BENCH_ROOMS', 100_000)),
    /** Payments in the back office's scratch ledger (the goals' figure: 1,000,000). */
    payments: Math.round(positive('BENCH_PAYMENTS', 1_000_000)),
    /** Stays in it, running and ended (the goals' figure: 100,000). */
    stays: Math.round(positive('BENCH_STAYS', 100_000)),
    /** Notifications in its outbox (the goals' figure: 1,000,000). */
    notifications: Math.round(positive('BENCH_NOTIFICATIONS', 1_000_000)),
    /** Rooms in the catalogue the site is built from (the goals' figure: 10,000). */
    siteRooms: Math.round(positive('BENCH_SITE_ROOMS', 10_000)),
    connections: 50,
    /** Seconds per measured autocannon run. */
    duration,
    /** Seconds of the one warm-up run per server and case, not counted. */
    warmup: Math.min(5, duration),
    runs: Math.round(positive('BENCH_RUNS', 3)),
    lighthouseRuns: Math.round(positive('BENCH_LH_RUNS', 3)),
    /** Cold visits per resident's screen and language (section 3b). */
    screenRuns: Math.round(positive('BENCH_SCREEN_RUNS', 5)),
    seed: 42,
    /** The scratch PostgreSQL database (created and dropped by the run). */
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sakan_bench',
    chromium: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
  }
}

/** The goals, printed beside every figure. */
export const GOALS = {
  apiRatio: 0.7,
  /** Peak RSS of the one-process server through its load runs. */
  memoryMb: 200,
  performance: { public: 95, login: 90 },
  /** A cold first visit to a resident's rent screen shows her first data within 1.5 s. */
  screenMs: 1500,
  /** Accessibility and SEO on the public pages. */
  publicScore: 100,
  /** Total Blocking Time of a public page in Lighthouse's mobile run. */
  publicTbtMs: 150,
  /** Listings and a room's page, each with a React island (its runtime included), at most 90 KB. */
  jsKb: { listings: 90, property: 90, login: 150 },
  buildSeconds: 120,
  /** Each back-office list page, p95 over 100,000 rooms and 1,000,000 payments. */
  adminP95Ms: 100,
  /** The rent roll (issue 44), p95 over 100,000 rooms and 1,000,000 payments. */
  rentRollP95Ms: 300,
  /** A catalogue page's req/s beside a static file of its size, and its p95. */
  pageRatio: 0.8,
  pageP95Ms: 20,
  /** A room's pages show an administrator's change within this time (p95). */
  regenerationP95Ms: 5000,
}
