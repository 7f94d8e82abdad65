/*
 * The one-process server as users get it: `bin/server.ts` (API + public site + account app on
 * one port) with NODE_ENV=production. Production refuses to start without its secrets
 * (startup_guard.ts), so the run makes throw-away ones: a random APP_KEY and DOCUMENT_KEY, gateway keys that
 * are never used (no page measured here pays), no Auth emulator (production refuses it too).
 */
import { randomBytes } from 'node:crypto'
import { apiDir } from './database.mjs'
import { freePort, onCore, startProcess, waitUntilUp } from './processes.mjs'
import { API_SERVER_ARGS, API_SERVER_ENV } from '../lib/steps.mjs'

/** The environment of the measured server, shown in the report (secrets masked). */
export function serverEnv({ port, database, siteDist, backofficeDist, extra = {} }) {
  const env = {
    ...API_SERVER_ENV,
    ...process.env,
    ...database,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    APP_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SITE_DIST: siteDist,
    BACKOFFICE_DIST: backofficeDist,
    MOYASAR_SECRET_KEY: 'sk_bench_unused',
    MOYASAR_PUBLISHABLE_KEY: 'pk_bench_unused',
    MOYASAR_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    /* ID documents are encrypted with it; no page measured here reads one. */
    DOCUMENT_KEY: randomBytes(32).toString('hex'),
    /* Production refuses a loopback mail server; the bench sends no mail (no worker). */
    SMTP_HOST: 'smtp.bench.invalid',
    MAIL_FROM_ADDRESS: 'bench@sakan.invalid',
    NOTIFY_POLL_MS: '0',
    ...extra,
  }
  delete env.FIREBASE_AUTH_EMULATOR_HOST
  return env
}

/**
 * Starts the server (on `port`, or a free one); resolves once /api/health answers. With
 * `core`, it runs on that core only (processes.mjs, `onCore`).
 */
export async function startApi({
  database,
  siteDist,
  backofficeDist,
  extra,
  label = 'API',
  port,
  core,
}) {
  port ??= await freePort()
  const env = serverEnv({ port, database, siteDist, backofficeDist, extra })
  const [command, args] =
    core === undefined ? ['node', API_SERVER_ARGS] : onCore(core, 'node', API_SERVER_ARGS)
  const server = startProcess(label, command, args, {
    cwd: apiDir,
    env,
  })
  const url = `http://127.0.0.1:${port}`
  await waitUntilUp(`${url}/api/health`, server)
  return { ...server, url, port }
}

/** The settings the report prints for the measured server. */
export const SERVER_SETTINGS =
  'NODE_ENV=production, LOG_LEVEL=warn, MALLOC_ARENA_MAX=2, HOST=127.0.0.1, random APP_KEY and DOCUMENT_KEY, unused gateway keys, ' +
  `no Auth emulator; \`node ${API_SERVER_ARGS.join(' ')}\` (API + site + account app)`
