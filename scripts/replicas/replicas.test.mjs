/*
 * Two API replicas proven to share one state: two production-style
 * API processes on two loopback ports, one PostgreSQL database, one Redis and one
 * S3-compatible server (s3rver, started here), as docker-compose.yml runs them behind its
 * proxy. What one replica does, the other sees; SIGTERM loses no request.
 *
 *   node --test scripts/replicas/replicas.test.mjs   (npm test runs it; needs the Firebase
 *   Auth emulator, PostgreSQL at 127.0.0.1:5432 or DATABASE_URL, and redis-server)
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { filesUnder, freePort, root, run } from '../lib/steps.mjs'
import { EMULATOR_HOST, startAuthEmulator } from '../lib/emulator.mjs'
import {
  call as callApi,
  newVerifiedAccount as newAccount,
  signIn as signInThrough,
  startApiProcess,
} from '../lib/api_process.mjs'
import { recreateDatabase } from '../lib/postgres.mjs'
import { testRedis } from '../lib/redis.mjs'
import { startS3Server } from '../lib/s3.mjs'
import { SANDBOX_API_ENV } from '../lib/sandbox.mjs'

const api = join(root, 'api')
/* Sign-ins per address and account per minute: small, so the test can use it up. */
const AUTH_LIMIT = 4

const stops = []
const replicas = {}
let env
let localStorage
let s3

/** Starts one API process; resolves once its health check answers. */
async function startReplica() {
  const replica = await startApiProcess(env, await freePort())
  stops.push(replica.stop)
  return replica
}

const signIn = (replica, email) => signInThrough(replica.url, email)
const call = (replica, path, init) => callApi(replica.url, path, init)
const newVerifiedAccount = () => newAccount('replica')

/* ── The topology ──────────────────────────────────────────────────────────────────────── */

before(async () => {
  const databaseUrl = process.env.DATABASE_URL
    ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: '/sakan_replicas' }).toString()
    : 'postgres://postgres@127.0.0.1:5432/sakan_replicas'
  assert.ok(await recreateDatabase(databaseUrl), `PostgreSQL answers for ${databaseUrl}`)
  stops.push(() => recreateDatabase(databaseUrl, { drop: true }))

  const redis = await testRedis(13)
  stops.push(redis.stop)
  s3 = await startS3Server({ bucket: 'sakan-replicas' })
  stops.push(() => s3.stop())
  stops.push(await startAuthEmulator())

  /* Each replica's local storage folder: with DRIVE_DISK=s3 nothing may land in it. */
  localStorage = mkdtempSync(join(tmpdir(), 'sakan-replica-disk-'))
  stops.push(async () => rmSync(localStorage, { recursive: true, force: true }))

  env = {
    ...SANDBOX_API_ENV,
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.REPLICA_LOG_LEVEL ?? 'warn',
    APP_KEY: 'replicas-test-app-key-0123456789abcdef',
    DB_CONNECTION: 'pg',
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '5',
    REDIS_URL: redis.url,
    ...s3.env,
    STORAGE_DIR: localStorage,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    AUTH_RATE_LIMIT: String(AUTH_LIMIT),
    AUTH_RATE_LIMIT_IP: '1000',
    SHUTDOWN_TIMEOUT_MS: '10000',
  }
  delete env.SAKAN_API_URL
  delete env.SQLITE_FILE

  /* The release step once, then two replicas of the same image and settings. */
  await run('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api, env })
  await run('seed (photos to S3)', 'node', ['ace', 'db:seed'], { cwd: api, env })
  await run('demo accounts', 'node', ['ace', 'demo:identities'], { cwd: api, env })
  replicas.a = await startReplica()
  replicas.b = await startReplica()
  /* The public pages render from the site's server build (npm test's browser step makes it). */
  if (!existsSync(join(root, 'site', 'dist', 'server', 'entry.mjs'))) {
    await run('build site', 'npm', ['run', 'build', '-w', 'site'], {
      cwd: root,
      env: { ...process.env, SAKAN_API_URL: replicas.a.url, SAKAN_SITE_URL: replicas.a.url },
    })
  }
})

after(async () => {
  for (const stop of stops.reverse()) await stop()
})

/* ── What one replica does, the other sees ─────────────────────────────────────────────── */

test('both replicas are healthy: database, Redis and S3 answer', async () => {
  for (const replica of [replicas.a, replicas.b]) {
    const response = await call(replica, '/api/health')
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), {
      status: 'ok',
      checks: { database: 'ok', redis: 'ok', storage: 'ok' },
    })
  }
})

test('an idle connection is kept longer than the proxy in front keeps its own (Caddy: 2 min)', async () => {
  const headers = await new Promise((resolve, reject) => {
    const sent = request(`${replicas.a.url}/api/health`, (response) => {
      response.resume()
      response.on('end', () => resolve(response.headers))
    })
    sent.on('error', reject)
    sent.end()
  })
  assert.equal(headers['keep-alive'], 'timeout=130')
})

test('an ID document uploaded through A is served by B to its owner, refused to a stranger', async () => {
  const owner = await signIn(replicas.a, await newVerifiedAccount())
  const rooms = await (await call(replicas.a, '/api/rooms?_start=0&_end=50')).json()
  const room = rooms.find((candidate) => candidate.availability)
  assert.ok(room, 'an available room')

  const form = new FormData()
  form.set('roomId', String(room.id))
  form.set('moveInDate', new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10))
  const photo = readFileSync(join(root, 'database', 'assets', 'photos', 'room-01-640.jpg'))
  form.set('idDocument', new Blob([photo], { type: 'image/jpeg' }), 'id-card.jpg')
  const applied = await call(replicas.a, '/api/applications', {
    method: 'POST',
    body: form,
    cookie: owner,
  })
  assert.equal(applied.status, 201, await applied.clone().text())
  const { idDocument } = await applied.json()
  assert.match(idDocument, /^applications\//)

  /* Her session (Redis) and her file (S3) are B's as much as A's. */
  const fromA = await call(replicas.a, `/api/images/${idDocument}`, { cookie: owner })
  const fromB = await call(replicas.b, `/api/images/${idDocument}`, { cookie: owner })
  assert.equal(fromB.status, 200)
  assert.equal(fromB.headers.get('cache-control'), 'private, no-store')
  const bytes = Buffer.from(await fromB.arrayBuffer())
  assert.ok(bytes.length > 1000)
  assert.deepEqual(bytes, Buffer.from(await fromA.arrayBuffer()))

  const stranger = await signIn(replicas.b, await newVerifiedAccount())
  const refused = await call(replicas.b, `/api/images/${idDocument}`, { cookie: stranger })
  assert.equal(refused.status, 404)
  const anonymous = await call(replicas.b, `/api/images/${idDocument}`)
  assert.ok([401, 404].includes(anonymous.status), `anonymous: ${anonymous.status}`)
})

test('a room photo uploaded through A is public on B', async () => {
  const admin = await signIn(replicas.a, 'admin@sakan.test')
  const rooms = await (await call(replicas.a, '/api/rooms?_start=0&_end=1')).json()
  const form = new FormData()
  const photo = readFileSync(join(root, 'database', 'assets', 'photos', 'room-02-1280.jpg'))
  form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'new.jpg')
  const uploaded = await call(replicas.a, `/api/rooms/${rooms[0].id}/photos`, {
    method: 'POST',
    body: form,
    cookie: admin,
  })
  assert.equal(uploaded.status, 201, await uploaded.clone().text())
  const { gallery } = await uploaded.json()
  const src = gallery.at(-1).src
  assert.match(src, /^\/media\/rooms\//)

  const onB = await call(replicas.b, src)
  assert.equal(onB.status, 200)
  assert.equal(onB.headers.get('content-type'), 'image/jpeg')
  assert.match(onB.headers.get('cache-control') ?? '', /public/)
  const bytes = Buffer.from(await onB.arrayBuffer())
  assert.deepEqual(bytes.subarray(0, 3), Buffer.from([0xff, 0xd8, 0xff]))
})

test('a sign-in limit used up on A holds on B', async () => {
  const probe = { uid: `limit-${randomUUID()}`, email: 'limit-probe@example.com' }
  const attempt = (replica) =>
    call(replica, '/api/auth/firebase-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(probe),
    })
  for (let i = 0; i < AUTH_LIMIT; i++) {
    const response = await attempt(replicas.a)
    assert.equal(response.status, 401, `attempt ${i + 1} is refused for its missing token`)
  }
  const onB = await attempt(replicas.b)
  assert.equal(onB.status, 429)
  assert.ok(Number(onB.headers.get('retry-after')) > 0, 'Retry-After says when to try again')
  assert.equal((await attempt(replicas.a)).status, 429)
})

test("a back-office change made on A is in B's public HTML within 5 s", async () => {
  const admin = await signIn(replicas.a, 'admin@sakan.test')
  const rooms = await (await call(replicas.b, '/api/rooms?_start=0&_end=1')).json()
  const marker = `Replica check ${randomUUID()}`
  /* B has the page rendered and kept before the change. */
  const before = await call(replicas.b, `/en/property/${rooms[0].id}`, { redirect: 'follow' })
  assert.equal(before.status, 200)
  assert.ok(!(await before.text()).includes(marker))
  const changed = await call(replicas.a, `/api/rooms/${rooms[0].id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ description_en: marker }),
    cookie: admin,
  })
  assert.equal(changed.status, 200, await changed.clone().text())

  /* B keeps its own rendered pages: it follows the shared change log within 5 s. */
  const deadline = Date.now() + 5000
  let html = ''
  while (Date.now() < deadline) {
    const page = await call(replicas.b, `/en/property/${rooms[0].id}`, { redirect: 'follow' })
    html = await page.text()
    if (page.status === 200 && html.includes(marker)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.ok(html.includes(marker), "B's room page shows the new description within 5 s")
})

test('with DRIVE_DISK=s3 nothing is written to a replica’s local disk', () => {
  assert.deepEqual(filesUnder(localStorage), [])
})

/* ── Shutdown ─────────────────────────────────────────────────────────────────────────── */

/*
 * The burst comes the way the proxy sends it (deploy/Caddyfile): over a pool of kept-alive
 * connections. A connection that the kernel has completed but the server not yet accepted
 * when its listening socket closes is reset by the kernel, whatever the server does; the
 * proxy's pooled connections were accepted long before, and a new one after the close is
 * refused outright, which the proxy retries on another replica (lb_try_duration).
 */
const POOL = 20

/** One request through `agent`: its status, or the network error's code. */
function once(replica, path, agent) {
  return new Promise((resolve) => {
    const req = request(`${replica.url}${path}`, { agent }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode }))
      response.on('error', (error) => resolve({ error: error.code ?? error.message }))
    })
    req.on('error', (error) => resolve({ error: error.code ?? error.message }))
    req.end()
  })
}

test('SIGTERM on A during a burst loses no request; A exits 0 and B goes on', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: POOL })
  const paths = ['/api/rooms?_start=0&_end=12', '/en/', '/ar/listings', '/api/health']
  /* The pool's connections, open before the burst (as the proxy's are). */
  await Promise.all(Array.from({ length: POOL }, () => once(replicas.a, '/api/health', agent)))

  const outcomes = []
  let signalled = false
  let answeredAfterSignal = 0
  const started = Date.now()
  /* Twenty clients, each sending requests one after the other for 3 s; SIGTERM after 1 s. */
  const clients = Array.from({ length: POOL }, async (_, n) => {
    for (let i = 0; Date.now() - started < 3000; i++) {
      const sentBefore = signalled
      const outcome = await once(replicas.a, paths[(n + i) % paths.length], agent)
      if (!sentBefore && signalled && outcome.status) answeredAfterSignal++
      outcomes.push(outcome)
      if (outcome.error) await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })
  await new Promise((resolve) => setTimeout(resolve, 1000))
  replicas.a.child.kill('SIGTERM')
  signalled = true
  await Promise.all(clients)
  agent.destroy()
  const code = await Promise.race([
    replicas.a.exited,
    /* Unref'd: once A has exited, the timer must not keep this test's process alive 20 s. */
    new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000).unref()),
  ])

  const served = outcomes.filter((outcome) => outcome.status && outcome.status < 500)
  const failed = outcomes.filter((outcome) => outcome.status >= 500)
  const refused = outcomes.filter((outcome) => outcome.error === 'ECONNREFUSED')
  const broken = outcomes.filter((outcome) => outcome.error && outcome.error !== 'ECONNREFUSED')
  console.log(
    `burst: ${served.length} served (${answeredAfterSignal} of them in flight at SIGTERM), ` +
      `${refused.length} refused, ${failed.length} 5xx, ${broken.length} cut; A exited ${code}`
  )
  assert.deepEqual(failed, [], 'no 5xx')
  assert.deepEqual(broken, [], 'no connection cut mid-request')
  assert.ok(served.length > 20, `requests served (${served.length})`)
  assert.ok(
    refused.length > 0,
    'once closed, new connections are refused (clients retry elsewhere)'
  )
  assert.ok(answeredAfterSignal > 0, 'requests in flight at SIGTERM were answered')
  assert.equal(code, 0, 'A exits 0')

  const onB = await call(replicas.b, '/api/rooms?_start=0&_end=1')
  assert.equal(onB.status, 200)
})

test('with S3 down, B says so: health names storage, a picture is a clear 503 (in her language)', async () => {
  const rooms = await (await call(replicas.b, '/api/rooms?_start=0&_end=1')).json()
  const picture = rooms[0].photos[0]
  assert.equal((await call(replicas.b, picture)).status, 200)
  await s3.stop()

  const health = await call(replicas.b, '/api/health', { headers: { 'accept-language': 'ar' } })
  assert.equal(health.status, 503)
  assert.deepEqual(await health.json(), {
    status: 'unavailable',
    message: 'الخدمة غير متاحة مؤقتًا',
    checks: { database: 'ok', redis: 'ok', storage: 'unavailable' },
  })
  const image = await call(replicas.b, picture, { headers: { 'accept-language': 'ar' } })
  assert.equal(image.status, 503)
  assert.deepEqual(await image.json(), { message: 'الخدمة غير متاحة مؤقتًا' })
})
