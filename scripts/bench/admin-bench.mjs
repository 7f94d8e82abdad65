/*
 * Section 5: the back office's lists as the administrator opens them, over the benchmark's
 * rooms, BENCH_PAYMENTS (1,000,000) payments, BENCH_STAYS (100,000) stays and
 * BENCH_NOTIFICATIONS (1,000,000) notifications: each list page's latency, measured one
 * request at a time (as one administrator clicks), p50 and p95 against the goal.
 */
import { randomBytes } from 'node:crypto'
import { startApi } from './api-server.mjs'
import { apiDir, scratchDatabase } from './database.mjs'
import { runStep } from './processes.mjs'
import { openAdminSession, sessionServerEnv } from './session.mjs'
import { percentile } from './stats.mjs'

/** Requests per case, after WARMUP unmeasured ones. */
const SAMPLES = 100
const WARMUP = 10

/** The list pages of the back office (their first page, 20 rows, with X-Total-Count). */
function adminCases({ month, email, buildingId, tenancyId }) {
  const page = '_start=0&_end=20'
  return [
    { name: 'payments', path: `/api/payments?${page}&_sort=createdAt&_order=desc` },
    { name: 'payments of a month', path: `/api/payments?${page}&monthCovered=${month}` },
    { name: 'failed payments', path: `/api/payments?${page}&paymentStatus=failed` },
    { name: 'payments in a building', path: `/api/payments?${page}&buildingId=${buildingId}` },
    {
      name: 'payments by tenant search',
      path: `/api/payments?${page}&q=${encodeURIComponent(email)}`,
    },
    {
      name: 'payments summary of a month',
      path: `/api/admin/payments/summary?monthCovered=${month}`,
    },
    { name: 'applications', path: `/api/applications?${page}&_sort=createdAt&_order=desc` },
    {
      name: 'applications by e-mail',
      path: `/api/applications?${page}&q=${encodeURIComponent(email)}`,
    },
    { name: 'rooms', path: `/api/admin/rooms?${page}&_sort=id&_order=desc` },
    { name: 'rooms by price', path: `/api/admin/rooms?${page}&_sort=price&_order=asc` },
    { name: 'buildings', path: `/api/admin/buildings?${page}&_sort=id&_order=desc` },
    { name: 'maintenance requests', path: `/api/maintenance-requests?${page}` },
    { name: 'audit log', path: `/api/admin/audit-events?${page}` },
    { name: 'stays', path: `/api/tenancies?${page}` },
    { name: 'stays by balance', path: `/api/tenancies?${page}&_sort=balance&_order=desc` },
    { name: 'overdue stays', path: `/api/tenancies?${page}&overdue=true` },
    { name: 'running stays', path: `/api/tenancies?${page}&state=active&_sort=startDate` },
    { name: 'stays in a building', path: `/api/tenancies?${page}&buildingId=${buildingId}` },
    { name: 'stays by search', path: `/api/tenancies?${page}&q=${encodeURIComponent(email)}` },
    { name: 'a stay and its ledger', path: `/api/tenancies/${tenancyId}/ledger` },
    { name: 'outbox', path: `/api/admin/notifications?${page}` },
    { name: 'outbox, failed', path: `/api/admin/notifications?${page}&state=failed` },
    { name: 'rent roll', path: '/api/admin/rent-roll', rentRoll: true },
    {
      name: 'rent roll of a building',
      path: `/api/admin/rent-roll?buildingId=${buildingId}`,
      rentRoll: true,
    },
    {
      name: 'outbox, one kind',
      path: `/api/admin/notifications?${page}&kind=payment_completed`,
    },
  ]
}

async function timed(url, cookie) {
  const started = performance.now()
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip' } })
  await response.arrayBuffer()
  return { ms: performance.now() - started, status: response.status }
}

export async function benchmarkAdminLists({ dialect, settings, siteDist, backofficeDist }) {
  const database = await scratchDatabase({
    dialect,
    sqliteFile: 'tmp/bench-admin.sqlite3',
    postgresUrl: settings.postgresUrl,
    rooms: settings.rooms,
    seed: settings.seed,
  })
  const appKey = randomBytes(32).toString('hex')
  const prepare = { ...process.env, ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }
  try {
    const payments = settings.payments
    await runStep(
      `generate ${payments} payments (${dialect})`,
      'node',
      [
        'ace',
        'ledger:generate',
        '--payments',
        String(payments),
        '--stays',
        String(settings.stays),
        '--notifications',
        String(settings.notifications),
        '--seed',
        String(settings.seed),
      ],
      { cwd: apiDir, env: prepare }
    )
    /* A session of the demo administrator, signed with the measured server's key. */
    const cookie = await openAdminSession({ database: database.env, appKey })
    const server = await startApi({
      database: database.env,
      siteDist,
      backofficeDist,
      extra: sessionServerEnv(appKey),
      label: `API for the admin lists (${dialect})`,
    })
    try {
      const [first] = await (
        await fetch(`${server.url}/api/payments?_start=0&_end=1`, { headers: { cookie } })
      ).json()
      if (!first?.user?.email) throw new Error('the administrator session was not accepted')
      const month = first.monthCovered
      const [room] = await (await fetch(`${server.url}/api/rooms?_start=0&_end=1`)).json()
      const [stay] = await (
        await fetch(`${server.url}/api/tenancies?_start=0&_end=1&state=active`, {
          headers: { cookie },
        })
      ).json()
      const cases = adminCases({
        month,
        email: first.user.email,
        buildingId: room.buildingId,
        tenancyId: stay.id,
      })
      const results = []
      for (const item of cases) {
        const url = server.url + item.path
        for (let i = 0; i < WARMUP; i++) await timed(url, cookie)
        const samples = []
        let status = 200
        for (let i = 0; i < SAMPLES; i++) {
          const answer = await timed(url, cookie)
          samples.push(answer.ms)
          if (answer.status !== 200) status = answer.status
        }
        samples.sort((a, b) => a - b)
        const result = {
          ...item,
          status,
          p50: percentile(samples, 50),
          p95: percentile(samples, 95),
          max: samples.at(-1),
        }
        console.log(
          `  ${item.name.padEnd(30)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  (HTTP ${status})`
        )
        results.push(result)
      }
      return {
        dialect,
        payments,
        stays: settings.stays,
        notifications: settings.notifications,
        rooms: settings.rooms,
        cases: results,
      }
    } finally {
      await server.stop()
    }
  } finally {
    await database.remove()
  }
}
