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
import { ensureInstalled, root, run } from './lib/steps.mjs'
import { emulatorAnswers } from './lib/emulator.mjs'
import { sandboxAnswers } from './lib/sandbox.mjs'

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
function daysToTry({ year, month }) {
  /* Date.UTC's months count from 0: `month` is next month, day 0 the last of the one before. */
  const day = (y, m, d) => isoDay(Date.UTC(y, m, d))
  return [
    day(year, month, 1),
    day(year, month, 6),
    day(year, month, 25),
    day(year, month + 1, 0),
    day(month <= 2 ? year : year + 1, 2, 0),
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
const busy = []
if (await emulatorAnswers()) busy.push('an Auth emulator')
if (await sandboxAnswers()) busy.push('a payment sandbox')
if (busy.length > 0) {
  console.error(
    `test:dates: ${busy.join(' and ')} ${busy.length > 1 ? 'are' : 'is'} running on today's clock: stop ${busy.length > 1 ? 'them' : 'it'} first`
  )
  process.exit(1)
}

/* Riyadh's date is common's (built by the install, as the quick run builds it). */
await ensureInstalled()
await run('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
const { riyadhDate } = await import('@sakan/common')
const days = [...new Set(asked.length > 0 ? asked : daysToTry(riyadhDate()))]
const results = []
for (const day of days) {
  /* Noon in Riyadh on that day, whatever the time now: the run ends on the same day. */
  const seconds = Math.round((Date.parse(`${day}T12:00:00+03:00`) - Date.now()) / 1000)
  console.log(`\n▸ test:quick on ${day} (the clock moved by ${(seconds / 86_400).toFixed(1)} days)`)
  const quick = spawnSync('npm', ['run', 'test:quick'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}`, LD_PRELOAD: library },
  })
  const output = quick.stdout ?? ''
  const failed = output.split('\n').filter((line) => /^\s+✖ /.test(line))
  const last = output.trimEnd().split('\n').at(-1) ?? ''
  results.push({ day, ok: quick.status === 0, last, failed })
  if (quick.status !== 0) console.log(output.split('\n').slice(-40).join('\n'))
  else console.log(last)
}

console.log('\nday          result')
for (const { day, ok, last, failed } of results) {
  console.log(`${ok ? '✔' : '✖'} ${day}  ${last}`)
  for (const line of new Set(failed)) console.log(`    ${line.trim()}`)
}
process.exitCode = results.every((result) => result.ok) ? 0 : 1
