/*
 * Load runs with autocannon's programmatic API: a fixed number of connections for a fixed
 * time, the API and the bare server in turn (interleaved, so that a noisy moment on a shared
 * machine hits both alike), medians over the runs.
 */
import autocannon from 'autocannon'
import { CLOCK_TICKS, cpuTicks } from './processes.mjs'
import { median, percentile } from './stats.mjs'

/**
 * One run. autocannon's own summary has no 95th percentile, so every response time is kept
 * (a few hundred thousand numbers at most) and the percentiles are computed from them.
 * With `pid` (the server's process), also the CPU time that process spent per response, in
 * µs: its utime + stime from /proc before and after the run, over the responses it gave.
 */
export async function loadRun(url, { connections, duration, headers, pid }) {
  const latencies = []
  const ticksBefore = pid === undefined ? NaN : cpuTicks(pid)
  const instance = autocannon({ url, connections, duration, ...(headers && { headers }) })
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  const result = await instance
  const ticksAfter = pid === undefined ? NaN : cpuTicks(pid)
  const ok = result['2xx']
  return {
    requestsPerSecond: ok / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: result.non2xx + result.errors + result.timeouts,
    cpuUsPerRequest: (((ticksAfter - ticksBefore) / CLOCK_TICKS) * 1e6) / latencies.length,
  }
}

/** The medians of a server's runs. */
function summarise(runs) {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    p99: median(runs.map((run) => run.p99)),
    cpuUsPerRequest: median(runs.map((run) => run.cpuUsPerRequest)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    runs,
  }
}

/** A run's figures on one line: req/s, and the server's CPU µs per request when measured. */
function runLine(run) {
  const cpu = Number.isFinite(run.cpuUsPerRequest)
    ? `, ${run.cpuUsPerRequest.toFixed(0)} µs CPU/request`
    : ''
  return `${run.requestsPerSecond.toFixed(0)} req/s${cpu}`
}

/**
 * Measures one URL on both servers: a warm-up each (not counted), then `runs` runs each,
 * API, bare, API, bare, … `progress` prints a line per run. `headers` go with every request
 * on both sides; `names` label the two sides in the progress lines (the results stay
 * `{ api, bare }`). `pids` (`{ api, bare }`, optional) are the servers' processes, whose CPU
 * time per request is then measured too.
 */
export async function compareCase({
  apiUrl,
  bareUrl,
  settings,
  progress,
  headers,
  names = ['API ', 'bare'],
  pids = {},
}) {
  const options = { connections: settings.connections, duration: settings.duration, headers }
  await loadRun(apiUrl, { ...options, duration: settings.warmup })
  await loadRun(bareUrl, { ...options, duration: settings.warmup })
  const api = []
  const bare = []
  for (let run = 1; run <= settings.runs; run++) {
    api.push(await loadRun(apiUrl, { ...options, pid: pids.api }))
    progress(`${names[0]} run ${run}: ${runLine(api.at(-1))}`)
    bare.push(await loadRun(bareUrl, { ...options, pid: pids.bare }))
    progress(`${names[1]} run ${run}: ${runLine(bare.at(-1))}`)
  }
  return { api: summarise(api), bare: summarise(bare) }
}
