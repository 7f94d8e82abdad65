/*
 * The whole product on one port, as `npm start` runs it and as the browser tests use it:
 * migrate and seed, the Firebase Auth emulator and the demo accounts, the API with its
 * front door, then the public site (built from the running API) and the account app.
 * Card payments go to the local Moyasar sandbox unless the environment names another gateway;
 * e-mail to the local mail catcher (maildev) unless it names an SMTP server.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { API_SERVER_ARGS, API_SERVER_ENV, root, run, waitForHttp } from './steps.mjs'
import { EMULATOR_HOST, startAuthEmulator } from './emulator.mjs'
import {
  SANDBOX_API_ENV,
  SANDBOX_URL,
  registerSandboxWebhook,
  startPaymentSandbox,
} from './sandbox.mjs'
import { MAIL_CATCHER_API_ENV, MAIL_CATCHER_URL, startMailCatcher } from './mail_catcher.mjs'

const api = join(root, 'api')

/** A fingerprint of every file under these paths (names, sizes, contents). */
function fingerprint(paths) {
  const hash = createHash('sha256')
  const walk = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
        walk(join(path, name))
      }
    } else {
      hash.update(path).update(readFileSync(path))
    }
  }
  for (const path of paths) walk(join(root, path))
  return hash.digest('hex')
}

/** Builds a workspace unless its sources (and `extra`) are unchanged since its last build. */
async function buildIfChanged(workspace, sources, extra, env, step = run) {
  const stampFile = join(root, workspace, 'dist', '.sakan-build')
  const stamp = `${fingerprint([workspace, ...sources])}:${extra}`
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`▸ ${workspace}: up to date`)
    return
  }
  await step(`build ${workspace}`, 'npm', ['run', 'build', '-w', workspace], { cwd: root, env })
  writeFileSync(stampFile, stamp)
}

/** How often the API may die within `RESTART_WINDOW_MS` before it is left stopped. */
const MAX_RESTARTS = 5
const RESTART_WINDOW_MS = 60_000

/**
 * The API's process, started again when it dies unless it is being stopped (or died
 * `MAX_RESTARTS` times within a minute: then something is wrong that a restart will not mend).
 */
function superviseApi({ env, restart }) {
  let child
  let stopping = false
  const deaths = []
  let settle
  const exited = new Promise((resolve) => (settle = resolve))
  const spawnApi = () => {
    child = spawn('node', API_SERVER_ARGS, { cwd: api, env, stdio: 'inherit' })
    child.on('exit', (code, signal) => {
      if (stopping) return settle(code)
      const now = Date.now()
      deaths.push(now)
      while (deaths.length > 0 && deaths[0] < now - RESTART_WINDOW_MS) deaths.shift()
      const why = signal ? `signal ${signal}` : `exit code ${code}`
      if (!restart || deaths.length > MAX_RESTARTS) {
        if (restart)
          console.error(`the API stopped (${why}) ${deaths.length} times within a minute`)
        return settle(code ?? 1)
      }
      console.error(`the API stopped (${why}); starting it again`)
      setTimeout(() => stopping || spawnApi(), 1000)
    })
  }
  spawnApi()
  const stop = async () => {
    stopping = true
    if (child.exitCode !== null || child.signalCode !== null) return settle(child.exitCode)
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  return { exited, stop }
}

/**
 * Starts everything; resolves once the product answers at its URL with the site and the
 * account app built (`gatewayUrl`: where card payments go; `mailUrl`: the mail catcher's page,
 * null when e-mail goes to a server of the environment's). `fresh` starts from an empty
 * database and storage. `restart`: an API process that dies is started again (`npm start`),
 * while the emulator, sandbox and mail catcher keep running; `exited` then resolves only once
 * it has died too often to go on. `step` runs each step's command (`run`, which streams its
 * output, unless the caller keeps it: `npm test` prints it whole once the product is up).
 * `builds: false` serves the site and the account app as they are already built (a second
 * product beside one that built them: the browser suite's public-pages product).
 */
export async function launchProduct({
  port,
  sqliteFile,
  storageDir,
  fresh = false,
  logLevel,
  restart = false,
  builds = true,
  env: extra = {},
  step = run,
}) {
  const url = `http://127.0.0.1:${port}`
  const env = {
    /* The payment sandbox's values, unless the caller's environment sets its own. */
    ...SANDBOX_API_ENV,
    /* The mail catcher's too, unless it names its own SMTP server. */
    ...(process.env.SMTP_HOST ? {} : MAIL_CATCHER_API_ENV),
    ...process.env,
    NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? EMULATOR_HOST,
    ...(sqliteFile ? { SQLITE_FILE: sqliteFile } : {}),
    ...(storageDir ? { STORAGE_DIR: storageDir } : {}),
    ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
    ...extra,
  }
  if (fresh) {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(api, (sqliteFile ?? 'tmp/sakan.sqlite3') + suffix), { force: true })
    if (storageDir) rmSync(join(api, storageDir), { recursive: true, force: true })
  }

  await step('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
  await step('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api, env })
  await step('seed', 'node', ['ace', 'db:seed'], { cwd: api, env })

  const stopEmulator = await startAuthEmulator()
  const stops = [stopEmulator]
  const stop = async () => {
    for (const halt of stops.reverse()) await halt()
  }
  try {
    if (env.MOYASAR_BASE_URL === SANDBOX_URL) {
      stops.push(await startPaymentSandbox())
      await registerSandboxWebhook(`${url}/api/payments/webhook`, env.MOYASAR_WEBHOOK_SECRET)
    }
    const catcher = !process.env.SMTP_HOST
    if (catcher) stops.push(await startMailCatcher())
    await step('demo accounts', 'node', ['ace', 'demo:identities'], { cwd: api, env })

    const server = superviseApi({ env: { ...API_SERVER_ENV, ...env }, restart })
    stops.push(server.stop)
    const { exited } = server
    await waitForHttp(`${url}/api/health`)

    /* The site pre-renders the catalogue it reads from the running API, and the terms page
       what the configured rent terms make true (`/api/config`'s `rent`). */
    const rooms = await fetch(`${url}/api/rooms?_start=0&_end=1`).then((r) =>
      r.headers.get('x-total-count')
    )
    const rent = await fetch(`${url}/api/config`)
      .then((r) => r.json())
      .then((config) => JSON.stringify(config.rent ?? null))
    if (builds && existsSync(join(root, 'site', 'package.json'))) {
      await buildIfChanged(
        'site',
        ['common/src', 'common/locales', 'common/styles'],
        `${url}:${rooms}:${rent}`,
        {
          ...process.env,
          SAKAN_API_URL: url,
          SAKAN_SITE_URL: url,
        },
        step
      )
    }
    if (builds && existsSync(join(root, 'backoffice', 'package.json'))) {
      await buildIfChanged(
        'backoffice',
        ['common/src', 'common/locales', 'common/styles'],
        '',
        process.env,
        step
      )
    }
    /* The public pages' cache warms at the first page asked for (api/app/server/public_pages.ts). */
    await fetch(`${url}/en/`).catch(() => {})
    return {
      url,
      stop,
      exited,
      gatewayUrl: env.MOYASAR_BASE_URL,
      mailUrl: catcher ? MAIL_CATCHER_URL : null,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
