/*
 * The Firebase Auth emulator (firebase-tools, pure Node): started for `npm start` and
 * `npm test`, project `demo-sakan` at 127.0.0.1:9099. An emulator already answering there
 * is reused.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { root, startOrReuse } from './steps.mjs'

export const EMULATOR_HOST = '127.0.0.1:9099'
export const FIREBASE_PROJECT = 'demo-sakan'

async function answering() {
  try {
    await fetch(`http://${EMULATOR_HOST}/`)
    return true
  } catch {
    return false
  }
}

/** Starts the emulator unless one answers; resolves with a stop function once it answers. */
export function startAuthEmulator() {
  const emulator = () =>
    spawn(
      join(root, 'node_modules', '.bin', 'firebase'),
      ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' },
      }
    )
  const timing = { timeoutMs: 90_000, pollMs: 250, signal: 'SIGINT' }
  const service = { name: 'Firebase Auth emulator', where: EMULATOR_HOST }
  return startOrReuse(service, answering, emulator, timing)
}
