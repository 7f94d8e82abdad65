/*
 * `npm run bench`: speed and memory targets, measured on a catalogue of 100,000 rooms in a
 * scratch SQLite file (the demo database is not touched). Prints each figure against its
 * target and exits non-zero when one is missed.
 *
 *   catalog:generate --rooms 100000   < 60 s
 *   GET /api/rooms (filters, sorts)   p95 < 150 ms each, sequential requests
 *   API process memory (RSS) after    < 400 MB
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { capture, ensureInstalled, root, run, waitForHttp } from './lib/steps.mjs'

const ROOMS = Number(process.env.BENCH_ROOMS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40)
const api = join(root, 'api')
const sqliteFile = 'tmp/bench.sqlite3'
const env = { ...process.env, SQLITE_FILE: sqliteFile, DB_CONNECTION: 'sqlite', LOG_LEVEL: 'warn' }
const results = []

function check(name, value, unit, limit) {
  const ok = value < limit
  results.push(ok)
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(58)} ${value.toFixed(1).padStart(8)} ${unit}  (target < ${limit} ${unit})`
  )
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

await ensureInstalled()
await run('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
for (const suffix of ['', '-wal', '-shm']) rmSync(join(api, sqliteFile + suffix), { force: true })
await run('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api, env })
await run('seed', 'node', ['ace', 'db:seed'], { cwd: api, env })

const generated = await capture(
  'node',
  ['ace', 'catalog:generate', '--rooms', String(ROOMS), '--seed', '42'],
  {
    cwd: api,
    env,
  }
)
const seconds = Number(/in ([\d.]+) s/.exec(generated.output)?.[1] ?? Infinity)
check(`catalog:generate --rooms ${ROOMS}`, seconds, 's', 60)

const port = await freePort()
const server = spawn('node', ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
  cwd: api,
  env: { ...env, PORT: String(port), SITE_DIST: '/nonexistent' },
  stdio: 'ignore',
})
try {
  const base = `http://127.0.0.1:${port}`
  await waitForHttp(`${base}/api/health`)
  const queries = {
    'default listing (newest)': '',
    'home quick search (zone, band, amenity, available)':
      'location=north&priceMin=1000&priceMax=2000&amenities=wifi&availability=true',
    'every filter, price descending':
      'location=east&priceMin=500&priceMax=3500&amenities=wifi,security&features=desk,ac&availability=true&sort=priceDesc',
    'cheapest available first': 'availability=true&sort=priceAsc',
    'deep page (rooms 5000–5048)': 'sort=priceAsc&_start=5000&_end=5048',
    'featured rooms': 'featured=true',
  }
  for (const [name, query] of Object.entries(queries)) {
    const times = []
    for (let index = 0; index < REQUESTS; index++) {
      const started = performance.now()
      const response = await fetch(`${base}/api/rooms?${query}`)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    check(
      `GET /api/rooms p95: ${name}`,
      times[Math.floor(times.length * 0.95) - 1] ?? times.at(-1),
      'ms',
      150
    )
  }
  const status = await capture('ps', ['-o', 'rss=', '-p', String(server.pid)], {})
  check('API resident memory after the runs', Number(status.output.trim()) / 1024, 'MB', 400)
} finally {
  server.kill('SIGINT')
}

const failed = results.filter((ok) => !ok).length
console.log(`${results.length - failed} passed, ${failed} failed`)
process.exitCode = failed ? 1 : 0
