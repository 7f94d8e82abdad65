/*
 * Section 5: every figure beside its goal, as Markdown. A goal missed is MISS, a figure that
 * could not be measured is NOT MEASURED; either makes the run fail.
 */
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { root } from '../lib/steps.mjs'
import { SERVER_SETTINGS } from './api-server.mjs'
import { GOALS } from './settings.mjs'

const KB = 1024
const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—')
const kb = (bytes) => fixed(bytes / KB, 1)

/** Collects verdicts while the tables are written. */
class Verdicts {
  list = []
  /** `ok` true/false for a goal met/missed, null when the figure is missing. */
  add(what, ok) {
    const verdict = ok === null ? 'NOT MEASURED' : ok ? 'PASS' : 'MISS'
    this.list.push({ what, verdict })
    return verdict
  }
  count(verdict) {
    return this.list.filter((entry) => entry.verdict === verdict).length
  }
}

const judge = (value, test) => (Number.isFinite(value) ? test(value) : null)

function machine() {
  const cpus = os.cpus()
  let commit = 'unknown'
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim()
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim()
    if (dirty) commit += ' (with uncommitted changes)'
  } catch {
    /* not a git checkout */
  }
  return [
    `- CPU: ${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB; load average at start ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} (1/5/15 min)`,
    `- Node ${process.version} on ${os.type()} ${os.release()} (${os.arch()})`,
    `- Commit ${commit}`,
  ]
}

function apiSection(lines, verdicts, settings, result) {
  const title = { sqlite: 'SQLite', pg: 'PostgreSQL' }[result.dialect]
  lines.push(`### ${title}`, '')
  if (result.missing) {
    verdicts.add(`API on ${title}`, null)
    lines.push(`MISSING: ${result.missing}`, '')
    return
  }
  if (result.error) {
    verdicts.add(`API on ${title}`, null)
    lines.push(`NOT MEASURED: ${result.error}`, '')
    return
  }
  if (!result.traceSupported)
    lines.push(
      'The API wrote no SQL trace (`SAKAN_SQL_TRACE` is not supported by this API), so the bare ' +
        'server could replay only `/api/health`.',
      ''
    )
  lines.push(
    `| case | SQL replayed | body | API req/s | bare req/s | API ÷ bare (goal ≥ ${GOALS.apiRatio * 100} %) | | API CPU µs/request | bare CPU µs/request | API p50 / p95 / p99 ms | bare p50 / p95 / p99 ms |`,
    '|---|---|---|--:|--:|--:|---|--:|--:|--:|--:|'
  )
  for (const entry of result.cases) {
    if (entry.problem || !entry.api) {
      const verdict = verdicts.add(`${title}: ${entry.name}`, null)
      lines.push(
        `| ${entry.name} \`${entry.path}\` | — | — | — | — | — | ${verdict} | — | — | ${entry.problem ?? ''} | |`
      )
      continue
    }
    const ratio = entry.api.requestsPerSecond / entry.bare.requestsPerSecond
    const failures = entry.api.failures + entry.bare.failures
    /* Figures from a run with failed requests, or from different answers, are not comparable. */
    const ok =
      entry.body.identical && failures === 0
        ? judge(ratio, (value) => value >= GOALS.apiRatio)
        : null
    const verdict = verdicts.add(`${title}: ${entry.name}`, ok)
    const body =
      (entry.body.identical
        ? `IDENTICAL (${entry.body.bytes} B)`
        : `DIFFERENT (${entry.body.why})`) + (entry.sameHeaders ? ', the API’s headers' : '')
    const latency = (side) =>
      `${fixed(side.p50, 1)} / ${fixed(side.p95, 1)} / ${fixed(side.p99, 1)}`
    lines.push(
      `| ${entry.name} \`${entry.path}\` | ${entry.statements} from the ${entry.source} | ${body} | ` +
        `${fixed(entry.api.requestsPerSecond)} | ${fixed(entry.bare.requestsPerSecond)} | ` +
        `${fixed(ratio * 100)} % | ${verdict}${failures ? ` (${failures} failed requests)` : ''} | ` +
        `${fixed(entry.api.cpuUsPerRequest)} | ${fixed(entry.bare.cpuUsPerRequest)} | ` +
        `${latency(entry.api)} | ${latency(entry.bare)} |`
    )
  }
  lines.push(
    '',
    (result.pinned
      ? 'Both servers ran on core 0 only (`taskset -c 0`), the load generator on core 1: '
      : 'Nothing was pinned (no taskset, or one core): ') +
      'CPU µs/request is the server process’s utime + stime (/proc/<pid>/stat) over each run, ' +
      'divided by the responses it gave (median of the runs). For `/api/health` the bare ' +
      'server sends the API’s own response headers (a fresh X-Request-Id each time).'
  )
  const memory = verdicts.add(
    `${title}: memory`,
    judge(result.peakRssMb, (value) => value <= GOALS.memoryMb)
  )
  lines.push(
    '',
    `Peak RSS of the API process over its load runs (VmHWM): **${fixed(result.peakRssMb)} MB** ` +
      `(goal ≤ ${GOALS.memoryMb} MB) — ${memory}`,
    ''
  )
}

function jsGoal(kind) {
  return GOALS.jsKb[kind]
}

function weightSection(lines, verdicts, pages) {
  lines.push(
    '## 2. Page weight (gzip level 9 of every resource the page loads, KB)',
    '',
    '| page | HTML | CSS | JS | fonts | other | transferred (as served) | JS goal | |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|'
  )
  for (const page of pages) {
    const goal = jsGoal(page.kind)
    const w = page.weight
    let verdict = ''
    if (goal !== undefined)
      verdict = verdicts.add(
        `JS of ${page.path} (${page.locale})`,
        w ? judge(w.js / KB, (value) => value <= goal) : null
      )
    else if (!w) verdict = verdicts.add(`weight of ${page.path} (${page.locale})`, null)
    lines.push(
      `| \`${page.path}\` (${page.locale}) | ${w ? kb(w.html) : '—'} | ${w ? kb(w.css) : '—'} | ` +
        `${w ? kb(w.js) : '—'} | ${w ? kb(w.fonts) : '—'} | ${w ? kb(w.other) : '—'} | ` +
        `${w ? kb(w.transferred) : '—'} | ${goal === undefined ? '—' : `≤ ${goal}`} | ${verdict} |`
    )
  }
  const external = [...new Set(pages.flatMap((page) => page.weight?.external ?? []))]
  if (external.length)
    lines.push('', `Requests to other origins (not counted): ${external.join(', ')}`)
  lines.push('')
}

function lighthouseSection(lines, verdicts, pages, settings) {
  lines.push(
    `## 3. Lighthouse (mobile, default configuration; median of ${settings.lighthouseRuns} run(s))`,
    '',
    '| page | performance | goal | accessibility | goal | best practices | SEO | goal | LCP ms | CLS | TBT ms | goal | |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|'
  )
  for (const page of pages) {
    const publicPage = page.kind !== 'login'
    const performanceGoal = publicPage ? GOALS.performance.public : GOALS.performance.login
    const s = page.scores
    const name = `${page.path} (${page.locale})`
    const goals = [['performance', performanceGoal]]
    if (publicPage) goals.push(['accessibility', GOALS.publicScore], ['seo', GOALS.publicScore])
    const outcome = goals.map(([category, goal]) => [
      category,
      verdicts.add(
        `${category} of ${name}`,
        judge(s[category], (v) => v >= goal)
      ),
    ])
    /* The public pages' islands never block the main thread for long. */
    if (publicPage)
      outcome.push([
        'TBT',
        verdicts.add(
          `Total Blocking Time of ${name}`,
          judge(page.tbtMs, (v) => v <= GOALS.publicTbtMs)
        ),
      ])
    const summary = ['MISS', 'NOT MEASURED']
      .map((verdict) => {
        const which = outcome.filter(([, v]) => v === verdict).map(([category]) => category)
        return which.length ? `${verdict} (${which.join(', ')})` : ''
      })
      .filter(Boolean)
      .join('; ')
    const failed = page.errors.length
      ? ` — ${page.errors.length} Lighthouse run(s) failed: ${page.errors[0]}`
      : ''
    lines.push(
      `| \`${page.path}\` (${page.locale}) | ${fixed(s.performance)} | ≥ ${performanceGoal} | ` +
        `${fixed(s.accessibility)} | ${publicPage ? `${GOALS.publicScore}` : '—'} | ` +
        `${fixed(s['best-practices'])} | ${fixed(s.seo)} | ${publicPage ? `${GOALS.publicScore}` : '—'} | ` +
        `${fixed(page.lcpMs)} | ${fixed(page.cls, 3)} | ${fixed(page.tbtMs)} | ` +
        `${publicPage ? `≤ ${GOALS.publicTbtMs}` : '—'} | ${summary || 'PASS'}${failed} |`
    )
  }
  lines.push('')
}

function screensSection(lines, verdicts, screens, settings) {
  lines.push(
    `## 3b. The resident's screens, cold (median of ${settings.screenRuns} visits, 390×844)`,
    '',
    'From the start of the navigation to her first data on screen, each visit in a new browser context.',
    ''
  )
  if (screens.error) {
    verdicts.add('resident screens', null)
    lines.push(`NOT MEASURED: ${screens.error}`, '')
    return
  }
  lines.push('| screen | language | ms | runs | goal | |', '|---|---|--:|---|--:|---|')
  for (const screen of screens) {
    const verdict = verdicts.add(
      `${screen.name} (${screen.lang})`,
      judge(screen.ms, (value) => value <= GOALS.screenMs)
    )
    lines.push(
      `| ${screen.name} (\`${screen.path}\`) | ${screen.lang} | ${fixed(screen.ms)} | ` +
        `${screen.runs.join(', ')} | ≤ ${GOALS.screenMs} | ${verdict} |`
    )
  }
  lines.push('')
}

/** Long statements are cut: the appendix shows what was replayed, not every byte of it. */
const SQL_SHOWN = 600

function sqlAppendix(lines, api) {
  lines.push('## Appendix: the SQL the bare server replays per request', '')
  for (const result of api) {
    for (const entry of result.cases ?? []) {
      if (!entry.sql?.length) continue
      lines.push(`**${result.dialect}, ${entry.name}** (from the ${entry.source}):`, '', '```sql')
      for (const { sql, bindings } of entry.sql) {
        const shown =
          sql.length > SQL_SHOWN ? `${sql.slice(0, SQL_SHOWN)}… (${sql.length} chars)` : sql
        lines.push(`${shown};  -- bindings ${JSON.stringify(bindings)}`)
      }
      lines.push('```', '')
    }
  }
}

function adminSection(lines, verdicts, results, settings) {
  lines.push(
    `## 5. Back-office lists (${settings.rooms} rooms, ${settings.payments} payments, ${settings.stays} stays, ${settings.notifications} notifications; one request at a time, 100 after 10 warm-up)`,
    ''
  )
  for (const result of results) {
    const title = { sqlite: 'SQLite', pg: 'PostgreSQL' }[result.dialect]
    lines.push(`### ${title}`, '')
    if (result.missing || result.error) {
      verdicts.add(`admin lists on ${title}`, null)
      lines.push(`NOT MEASURED: ${result.missing ?? result.error}`, '')
      continue
    }
    lines.push(
      '| list page | p50 ms | p95 ms | goal: p95 < ms | max ms | |',
      '|---|---|---|---|---|---|'
    )
    for (const item of result.cases) {
      const goal = item.rentRoll ? GOALS.rentRollP95Ms : GOALS.adminP95Ms
      const verdict = verdicts.add(
        `${item.name} on ${title}`,
        item.status === 200 ? judge(item.p95, (value) => value < goal) : null
      )
      lines.push(
        `| ${item.name} (\`${item.path.replace(/\|/g, '\\|')}\`) | ${fixed(item.p50, 1)} | ${fixed(item.p95, 1)} | ${goal} | ${fixed(item.max, 1)} | ${item.status === 200 ? verdict : `HTTP ${item.status}`} |`
      )
    }
    lines.push('')
  }
}

const latency = (side) => `${fixed(side.p50, 1)} / ${fixed(side.p95, 1)} / ${fixed(side.p99, 1)}`

function pageThroughputTable(lines, verdicts, throughput, settings) {
  lines.push(
    `### Throughput beside a static file of the same size (SQLite)`,
    '',
    `autocannon, ${settings.connections} connections, ${settings.duration} s per run, one ${settings.warmup} s ` +
      `warm-up per side, ${settings.runs} run(s) each, page and static file interleaved, medians; ` +
      '`Accept-Encoding: br, gzip` on both sides. The static file is the page’s own HTML written ' +
      'with its `.br`/`.gz` into the site’s `client/bench-static/`, served by the same server. ' +
      'Measured once the server had finished its start-up work (the page cache’s warm-up: ' +
      `CPU under 5 % of a core for a second, ${fixed(throughput.quietSeconds, 1)} s after it answered).`,
    ''
  )
  if (throughput.error) {
    verdicts.add('pages throughput', null)
    lines.push(`NOT MEASURED: ${throughput.error}`, '')
    return
  }
  lines.push(
    `| page | HTML B (sent page / static) | page req/s | static req/s | page ÷ static (goal ≥ ${GOALS.pageRatio * 100} %) | | page p50 / p95 / p99 ms | p95 goal ≤ ${GOALS.pageP95Ms} ms | | static p50 / p95 / p99 ms |`,
    '|---|--:|--:|--:|--:|---|--:|--:|---|--:|'
  )
  for (const entry of throughput.pages) {
    const name = `${entry.name} \`${entry.path}\``
    if (entry.problem || !entry.page) {
      const verdict = verdicts.add(`throughput of ${entry.path}`, null)
      lines.push(`| ${name} | — | — | — | — | ${verdict} | — | — | | ${entry.problem ?? ''} |`)
      continue
    }
    const ratio = entry.page.requestsPerSecond / entry.static.requestsPerSecond
    const failures = entry.page.failures + entry.static.failures
    /* Figures from a run with failed requests are not comparable. */
    const clean = failures === 0
    const ratioVerdict = verdicts.add(
      `throughput of ${entry.path}`,
      clean ? judge(ratio, (value) => value >= GOALS.pageRatio) : null
    )
    const p95Verdict = verdicts.add(
      `p95 of ${entry.path}`,
      clean ? judge(entry.page.p95, (value) => value <= GOALS.pageP95Ms) : null
    )
    const sent = `${entry.bytes} (${entry.page.sent} ${entry.page.encoding} / ${entry.static.sent} ${entry.static.encoding})`
    lines.push(
      `| ${name} | ${sent} | ${fixed(entry.page.requestsPerSecond)} | ${fixed(entry.static.requestsPerSecond)} | ` +
        `${fixed(ratio * 100)} % | ${ratioVerdict}${failures ? ` (${failures} failed requests)` : ''} | ` +
        `${latency(entry.page)} | ≤ ${GOALS.pageP95Ms} | ${p95Verdict} | ${latency(entry.static)} |`
    )
  }
  lines.push(
    '',
    `Peak RSS of the server over these runs (VmHWM; no goal here): ${fixed(throughput.peakRssMb)} MB`,
    ''
  )
}

function regenerationTable(lines, verdicts, results) {
  lines.push(
    '### Regeneration after a write',
    '',
    'The administrator changes a room’s price (`PATCH /api/rooms/:id`) 20 times; from each ' +
      'answer, `/en/property/:id` and `/ar/property/:id` are fetched every 50 ms (no cache) until ' +
      'both show the new price as the site writes it (Arabic-Indic digits in Arabic); after 15 s ' +
      'it is a miss, counted as longer than any time. The writes begin once the server has ' +
      'finished its start-up work (as above).',
    '',
    `| database | room | writes | p50 ms | p95 ms (goal ≤ ${GOALS.regenerationP95Ms}) | misses | quiet after start s | |`,
    '|---|--:|--:|--:|--:|--:|--:|---|'
  )
  for (const result of results) {
    const title = { sqlite: 'SQLite', pg: 'PostgreSQL' }[result.dialect]
    if (result.missing || result.error) {
      const verdict = verdicts.add(`regeneration on ${title}`, null)
      const why = result.missing ? `MISSING: ${result.missing}` : result.error
      lines.push(`| ${title} | — | — | — | — | — | — | ${verdict}: ${why} |`)
      continue
    }
    /* A p95 beyond every time (misses) is a miss of the goal, not a missing figure. */
    const ok = result.samples.length > 0 ? result.p95 <= GOALS.regenerationP95Ms : null
    const verdict = verdicts.add(`regeneration on ${title}`, ok)
    const shown = (ms) => (Number.isFinite(ms) ? fixed(ms) : '> 15000')
    lines.push(
      `| ${title} | ${result.roomId} | ${result.writes} | ${shown(result.p50)} | ${shown(result.p95)} | ` +
        `${result.misses} | ${fixed(result.quietSeconds, 1)} | ${verdict} |`
    )
  }
  lines.push('')
}

function throughputSection(lines, verdicts, throughput, settings) {
  lines.push(`## 6. Catalogue pages (the site's catalogue, ${throughput.rooms ?? '—'} rooms)`, '')
  if (throughput.error) {
    verdicts.add('catalogue pages', null)
    lines.push(`NOT MEASURED: ${throughput.error}`, '')
    return
  }
  pageThroughputTable(lines, verdicts, throughput.throughput, settings)
  regenerationTable(lines, verdicts, throughput.regeneration)
}

/** The whole report: `{ markdown, failed }` (`failed`: a goal missed or a figure missing). */
export function writeReport({
  settings,
  startedAt,
  finishedAt,
  api,
  admin,
  pages,
  throughput,
  build,
  notes,
}) {
  const verdicts = new Verdicts()
  const lines = [
    `# Sakan benchmark — ${startedAt.toISOString()}`,
    '',
    '## Machine and settings',
    '',
    ...machine(),
    `- Sections: ${[...settings.only].join(', ')}; ${Math.round((finishedAt - startedAt) / 1000)} s in all`,
    `- Server measured: ${SERVER_SETTINGS}`,
    ...(api
      ? [
          `- Load: autocannon, ${settings.connections} connections, ${settings.duration} s per run, one ${settings.warmup} s warm-up per server and case, ${settings.runs} run(s) each, interleaved API/bare; medians of the runs`,
          `- API catalogue: the demo seed plus ${settings.rooms} generated rooms (seed ${settings.seed})`,
        ]
      : []),
    `- Site catalogue: the demo seed plus ${settings.siteRooms} generated rooms (seed ${settings.seed})`,
    ...notes.map((note) => `- ${note}`),
    '',
  ]
  if (api) {
    lines.push(`## 1. API beside a bare node:http server (${settings.rooms} rooms)`, '')
    for (const result of api) apiSection(lines, verdicts, settings, result)
  }
  if (pages) {
    if (pages.error) {
      verdicts.add('pages', null)
      lines.push('## 2–3. Pages', '', `NOT MEASURED: ${pages.error}`, '')
    } else {
      weightSection(lines, verdicts, pages.results)
      lighthouseSection(lines, verdicts, pages.results, settings)
      screensSection(lines, verdicts, pages.screens, settings)
    }
  }
  if (build) {
    lines.push('## 4. Site build', '')
    const verdict = verdicts.add(
      'site build',
      judge(build.seconds, (value) => value <= GOALS.buildSeconds)
    )
    lines.push(
      build.error
        ? `NOT MEASURED: ${build.error}`
        : `\`npm run build -w site\` over ${build.rooms} rooms, both locales: **${fixed(build.seconds, 1)} s** ` +
            `(goal ≤ ${GOALS.buildSeconds} s) — ${verdict}`,
      ''
    )
  }
  if (admin) adminSection(lines, verdicts, admin, settings)
  if (throughput) throughputSection(lines, verdicts, throughput, settings)
  if (api) sqlAppendix(lines, api)
  const [pass, miss, missing] = ['PASS', 'MISS', 'NOT MEASURED'].map((v) => verdicts.count(v))
  lines.push(`## Summary`, '', `${pass} PASS, ${miss} MISS, ${missing} NOT MEASURED`, '')
  return { markdown: lines.join('\n'), failed: miss + missing > 0 }
}
