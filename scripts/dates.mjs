/*
 * `npm run test:dates [yyyy-mm-dd ...]`: the quick run (`npm run test:quick`: the static
 * checks, the unit tests and the API suite on SQLite) on other days than today, with every
 * process's clock moved by libfaketime (Debian's `faketime` package), the Auth emulator and
 * the payment sandbox it starts included. Without dates: the days a rent rule turns on, in
 * Riyadh, from next month's 1st on (see `daysToTry`).
 *
 * Every test must hold on any day; CI runs on whatever day a session ends. A test that builds a
 * stay "a week from now" or expects this month's rent to be "due" passes for weeks and then
 * fails from one day to the next (this happened twice). Run this before relying on a date.
 *
 * Only the clocks of processes move: the files' times and PostgreSQL's clock do not (the quick
 * run does not use PostgreSQL). Stop any product or emulator of your own first, or the run
 * uses it, on today's clock. Each day takes as long as `npm run test:quick`.
 */
import './lib/test_env.mjs'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { root } from './lib/steps.mjs'
import { EMULATOR_HOST } from './lib/emulator.mjs'
import { SANDBOX_URL } from './lib/sandbox.mjs'

const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/faketime/libfaketimeMT.so.1',
]
/** `yyyy-mm-dd` of a UTC instant. */
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10)

/**
 * The days a rent rule turns on, after today: the 1st, the 6th (the grace days over), the 25th
 * (a move-in a week ahead falls in the next month) and the last day of next month; the last of
 * February and New Year's Day ahead.
 */
function daysToTry(now = Date.now()) {
  const today = new Date(now + 3 * 3_600_000)
  const year = today.getUTCFullYear()
  const next = today.getUTCMonth() + 1
  const day = (y, m, d) => isoDay(Date.UTC(y, m, d))
  return [
    day(year, next, 1),
    day(year, next, 6),
    day(year, next, 25),
    day(year, next + 1, 0),
    day(today.getUTCMonth() < 2 ? year : year + 1, 2, 0),
    day(year + 1, 0, 1),
  ]
}

const library = LIBRARIES.find((path) => existsSync(path))
if (!library) {
  console.error('test:dates needs libfaketime: sudo apt-get install faketime')
  process.exit(1)
}
const asked = process.argv.slice(2)
for (const day of asked)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || isoDay(Date.parse(`${day}T00:00:00Z`)) !== day) {
    console.error(`test:dates: ${day} is not a date (yyyy-mm-dd)`)
    process.exit(1)
  }
/* Whether anything answers at the URL (the emulator answers its root with a 404). */
const answers = (url) =>
  fetch(url).then(
    () => true,
    () => false
  )
const busy = []
for (const [name, url] of [
  ['an Auth emulator', `http://${EMULATOR_HOST}/`],
  ['a payment sandbox', `${SANDBOX_URL}/__sandbox/health`],
])
  if (await answers(url)) busy.push(name)
if (busy.length > 0) {
  console.error(
    `test:dates: ${busy.join(' and ')} ${busy.length > 1 ? 'are' : 'is'} running on today's clock: stop ${busy.length > 1 ? 'them' : 'it'} first`
  )
  process.exit(1)
}

const days = [...new Set(asked.length > 0 ? asked : daysToTry())]
const results = []
for (const day of days) {
  /* Noon in Riyadh on that day, whatever the time now: the run ends on the same day. */
  const seconds = Math.round((Date.parse(`${day}T12:00:00+03:00`) - Date.now()) / 1000)
  console.log(`\n▸ test:quick on ${day} (the clock moved by ${(seconds / 86_400).toFixed(1)} days)`)
  const run = spawnSync('npm', ['run', 'test:quick'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}`, LD_PRELOAD: library },
  })
  const output = run.stdout ?? ''
  const failed = output.split('\n').filter((line) => /^\s+✖ /.test(line))
  const last = output.trimEnd().split('\n').at(-1) ?? ''
  results.push({ day, ok: run.status === 0, last, failed })
  if (run.status !== 0) console.log(output.split('\n').slice(-40).join('\n'))
  else console.log(last)
}

console.log('\nday          result')
for (const { day, ok, last, failed } of results) {
  console.log(`${ok ? '✔' : '✖'} ${day}  ${last}`)
  for (const line of new Set(failed)) console.log(`    ${line.trim()}`)
}
process.exitCode = results.every((result) => result.ok) ? 0 : 1
