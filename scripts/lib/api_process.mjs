/*
 * Production-style API processes for the multi-process tests (two replicas, the fault suite):
 * one `node bin/server.ts` per loopback port, and sign-in through the Firebase Auth emulator
 * as the browser does it.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { API_SERVER_ARGS, API_SERVER_ENV, root, waitForHttp } from './steps.mjs'
import { EMULATOR_HOST, FIREBASE_PROJECT } from './emulator.mjs'

export const DEMO_PASSWORD = 'Sakan#2026'

/**
 * Starts one API process with `env` on a free `port`, its output to ours or to `output` (a file
 * descriptor); resolves with `{ url, child, exited, stop }` once its health check answers.
 * `stop` SIGKILLs it unless it has exited.
 */
export async function startApiProcess(env, port, output = 'inherit') {
  const url = `http://127.0.0.1:${port}`
  const child = spawn('node', API_SERVER_ARGS, {
    cwd: join(root, 'api'),
    env: { ...API_SERVER_ENV, ...env, PORT: String(port), APP_URL: url },
    stdio: ['ignore', output, output],
  })
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGKILL')
    await exited
  }
  try {
    await waitForHttp(`${url}/api/health`, 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, child, exited, stop }
}

/** One call of the emulator's Identity Toolkit API. */
export async function identity(action, body) {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    }
  )
  const json = await response.json()
  if (!response.ok) throw new Error(`emulator ${action}: ${json.error?.message}`)
  return json
}

/** A new account with a verified e-mail address (as after Firebase's verification link). */
export async function newVerifiedAccount(prefix = 'account') {
  const email = `${prefix}-${randomUUID()}@example.com`
  const { localId } = await identity('signUp', { email, password: DEMO_PASSWORD })
  const update = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, emailVerified: true }),
    }
  )
  if (update.status !== 200) throw new Error(`emulator update: ${await update.text()}`)
  return email
}

/** Signs `email` in through the API at `url`; resolves with the session cookie. */
export async function signIn(url, email) {
  const { idToken, localId } = await identity('signInWithPassword', {
    email,
    password: DEMO_PASSWORD,
  })
  const response = await fetch(`${url}/api/auth/firebase-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ uid: localId, email }),
  })
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('sakan-session='))
  if (!cookie) throw new Error('sign-in set no session cookie')
  return cookie
}

/** A request to the API at `url` with her session `cookie`, if any. */
export function call(url, path, { cookie, ...init } = {}) {
  return fetch(`${url}${path}`, {
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...init.headers },
  })
}
