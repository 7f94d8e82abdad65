/*
 * The fault suite: two production-style API replicas on a private PostgreSQL, a
 * private Redis, an S3 server and a payment sandbox, all started here so that each can be
 * stopped and started again without touching the machine's own. Under a bounded loopback load
 * of browsing, applying and paying, one fault at a time; after each, what was written is
 * checked against what was answered. Ends with the fault table and `N passed, N failed`.
 *
 *   npm run test:resilience   (npm test runs it; needs the Firebase Auth emulator, initdb and
 *   pg_ctl, redis-server; the disk-full fault mounts a small tmpfs, so it needs root)
 */
import { execFileSync } from 'node:child_process'
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, root, run } from '../lib/steps.mjs'
import { EMULATOR_HOST, startAuthEmulator } from '../lib/emulator.mjs'
import { recreateDatabase, startScratchPostgres } from '../lib/postgres.mjs'
import { startRedisServer } from '../lib/redis.mjs'
import { startS3Server } from '../lib/s3.mjs'
import { SANDBOX_API_ENV } from '../lib/sandbox.mjs'
import { call, newVerifiedAccount, signIn, startApiProcess } from '../lib/api_process.mjs'
import { startSandbox } from '../../sandbox/src/sandbox.ts'
import { monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'

const api = join(root, 'api')
const locales = Object.fromEntries(
  ['en', 'ar'].map((lang) => [
    lang,
    JSON.parse(readFileSync(join(root, 'common', 'locales', lang, 'api.json'), 'utf8')),
  ])
)
const UNAVAILABLE = { en: locales.en.errors.unavailable, ar: locales.ar.errors.unavailable }
/* A clean failure answers within this long: no fault may make a request hang. */
const ANSWER_WITHIN_MS = 2000
/* The disk the second replica's uploads wait on: small enough to fill with one document. */
const UPLOAD_DISK = '2m'
const photo = readFileSync(join(root, 'database', 'assets', 'photos', 'room-01-640.jpg'))
const BUCKET = 'sakan-resilience'

const cleanups = []
const faults = []
let passed = 0
let failed = 0

/* ── What is checked, and the table ────────────────────────────────────────────────────── */

/** One fault's row: its checks (each passed or failed) and its counts. */
function faultRow(name) {
  const row = { name, checks: [], sent: 0, failedDuring: 0, failedAfter: 0, records: 0 }
  faults.push(row)
  return {
    row,
    check(label, ok, detail = '') {
      row.checks.push({ label, ok })
      if (ok) passed++
      else failed++
      console.log(`  ${ok ? '✔' : '✖'} ${label}${detail ? ` (${detail})` : ''}`)
    },
    count(outcomes, { from, to }) {
      const bad = (outcome) => !outcome.ok
      row.sent += outcomes.length
      row.failedDuring += outcomes.filter((o) => bad(o) && o.start >= from && o.start < to).length
      row.failedAfter += outcomes.filter((o) => bad(o) && o.start >= to).length
    },
  }
}

function printTable() {
  const header = [
    'fault',
    'checks after',
    'requests sent',
    'failed during',
    'failed after',
    'records checked',
    'result',
  ]
  const rows = faults.map((f) => [
    f.name,
    `${f.checks.filter((c) => c.ok).length}/${f.checks.length}`,
    String(f.sent),
    String(f.failedDuring),
    String(f.failedAfter),
    String(f.records),
    f.checks.length > 0 && f.checks.every((c) => c.ok) ? 'pass' : 'FAIL',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

/* ── The load ──────────────────────────────────────────────────────────────────────────── */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One request and how it went: `ok` when answered below 500 (a refusal is an answer), `clean`
 * when a failure is the 503 error shape in the caller's language within 2 s.
 */
async function attempt(kind, lang, send) {
  const start = Date.now()
  const outcome = { kind, lang, start }
  try {
    const response = await send({ 'accept-language': lang })
    outcome.status = response.status
    const text = await response.text()
    /* A step of several calls (paying) says when the call that answered began. */
    outcome.ms = Date.now() - (response.began ?? start)
    if (response.status >= 500) {
      let message
      try {
        message = JSON.parse(text).message
      } catch {
        message = undefined
      }
      outcome.message = message
    }
  } catch (error) {
    outcome.ms = Date.now() - start
    outcome.error = error.cause?.code ?? error.code ?? error.message
  }
  outcome.ok = outcome.status !== undefined && outcome.status < 500
  outcome.clean =
    outcome.status === 503 &&
    outcome.message === UNAVAILABLE[lang] &&
    outcome.ms <= ANSWER_WITHIN_MS
  return outcome
}

/** A multipart application for `roomId` with an ID document of `bytes`. */
function applicationForm(roomId, bytes = photo) {
  const form = new FormData()
  form.set('roomId', String(roomId))
  form.set('moveInDate', new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10))
  form.set('idDocument', new Blob([bytes], { type: 'image/jpeg' }), 'id-card.jpg')
  return form
}

/**
 * Browsing, applying and paying against `targets` until `stop()` says so: a few clients, each
 * a request at a time with a pause between, alternately in English and Arabic. Resolves with
 * every request's outcome.
 */
function startLoad(world, targets) {
  const outcomes = []
  let stopping = false
  const roomIds = world.roomIds
  const client = async (n, pauseMs, step) => {
    const lang = n % 2 ? 'ar' : 'en'
    for (let i = 0; !stopping; i++) {
      const target = targets[(n + i) % targets.length]
      outcomes.push(await step(target, lang, i))
      await sleep(pauseMs)
    }
  }
  const browse = (target, lang, i) =>
    i % 2
      ? attempt('browse', lang, (headers) =>
          call(target.url, `/api/rooms/${roomIds[i % roomIds.length]}`, { headers })
        )
      : attempt('browse', lang, (headers) =>
          call(target.url, '/api/rooms?_start=0&_end=12', { headers })
        )
  /* Each applicant applies for each room once (a second is refused, as is a 21st in an hour). */
  const apply = async (target, lang) => {
    const applicant = world.applicants[world.applies++ % world.applicants.length]
    const roomId = world.applyRooms[applicant.next++ % world.applyRooms.length]
    const outcome = await attempt('apply', lang, (headers) =>
      call(target.url, '/api/applications', {
        method: 'POST',
        headers,
        body: applicationForm(roomId),
        cookie: applicant.cookie,
      })
    )
    if (outcome.status === 201) world.applied++
    return outcome
  }
  const pay = async (target, lang) => {
    const payer = world.payers[world.payments++ % world.payers.length]
    const outcome = await attempt('pay', lang, (headers) => payer.pay(target, headers))
    if (outcome.status === 201) world.paid++
    return outcome
  }
  const runs = [
    client(0, 60, browse),
    client(1, 60, browse),
    client(2, 300, apply),
    client(3, 300, apply),
    client(4, 1500, pay),
  ]
  return {
    outcomes,
    async stop() {
      stopping = true
      await Promise.all(runs)
      return outcomes
    },
  }
}

/* ── Records against files ─────────────────────────────────────────────────────────────── */

/** The keys of the objects the S3 server holds under `prefix`. */
function objectKeys(s3, prefix) {
  const bucket = join(s3.directory, BUCKET)
  const keys = []
  const walk = (folder, relative) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      const key = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path, key)
      else if (key.endsWith('._S3rver_object')) keys.push(key.slice(0, -'._S3rver_object'.length))
    }
  }
  walk(bucket, '')
  return keys.filter((key) => key.startsWith(prefix))
}

/**
 * Every application has its document in S3 and every document an application; every
 * completed payment has its months and its tenancy. Answers how many records it checked and
 * what is wrong.
 */
async function consistency(world) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: world.databaseUrl })
  await client.connect()
  try {
    const applications = (await client.query('select id, document_key from applications')).rows
    const payments = (
      await client.query(
        `select p.id, p.status, p.gateway_payment_id, p.user_id, p.room_id,
                (select count(*) from payment_months m where m.payment_id = p.id)::int as months
           from payments p`
      )
    ).rows
    const tenancies = (
      await client.query('select id, room_id, user_id, application_id from tenancies')
    ).rows
    const approved = (await client.query("select id from applications where status = 'approved'"))
      .rows
    const documents = new Set(objectKeys(world.s3, 'applications/'))
    const keys = new Set(applications.map((a) => a.document_key).filter(Boolean))
    const problems = [
      ...applications
        .filter((a) => a.document_key && !documents.has(a.document_key))
        .map((a) => `application ${a.id} names a missing file`),
      ...[...documents].filter((key) => !keys.has(key)).map((key) => `orphan file ${key}`),
      ...payments
        .filter((p) => p.status === 'completed' && p.months === 0)
        .map((p) => `completed payment ${p.id} covers no month`),
      ...payments
        .filter(
          (p) =>
            p.status === 'completed' &&
            !tenancies.some((t) => t.user_id === p.user_id && t.room_id === p.room_id)
        )
        .map((p) => `completed payment ${p.id} has no tenancy`),
      ...approved
        .filter((a) => !tenancies.some((t) => t.application_id === a.id))
        .map((a) => `approved application ${a.id} has no tenancy`),
    ]
    return {
      records: applications.length + payments.length + tenancies.length + documents.size,
      problems,
      payments,
    }
  } finally {
    await client.end()
  }
}

/** The files left in a replica's upload folder (none once every request is answered). */
function uploadLeftovers(replica) {
  try {
    return readdirSync(replica.uploads)
  } catch {
    return []
  }
}

/** How many file descriptors the process holds open. */
function openDescriptors(replica) {
  return readdirSync(`/proc/${replica.child.pid}/fd`).length
}

/* ── Paying, as the account app does ───────────────────────────────────────────────────── */

/**
 * A tenant with an approved application for a room, paying its months one after another:
 * the quote, the card payment at the sandbox with 3-D Secure, then the record (POST
 * /api/payments) — the account app's steps.
 */
async function newPayer(world, replica, roomId) {
  const email = await newVerifiedAccount('payer')
  const cookie = await signIn(replica.url, email)
  const applied = await call(replica.url, '/api/applications', {
    method: 'POST',
    body: applicationForm(roomId),
    cookie,
  })
  if (applied.status !== 201) throw new Error(`payer's application: ${await applied.text()}`)
  const { id } = await applied.json()
  const reviewed = await call(replica.url, `/api/applications/${id}/review`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved' }),
    cookie: world.admin,
  })
  if (reviewed.status !== 200) throw new Error(`approval: ${await reviewed.text()}`)
  const me = await (await call(replica.url, '/api/auth/me', { cookie })).json()
  const months = monthsOffered(PAYMENT_MONTHS_OFFERED)
  let next = 0
  return {
    cookie,
    roomId,
    userId: me.user?.id ?? me.id,
    /** Starts a card payment for the next month and passes 3-D Secure; answers its id. */
    async authenticated(target) {
      /* A month is used once a payment for it passed 3-D Secure (the webhook records it even
         when the record below fails); a quote refused during an outage uses none. */
      const month = months[next]
      if (!month) throw new Error('the payer has paid every month offered')
      const quote = await call(
        target.url,
        `/api/payments/quote?roomId=${roomId}&monthCovered=${month}`,
        { cookie }
      )
      if (quote.status !== 200) return { response: quote }
      const { amount, claim } = await quote.json()
      next++
      const created = await fetch(`${world.sandbox.url}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: Math.round(amount * 100),
          currency: 'SAR',
          description: 'Rent',
          publishable_api_key: 'pk_test_sandbox',
          callback_url: `${target.url}/en/account/payments/callback`,
          source: {
            type: 'creditcard',
            name: 'Noura Alqahtani',
            number: '4111111111111111',
            month: '12',
            year: String(new Date().getUTCFullYear() + 2),
            cvc: '123',
          },
          /* The quote's signed claim: without it the payment is refunded. */
          metadata: { roomId, userId: this.userId, monthCovered: month, claim },
        }),
      })
      const payment = await created.json()
      const step = await fetch(`${world.sandbox.url}/3ds/${payment.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'authenticate' }),
        redirect: 'manual',
      })
      await step.body?.cancel()
      world.authenticated.push(payment.id)
      return { id: payment.id, month }
    },
    /** One month paid and recorded: the API's answer to the record. */
    async pay(target, headers) {
      const { id, month, response } = await this.authenticated(target)
      if (response) return response
      /* Timed from here: "within 2 s" is per request, and the steps before were answered. */
      const began = Date.now()
      const recorded = await call(target.url, '/api/payments', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ roomId, monthCovered: month, paymentReference: id }),
        cookie,
      })
      return Object.assign(recorded, { began })
    },
  }
}

/* ── The topology ──────────────────────────────────────────────────────────────────────── */

async function setUp() {
  const world = { applied: 0, paid: 0, applies: 0, payments: 0, authenticated: [] }
  cleanups.push(await startAuthEmulator())

  const postgres = await startScratchPostgres()
  cleanups.push(() => postgres.destroy())
  world.postgres = postgres
  world.databaseUrl = Object.assign(new URL(postgres.url), { pathname: '/sakan' }).toString()
  if (!(await recreateDatabase(world.databaseUrl))) throw new Error('scratch PostgreSQL is down')

  const redisFolder = mkdtempSync(join(tmpdir(), 'sakan-redis-'))
  cleanups.push(async () => rmSync(redisFolder, { recursive: true, force: true }))
  world.redis = await startRedisServer({ folder: redisFolder })
  cleanups.push(() => world.redis.stop())

  world.s3 = await startS3Server({ bucket: BUCKET })
  cleanups.push(() => world.s3.stop())

  /* Webhooks come a little after the event, as Moyasar's do (the outage fault needs the gap). */
  world.sandbox = await startSandbox({
    port: 0,
    webhookDelayMs: 500,
    webhookRetryBaseMs: 250,
    webhookMaxAttempts: 12,
  })
  cleanups.push(() => world.sandbox.close())

  /* Each replica's uploads wait in a temporary folder of its own; B's on a tiny disk. */
  const temp = mkdtempSync(join(tmpdir(), 'sakan-resilience-'))
  cleanups.push(async () => rmSync(temp, { recursive: true, force: true }))
  const tempA = join(temp, 'a')
  const tempB = join(temp, 'b')
  mkdirSync(tempA)
  mkdirSync(tempB)
  world.smallDisk = mountSmallDisk(tempB)
  if (world.smallDisk.mounted) cleanups.push(async () => execFileSync('umount', [tempB]))

  world.env = {
    ...process.env,
    ...SANDBOX_API_ENV,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.RESILIENCE_LOG_LEVEL ?? 'warn',
    APP_KEY: 'resilience-test-app-key-0123456789abcdef',
    DB_CONNECTION: 'pg',
    DATABASE_URL: world.databaseUrl,
    DB_POOL_MAX: '5',
    REDIS_URL: `${world.redis.url}/0`,
    ...world.s3.env,
    STORAGE_DIR: join(temp, 'storage'),
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    MOYASAR_BASE_URL: world.sandbox.url,
    AUTH_RATE_LIMIT_IP: '1000',
    APPLICATION_RATE_LIMIT: '1000',
    PAYMENT_RATE_LIMIT: '1000',
    SHUTDOWN_TIMEOUT_MS: '10000',
  }
  delete world.env.SAKAN_API_URL
  delete world.env.SQLITE_FILE

  await run('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api, env: world.env })
  await run('seed', 'node', ['ace', 'db:seed'], { cwd: api, env: world.env })
  await run('demo accounts', 'node', ['ace', 'demo:identities'], { cwd: api, env: world.env })

  /* The replicas' logs (each outage is logged at length) go to a file, shown if a fault fails. */
  world.log = join(temp, 'api.log')
  const log = openSync(world.log, 'a')
  cleanups.push(async () => closeSync(log))
  const replica = async (folder) => {
    const started = await startApiProcess({ ...world.env, TMPDIR: folder }, await freePort(), log)
    cleanups.push(started.stop)
    world.sandbox.registerWebhook(
      `${started.url}/api/payments/webhook`,
      SANDBOX_API_ENV.MOYASAR_WEBHOOK_SECRET
    )
    return { ...started, uploads: join(folder, 'sakan-uploads') }
  }
  world.a = await replica(tempA)
  world.b = await replica(tempB)

  const rooms = await (await call(world.a.url, '/api/rooms?_start=0&_end=50')).json()
  world.roomIds = rooms.filter((room) => room.availability).map((room) => room.id)
  world.admin = await signIn(world.a.url, 'admin@sakan.test')
  world.applicants = []
  for (let i = 0; i < 10; i++) {
    const cookie = await signIn(world.a.url, await newVerifiedAccount('applicant'))
    world.applicants.push({ cookie, next: i * 3 })
  }
  /* Three tenants paying under load and one for the gateway fault, each for a room of their
     own; the other rooms are applied for. */
  world.payers = []
  for (const roomId of world.roomIds.slice(-4))
    world.payers.push(await newPayer(world, world.a, roomId))
  world.gatewayPayer = world.payers.pop()
  world.applyRooms = world.roomIds.slice(0, -4)
  return world
}

/** A tmpfs of UPLOAD_DISK at `folder` (root only): the disk-full fault's disk. */
function mountSmallDisk(folder) {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${UPLOAD_DISK}`, 'tmpfs', folder], {
      stdio: 'pipe',
    })
    return { mounted: true }
  } catch (error) {
    return { mounted: false, reason: String(error.stderr || error.message).trim() }
  }
}

/* ── Faults ────────────────────────────────────────────────────────────────────────────── */

/** Load for `beforeMs`, then `fault()` … `recover()`, then load for `afterMs`. */
async function underLoad(world, targets, { beforeMs = 1500, fault, recover, afterMs = 3000 }) {
  const load = startLoad(world, targets)
  await sleep(beforeMs)
  const from = Date.now()
  const during = await fault()
  const to = Date.now()
  await recover(during)
  const back = Date.now()
  await sleep(afterMs)
  const outcomes = await load.stop()
  return { outcomes, from, to, back, during }
}

/**
 * The requests sent while a part was down, early enough that it was still down 2 s later:
 * each must have been answered within 2 s (no hang), whether it was served or refused.
 */
const sentDuring = (outcomes, from, to) =>
  outcomes.filter((o) => o.start >= from && o.start < to - ANSWER_WITHIN_MS)

/** Each answered within 2 s; each failure the 503 error shape in the caller's language. */
const cleanly = (during) => during.every((o) => o.ms <= ANSWER_WITHIN_MS && (o.ok || o.clean))

function describeDuring(during) {
  const other = during.filter((o) => o.ms > ANSWER_WITHIN_MS || !(o.ok || o.clean))
  const slowest = during.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0 })
  return (
    `${during.length} sent, ${during.filter((o) => o.clean).length} clean 503s, ` +
    `slowest ${slowest.ms} ms (${slowest.kind} ${slowest.status ?? slowest.error}), ` +
    `${other.length} other` +
    (other.length ? `: ${JSON.stringify(other.slice(0, 3))}` : '')
  )
}

async function postgresStopped(world) {
  const { check, count, row } = faultRow('PostgreSQL stopped 10 s')
  console.log(`\n▸ ${row.name}`)
  const before = await consistency(world)
  const { outcomes, from, to, back } = await underLoad(world, [world.a, world.b], {
    fault: async () => {
      await world.postgres.stop()
      await sleep(10_000)
    },
    recover: () => world.postgres.start(),
    afterMs: 4000,
  })
  const during = sentDuring(outcomes, from, to)
  const after = outcomes.filter((o) => o.start >= back + 1000)
  count(outcomes, { from, to: back + 1000 })
  check(
    'requests during the outage fail cleanly: 503, error shape, her language, within 2 s',
    during.some((o) => !o.ok) && cleanly(during),
    describeDuring(during)
  )
  check(
    'after it is back, requests succeed without restarting the API',
    after.length > 0 && after.every((o) => o.ok),
    `${after.filter((o) => o.ok).length}/${after.length} answered`
  )
  /* Not only answered: a room shown, an application stored and a payment recorded, through
     both replicas, by accounts signed in before the outage. */
  const applicant = world.applicants[world.applies++ % world.applicants.length]
  const roomId = world.applyRooms[applicant.next++ % world.applyRooms.length]
  const afterwards = [
    await attempt('browse', 'ar', (headers) =>
      call(world.b.url, `/api/rooms/${roomId}`, { headers })
    ),
    await attempt('apply', 'en', (headers) =>
      call(world.a.url, '/api/applications', {
        method: 'POST',
        headers,
        body: applicationForm(roomId),
        cookie: applicant.cookie,
      })
    ),
    await attempt('pay', 'ar', (headers) => world.payers[0].pay(world.b, headers)),
  ]
  row.sent += afterwards.length
  row.failedAfter += afterwards.filter((o) => !o.ok).length
  check(
    'then browsing, applying and paying each succeed (2xx)',
    afterwards.every((o) => o.status >= 200 && o.status < 300),
    afterwards.map((o) => `${o.kind} ${o.status ?? o.error}`).join(', ')
  )
  /* Every card payment that passed 3-D Secure is recorded once and completed: by the record
     call, or, when that failed in the outage, by the gateway's webhook (retried until then). */
  let unfinished = []
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const { payments } = await consistency(world)
    unfinished = world.authenticated.filter(
      (id) =>
        payments.filter((p) => p.gateway_payment_id === id && p.status === 'completed').length !==
          1 || payments.filter((p) => p.gateway_payment_id === id).length !== 1
    )
    if (unfinished.length === 0) break
    await sleep(500)
  }
  check(
    'every payment that passed 3-D Secure is recorded once, completed',
    world.authenticated.length > 0 && unfinished.length === 0,
    `${world.authenticated.length - unfinished.length}/${world.authenticated.length}`
  )
  const state = await consistency(world)
  row.records = state.records
  check(
    'no half-written application, payment, tenancy or file',
    state.problems.length === 0,
    state.problems.slice(0, 3).join('; ') || `${state.records} records, ${before.records} before`
  )
}

async function redisStopped(world) {
  const { check, count, row } = faultRow('Redis stopped')
  console.log(`\n▸ ${row.name}`)
  const signedIn = world.applicants[0].cookie
  const probes = []
  const { outcomes, from, to, back } = await underLoad(world, [world.a, world.b], {
    fault: async () => {
      await world.redis.stop()
      await sleep(1500)
      for (const lang of ['en', 'ar']) {
        /* Her session lives in Redis: unavailable, not signed out. */
        probes.push({
          what: 'session',
          ...(await attempt('session', lang, (headers) =>
            call(world.a.url, '/api/auth/me', { headers, cookie: signedIn })
          )),
        })
        /* Sign-in counts against a limit kept in Redis: closed while it cannot count. */
        probes.push({
          what: 'sign-in',
          ...(await attempt('sign-in', lang, (headers) =>
            call(world.b.url, '/api/auth/firebase-login', {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ uid: 'resilience-probe', email: 'probe@example.com' }),
            })
          )),
        })
      }
      await sleep(3000)
    },
    recover: () => world.redis.start(),
  })
  const during = sentDuring(outcomes, from, to)
  const after = outcomes.filter((o) => o.start >= back + 2500)
  count(outcomes, { from, to: back + 2500 })
  const sessions = probes.filter((p) => p.what === 'session')
  const signIns = probes.filter((p) => p.what === 'sign-in')
  check(
    'a signed-in request: 503 in her language within 2 s (sessions unavailable)',
    sessions.every((p) => p.clean),
    sessions.map((p) => `${p.lang} ${p.status ?? p.error} ${p.ms} ms`).join(', ')
  )
  check(
    'a sign-in: refused with 503 within 2 s (its limit fails closed)',
    signIns.every((p) => p.clean),
    signIns.map((p) => `${p.lang} ${p.status ?? p.error} ${p.ms} ms`).join(', ')
  )
  check(
    'load during the outage: answered within 2 s, its failures clean 503s',
    cleanly(during),
    describeDuring(during)
  )
  const me = await call(world.b.url, '/api/auth/me', { cookie: signedIn })
  check('her session is hers again once Redis is back', me.status === 200, `${me.status}`)
  check(
    'after it is back, requests succeed',
    after.length > 0 && after.every((o) => o.ok),
    `${after.filter((o) => o.ok).length}/${after.length} answered`
  )
  const state = await consistency(world)
  row.records = state.records
  check('no half-written record or file', state.problems.length === 0, state.problems[0] ?? '')
}

/** Sends a multipart application slowly; `midway()` runs once half its bytes are sent. */
function slowUpload(replica, cookie, bytes, { lang = 'en', midway, abort = false }) {
  return new Promise((resolve) => {
    const boundary = `----resilience${Date.now()}`
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="roomId"\r\n\r\n${replica.roomId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="moveInDate"\r\n\r\n` +
        `${new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="idDocument"; filename="id.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n'
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const body = Buffer.concat([head, bytes, tail])
    const started = Date.now()
    const req = request(
      `${replica.url}/api/applications`,
      {
        method: 'POST',
        headers: {
          cookie,
          'accept-language': lang,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => {
          let message
          try {
            message = JSON.parse(text).message
          } catch {
            message = text
          }
          resolve({ status: response.statusCode, message, ms: Date.now() - started })
        })
      }
    )
    req.on('error', (error) => resolve({ error: error.code ?? error.message }))
    const half = Math.floor(body.length / 2)
    req.write(body.subarray(0, half), async () => {
      await sleep(300)
      await midway?.()
      if (abort) {
        req.destroy()
        resolve({ aborted: true })
        return
      }
      req.end(body.subarray(half))
    })
  })
}

/** A document of about `size` bytes that starts as a JPEG (the bytes past the photo are zeros). */
const documentOf = (size) => Buffer.concat([photo, Buffer.alloc(Math.max(0, size - photo.length))])

async function s3Stopped(world) {
  const { check, count, row } = faultRow('S3 server stopped mid-upload')
  console.log(`\n▸ ${row.name}`)
  const before = await consistency(world)
  const applicant = { cookie: await signIn(world.a.url, await newVerifiedAccount('upload')) }
  const target = { ...world.a, roomId: world.applyRooms[0] }
  const from = Date.now()
  const answers = []
  for (const lang of ['en', 'ar']) {
    answers.push({
      lang,
      ...(await slowUpload(target, applicant.cookie, documentOf(600_000), {
        lang,
        midway: () => world.s3.halt(),
      })),
    })
    await world.s3.resume()
  }
  const to = Date.now()
  const outcomes = answers.map((a) => ({
    ...a,
    start: from,
    ok: a.status !== undefined && a.status < 500,
  }))
  count(outcomes, { from, to: to + 1 })
  check(
    'the upload fails cleanly: 503 in her language, error shape',
    answers.every((a) => a.status === 503 && a.message === UNAVAILABLE[a.lang]),
    answers.map((a) => `${a.lang} ${a.status ?? a.error}`).join(', ')
  )
  const state = await consistency(world)
  row.records = state.records
  check(
    'no row points at a missing file, no file without its row',
    state.problems.length === 0 && state.records === before.records,
    state.problems[0] ?? `${state.records} records, as before`
  )
  check('no temporary file is left', uploadLeftovers(world.a).length === 0)
  const again = await call(world.a.url, '/api/applications', {
    method: 'POST',
    body: applicationForm(world.applyRooms[0]),
    cookie: applicant.cookie,
  })
  await again.body?.cancel()
  row.sent++
  if (again.status >= 500) row.failedAfter++
  check('once S3 is back, an application is stored', again.status === 201, `${again.status}`)
}

async function sandboxStopped(world) {
  const { check, count, row } = faultRow('payment sandbox stopped after 3-D Secure')
  console.log(`\n▸ ${row.name}`)
  const payer = world.gatewayPayer
  const target = world.a
  const from = Date.now()
  const { id, response } = await payer.authenticated(target)
  if (response) throw new Error(`quote answered ${response.status}: ${await response.text()}`)
  /* The webhook comes ~500 ms after 3-D Secure: the sandbox goes down before it is sent. */
  await world.sandbox.halt()
  const verified = await attempt('pay', 'ar', (headers) =>
    call(target.url, `/api/payments/verify/${id}`, { headers, cookie: payer.cookie })
  )
  const message = locales.ar.payments.gatewayUnavailable
  check(
    'the callback page’s verification fails with the gateway error (502, her language, within 2 s)',
    verified.status === 502 && verified.message === message && verified.ms <= ANSWER_WITHIN_MS,
    `${verified.status ?? verified.error} in ${verified.ms} ms`
  )
  const pending = await consistency(world)
  check(
    'nothing is completed while the gateway cannot be asked',
    !pending.payments.some((p) => p.gateway_payment_id === id && p.status === 'completed')
  )
  await sleep(2000)
  const to = Date.now()
  await world.sandbox.resume()
  let completed = []
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const state = await consistency(world)
    completed = state.payments.filter((p) => p.gateway_payment_id === id)
    row.records = state.records
    if (completed.some((p) => p.status === 'completed')) break
    await sleep(250)
  }
  count([verified], { from, to })
  check(
    'once it is back, the webhook completes the record: exactly one completed payment',
    completed.length === 1 && completed[0].status === 'completed' && completed[0].months === 1,
    completed.map((p) => `${p.status}, ${p.months} month`).join('; ') || 'no record'
  )
  /* The callback page asked again, later, the way she would reload it. */
  const again = await call(target.url, `/api/payments/verify/${id}`, { cookie: payer.cookie })
  row.sent++
  if (again.status >= 500) row.failedAfter++
  check('verification answers once the sandbox is back', again.status === 200, `${again.status}`)
}

/** Waits until the process's descriptor count settles, and answers it. */
async function settledDescriptors(replica) {
  let last = openDescriptors(replica)
  for (let i = 0; i < 20; i++) {
    await sleep(150)
    const now = openDescriptors(replica)
    if (now === last) return now
    last = now
  }
  return last
}

async function clientsGone(world) {
  const { check, count, row } = faultRow('upload aborted, client gone mid-response')
  console.log(`\n▸ ${row.name}`)
  const target = { ...world.a, roomId: world.applyRooms[1] }
  const cookie = world.applicants[0].cookie
  /* Warm: the pool's connections and the modules the routes load are open before counting. */
  for (let i = 0; i < 3; i++) await (await call(world.a.url, '/api/rooms?_start=0&_end=50')).text()
  const before = await consistency(world)
  const fdsBefore = await settledDescriptors(world.a)
  const from = Date.now()
  const outcomes = []
  for (let i = 0; i < 5; i++) {
    await slowUpload(target, cookie, documentOf(2_000_000), { abort: true })
    outcomes.push({ start: from, ok: true })
  }
  for (let i = 0; i < 5; i++) {
    /* A long answer, read a little, then the connection dropped. */
    await new Promise((resolve) => {
      const req = request(`${world.a.url}/api/rooms?_start=0&_end=50`, (response) => {
        response.once('data', () => {
          req.destroy()
          resolve()
        })
      })
      req.on('error', resolve)
      req.end()
    })
    outcomes.push({ start: from, ok: true })
  }
  await sleep(500)
  const fdsAfter = await settledDescriptors(world.a)
  const to = Date.now()
  const after = await attempt('browse', 'en', (headers) =>
    call(world.a.url, '/api/rooms?_start=0&_end=12', { headers })
  )
  outcomes.push({ ...after, start: to })
  count(outcomes, { from, to })
  const state = await consistency(world)
  row.records = state.records
  check(
    'no record and no file from the aborted uploads',
    state.problems.length === 0 && state.records === before.records,
    `${state.records} records, ${before.records} before`
  )
  check('no temporary file is left', uploadLeftovers(world.a).length === 0)
  /* A leak is one descriptor per aborted request (ten here); the database pool may open one or
     two connections of its own meanwhile. */
  check(
    'no leaked handle: open descriptors before and after',
    fdsAfter <= fdsBefore + 2,
    `${fdsBefore} before, ${fdsAfter} after`
  )
  check('the replica answers after', after.ok)
}

async function diskFull(world) {
  const { check, count, row } = faultRow(`disk full for uploads (${UPLOAD_DISK} tmpfs)`)
  console.log(`\n▸ ${row.name}`)
  if (!world.smallDisk.mounted) {
    check(`a small tmpfs for B's uploads (${world.smallDisk.reason})`, false)
    return
  }
  const target = { ...world.b, roomId: world.applyRooms[0] }
  const cookie = await signIn(world.b.url, await newVerifiedAccount('disk'))
  const before = await consistency(world)
  const from = Date.now()
  const answers = []
  for (const lang of ['en', 'ar']) {
    const answer = await slowUpload(target, cookie, documentOf(3_000_000), {
      lang,
    })
    answers.push({ lang, ...answer, start: from, ok: answer.status < 500 })
  }
  const to = Date.now()
  const message = (lang) => locales[lang].errors.insufficientStorage
  check(
    'a clear 507 in her language, in the error shape',
    answers.every((a) => a.status === 507 && a.message === message(a.lang)),
    answers.map((a) => `${a.lang} ${a.status ?? a.error}: ${a.message}`).join(', ')
  )
  const state = await consistency(world)
  row.records = state.records
  check(
    'nothing half-written: no record, no file, no temporary file',
    state.problems.length === 0 &&
      state.records === before.records &&
      uploadLeftovers(world.b).length === 0,
    `${state.records} records, ${before.records} before`
  )
  const small = await call(world.b.url, '/api/applications', {
    method: 'POST',
    body: applicationForm(world.applyRooms[0]),
    cookie,
  })
  await small.body?.cancel()
  answers.push({ start: to, ok: small.status < 500 })
  count(answers, { from, to })
  check('a document that fits is stored on the same disk', small.status === 201, `${small.status}`)
}

async function sigterm(world) {
  const { check, row } = faultRow('SIGTERM to one of two replicas')
  console.log(`\n▸ ${row.name}`)
  /*
   * As the proxy sends them (deploy/Caddyfile): over kept-alive connections opened beforehand
   * (a connection the kernel completed but the closing server never accepted is reset, whatever
   * the server does; see scripts/replicas/), and a connection refused by the closed replica is
   * retried on the other.
   */
  const POOL = 6
  const targets = [world.a, world.b].map((replica) => ({
    ...replica,
    agent: new Agent({ keepAlive: true, maxSockets: POOL }),
  }))
  const outcomes = []
  let stopping = false
  let signalledAt = Infinity
  const once = (target, path) =>
    new Promise((resolve) => {
      const start = Date.now()
      const req = request(`${target.url}${path}`, { agent: target.agent }, (response) => {
        response.resume()
        response.on('end', () => resolve({ start, path, status: response.statusCode }))
        response.on('error', (error) => resolve({ start, path, error: error.code }))
      })
      req.on('error', (error) => resolve({ start, path, error: error.code ?? error.message }))
      req.end()
    })
  const paths = ['/api/rooms?_start=0&_end=12', `/api/rooms/${world.roomIds[0]}`, '/api/health']
  for (const target of targets)
    await Promise.all(Array.from({ length: POOL }, () => once(target, '/api/health')))
  const clients = Array.from({ length: POOL }, async (_, n) => {
    for (let i = 0; !stopping; i++) {
      const path = paths[(n + i) % paths.length]
      let outcome = await once(targets[(n + i) % 2], path)
      if (outcome.error === 'ECONNREFUSED') {
        outcome = { ...(await once(targets[1], path)), start: outcome.start, retried: true }
      }
      outcome.ok = outcome.status !== undefined && outcome.status < 500
      outcomes.push(outcome)
      await sleep(20)
    }
  })
  await sleep(1500)
  signalledAt = Date.now()
  world.a.child.kill('SIGTERM')
  const code = await Promise.race([world.a.exited, sleep(20_000).then(() => 'still running')])
  const exitedAt = Date.now()
  await sleep(1000)
  stopping = true
  await Promise.all(clients)
  for (const target of targets) target.agent.destroy()
  row.sent = outcomes.length
  row.failedDuring = outcomes.filter(
    (o) => !o.ok && o.start >= signalledAt && o.start < exitedAt
  ).length
  row.failedAfter = outcomes.filter((o) => !o.ok && o.start >= exitedAt).length
  const inFlight = outcomes.filter((o) => o.start < signalledAt && o.ok).length
  console.log(`  ${inFlight} requests sent before the signal were answered`)
  const failures = outcomes.filter((o) => !o.ok)
  check(
    'no request in flight fails (no 5xx, no cut connection)',
    failures.length === 0,
    `${outcomes.length} answered, ${outcomes.filter((o) => o.retried).length} refused by A and retried on B, ${
      failures.length
    } failed${failures.length ? `: ${JSON.stringify(failures.slice(0, 3))}` : ''}`
  )
  check('the replica exits 0', code === 0, String(code))
  check('the other replica goes on', (await call(world.b.url, '/api/health')).status === 200)
  row.records = outcomes.length
}

/* ── The run ───────────────────────────────────────────────────────────────────────────── */

const started = Date.now()
let world
try {
  world = await setUp()
  for (const fault of [
    postgresStopped,
    redisStopped,
    s3Stopped,
    sandboxStopped,
    clientsGone,
    diskFull,
    sigterm,
  ]) {
    try {
      await fault(world)
    } catch (error) {
      const row = faults.at(-1)
      row.checks.push({ label: 'ran to the end', ok: false })
      failed++
      console.log(`  ✖ the fault did not run to the end: ${error.stack}`)
    }
  }
} catch (error) {
  failed++
  console.log(`✖ the topology did not start: ${error.stack}`)
} finally {
  if (failed && world?.log) {
    const lines = readFileSync(world.log, 'utf8').trim().split('\n').filter(Boolean)
    if (lines.length) console.log(`\nthe replicas' last log lines:\n${lines.slice(-30).join('\n')}`)
  }
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.log(`cleanup: ${error.message}`)
    }
  }
}
printTable()
if (world)
  console.log(
    `\nunder load: ${world.applied} applications stored, ${world.paid} payments recorded ` +
      `(${world.authenticated.length} passed 3-D Secure); "records checked": rows and files ` +
      'compared after the fault (SIGTERM: requests checked)'
  )
console.log(
  `\nfaults: ${passed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`
)
process.exit(failed ? 1 : 0)
