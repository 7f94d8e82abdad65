/*
 * The local mail catcher (maildev, development and tests only): started for `npm start` with
 * SMTP on 127.0.0.1:1025 and its web page and JSON API (`/api/email`) on 127.0.0.1:1080,
 * maildev's defaults (`npm test` at its own, SAKAN_MAIL_SMTP and SAKAN_MAIL_CATCHER_URL:
 * test_env.mjs). A catcher already answering there is reused. The API
 * sends to it unless SMTP_HOST names another server (production must: startup_guard.ts).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { answersOk, root, startOrReuse } from './steps.mjs'

const smtp = new URL(`smtp://${process.env.SAKAN_MAIL_SMTP || '127.0.0.1:1025'}`)
export const MAIL_SMTP = { host: smtp.hostname, port: Number(smtp.port) }
export const MAIL_CATCHER_URL = process.env.SAKAN_MAIL_CATCHER_URL || 'http://127.0.0.1:1080'

/** What the API is given to send to the catcher (unless the caller's environment says otherwise). */
export const MAIL_CATCHER_API_ENV = {
  SMTP_HOST: MAIL_SMTP.host,
  SMTP_PORT: String(MAIL_SMTP.port),
  MAIL_CATCHER_URL,
}

const answering = () => answersOk(`${MAIL_CATCHER_URL}/api/healthz`)

/** Starts the catcher unless one answers; resolves with a stop function once it answers. */
export function startMailCatcher() {
  const web = new URL(MAIL_CATCHER_URL)
  const service = {
    name: 'mail catcher',
    where: MAIL_CATCHER_URL,
    detail: ` (SMTP ${MAIL_SMTP.host}:${MAIL_SMTP.port})`,
  }
  const maildev = () =>
    spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
        '--ip',
        MAIL_SMTP.host,
        '--smtp',
        String(MAIL_SMTP.port),
        '--web-ip',
        web.hostname,
        '--web',
        web.port,
        /* Memory only, and bounded: a long `npm start` keeps the latest messages. */
        '--max-emails',
        '2000',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }
    )
  const timing = { timeoutMs: 20_000, pollMs: 200, signal: 'SIGTERM' }
  return startOrReuse(service, answering, maildev, timing)
}
