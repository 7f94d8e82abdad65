/*
 * How busy the machine's cores were over a stretch of `npm test`, from the operating system's
 * own counters (`os.cpus()`: each core's time in user, nice, system, idle and interrupt work,
 * in ms since boot), for every process on the machine: the suites, the products, the browser,
 * PostgreSQL. A stretch whose cores were busy all along was bound by the CPU work in it; one
 * with idle cores waited (on time-outs, the disk or the network), and could run beside more.
 * Each process's own counters (/proc) then say which part of the run spent that work.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'

/** The cores' counters now: busy and idle milliseconds summed over every core, and how many. */
export function cpuCounters(cores = cpus()) {
  let busy = 0
  let idle = 0
  for (const { times } of cores) {
    busy += times.user + times.nice + times.sys + times.irq
    idle += times.idle
  }
  return { busy, idle, cores: cores.length }
}

/**
 * What the machine did between two readings of `cpuCounters`: the CPU-seconds spent (all
 * processes) and how many of its cores that kept busy on average.
 */
export function cpuBetween(before, after) {
  const seconds = Math.max(0, after.busy - before.busy) / 1000
  /* The counters cover every core: their total over the stretch is its wall time per core. */
  const counted = Math.max(0, after.busy + after.idle - before.busy - before.idle) / 1000
  return {
    cpuSeconds: seconds,
    coresBusy: counted > 0 ? (seconds / counted) * after.cores : 0,
    cores: after.cores,
  }
}

/**
 * A fixed piece of CPU work on one core, as a yardstick between machines: the seconds this one
 * takes to build, sort and serialize the same records (JavaScript's everyday work: objects,
 * strings, comparisons, garbage). Machines of one kind differ (the same suite has taken 8 and 17
 * minutes on two of them); this says which kind of machine a run had.
 */
export function yardstick(rounds = 4) {
  const started = performance.now()
  for (let round = 0; round < rounds; round++) {
    const records = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      key: ((i * 2_654_435_761) % 1_000_003).toString(36),
    }))
    records.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
    JSON.stringify(records)
  }
  return (performance.now() - started) / 1000
}

/** The group of Chromium's renderers: the pages. */
export const PAGES = "Chromium's pages"

/*
 * Which part of the run a process is, by its command line: the browser suite's CPU split
 * between Chromium's pages, its browser and drawing processes, Playwright, the products and
 * the services; the others' between the API suite, the static checks and PostgreSQL.
 */
const GROUPS = [
  [/chromium|headless[-_]shell|chrome/, (command) => chromiumGroup(command)],
  [/playwright/, () => 'Playwright'],
  [/^postgres|\/postgres /, () => 'PostgreSQL'],
  [/redis-server/, () => 'Redis'],
  [/bin\/server\.[jt]s/, () => 'API servers'],
  [/\bace(\.js)? test|bin\/test\.[jt]s/, () => 'API suite (Japa)'],
  [/typescript|\btsc\b|vue-tsc/, () => 'TypeScript'],
  [/eslint/, () => 'ESLint'],
  [/prettier/, () => 'Prettier'],
  [/vitest/, () => 'Vitest'],
  [/firebase|emulators:start/, () => 'Auth emulator'],
  [/sandbox\/src/, () => 'payment sandbox'],
  [/maildev/, () => 'mail catcher'],
  [/\bnode\b/, () => 'other Node processes'],
  /* kdamond (the kernel watching memory use), kworker, ksoftirqd: the machine's own work. */
  [/^\[/, () => "the kernel's threads"],
]

function chromiumGroup(command) {
  const type = /--type=([\w-]+)/.exec(command)?.[1]
  if (!type) return "Chromium's browser process"
  if (type === 'renderer') return PAGES
  if (type === 'gpu-process') return "Chromium's drawing (GPU process)"
  return "Chromium's other processes"
}

/** The group of a process run by `command` (its command line, arguments joined by spaces). */
export function processGroup(command) {
  for (const [pattern, group] of GROUPS) if (pattern.test(command)) return group(command)
  return 'other'
}

/* The kernel's clock ticks per second for process times (USER_HZ): 100 on every Linux here. */
const TICKS_PER_SECOND = 100

/**
 * Every process's CPU time so far, in seconds, keyed by its id and start time (an id used again
 * is another process), with its command line unless `known` already has its key (read once per
 * process, not at every sample); null where there is no /proc (not Linux).
 */
export function readProcesses(known = new Map(), proc = '/proc') {
  if (!existsSync(join(proc, 'self', 'stat'))) return null
  const found = new Map()
  for (const pid of readdirSync(proc)) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = readFileSync(join(proc, pid, 'stat'), 'utf8')
      /* The fields after the name in parentheses (which may hold spaces), from the 3rd (state)
         on: user and system time are the 14th and 15th, the start time the 22nd (proc(5)). */
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ticks = Number(fields[11]) + Number(fields[12])
      const key = `${pid}@${fields[19]}`
      /* A kernel thread has no command line: its name in brackets, as `ps` shows it. */
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const command = known.has(key)
        ? undefined
        : readFileSync(join(proc, pid, 'cmdline'), 'utf8')
            .replaceAll('\0', ' ')
            .trim() || `[${name}]`
      found.set(key, { seconds: ticks / TICKS_PER_SECOND, command })
    } catch {
      /* Gone between the listing and the reading. */
    }
  }
  return found
}

/**
 * Samples every process each `everyMs` from now until `stop()`, which returns the CPU-seconds
 * each group spent meanwhile, the largest first, and how many of its processes started
 * meanwhile (`started`: of Chromium's pages, the renderers started, about one per page opened
 * afresh rather than kept). A process that began and ended between two samples is missed, and
 * one that ended loses its time since its last sample: the groups add up to a little less than
 * the cores' counters (`cpuBetween`), and `started` is a floor. Empty where there is no /proc.
 */
export function sampleProcesses({ everyMs = 1000, read = readProcesses } = {}) {
  const first = read()
  if (!first) return { stop: () => [] }
  const latest = new Map()
  const take = () => {
    for (const [key, reading] of read(latest) ?? []) {
      const known = latest.get(key)
      /* Started since the first sample: all its time is in the stretch. */
      const start = known?.start ?? first.get(key)?.seconds ?? 0
      /* The command first seen: an ended process not yet reaped has none left. */
      latest.set(key, {
        seconds: reading.seconds,
        command: known?.command ?? reading.command,
        start,
      })
    }
  }
  take()
  const timer = setInterval(take, everyMs)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      take()
      const groups = new Map()
      for (const [key, { seconds, start, command }] of latest) {
        const group = processGroup(command)
        const sum = groups.get(group) ?? { group, cpuSeconds: 0, started: 0 }
        sum.cpuSeconds += Math.max(0, seconds - start)
        if (!first.has(key)) sum.started += 1
        groups.set(group, sum)
      }
      return [...groups.values()].sort((a, b) => b.cpuSeconds - a.cpuSeconds)
    },
  }
}
