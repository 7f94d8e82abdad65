/*
 * How busy the machine's cores were over a stretch of `npm test`, from the operating system's
 * own counters (`os.cpus()`: each core's time in user, nice, system, idle and interrupt work,
 * in ms since boot), for every process on the machine: the suites, the products, the browser,
 * PostgreSQL. A stretch whose cores were busy all along was bound by the CPU work in it; one
 * with idle cores waited (on time-outs, the disk or the network), and could run beside more.
 */
import { cpus } from 'node:os'

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
