/*
 * Load runs with autocannon's programmatic API: a fixed number of connections for a fixed
 * time, the API and the bare server in turn (interleaved, so that a noisy moment on a shared
 * machine hits both alike), medians over the runs.
 */
import autocannon from 'autocannon'
import { median, percentile } from './stats.mjs'

/**
 * One run. autocannon's own summary has no 95th percentile, so every response time is kept
 * (a few hundred thousand numbers at most) and the percentiles are computed from them.
 */
export async function loadRun(url, { connections, duration, headers }) {
  const latencies = []
  const instance = autocannon({ url, connections, duration, ...(headers && { headers }) })
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  const result = await instance
  const ok = result['2xx']
  return {
    requestsPerSecond: ok / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/** The medians of a server's runs. */
function summarise(runs) {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    runs,
  }
}

/**
 * Measures one URL on both servers: a warm-up each (not counted), then `runs` runs each,
 * API, bare, API, bare, … `progress` prints a line per run. `headers` go with every request
 * on both sides; `names` label the two sides in the progress lines (the results stay
 * `{ api, bare }`).
 */
export async function compareCase({
  apiUrl,
  bareUrl,
  settings,
  progress,
  headers,
  names = ['API ', 'bare'],
}) {
  const options = { connections: settings.connections, duration: settings.duration, headers }
  await loadRun(apiUrl, { ...options, duration: settings.warmup })
  await loadRun(bareUrl, { ...options, duration: settings.warmup })
  const api = []
  const bare = []
  for (let run = 1; run <= settings.runs; run++) {
    api.push(await loadRun(apiUrl, options))
    progress(`${names[0]} run ${run}: ${api.at(-1).requestsPerSecond.toFixed(0)} req/s`)
    bare.push(await loadRun(bareUrl, options))
    progress(`${names[1]} run ${run}: ${bare.at(-1).requestsPerSecond.toFixed(0)} req/s`)
  }
  return { api: summarise(api), bare: summarise(bare) }
}
