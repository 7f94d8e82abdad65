/*
 * The Firebase Auth emulator (firebase-tools, pure Node), project `demo-sakan`: started for
 * `npm start` at 127.0.0.1:9099 (firebase.json), and for `npm test` at its own address
 * (scripts/lib/test_env.mjs) — whatever FIREBASE_AUTH_EMULATOR_HOST names. An emulator
 * already answering there is reused.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root, startOrReuse } from './steps.mjs'

export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099'
export const FIREBASE_PROJECT = 'demo-sakan'

async function answering() {
  try {
    await fetch(`http://${EMULATOR_HOST}/`)
    return true
  } catch {
    return false
  }
}

/**
 * firebase.json with the emulator's port set to EMULATOR_HOST's, in a folder of its own
 * (removed by the returned function); firebase.json itself when it already names that port.
 */
function configFile() {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'))
  const port = Number(EMULATOR_HOST.split(':')[1])
  if (config.emulators.auth.port === port) return { path: null, remove: () => {} }
  const folder = mkdtempSync(join(tmpdir(), 'sakan-emulator-'))
  config.emulators.auth.port = port
  writeFileSync(join(folder, 'firebase.json'), JSON.stringify(config))
  return {
    path: join(folder, 'firebase.json'),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  }
}

/** Starts the emulator unless one answers; resolves with a stop function once it answers. */
export async function startAuthEmulator() {
  const config = configFile()
  const emulator = () =>
    spawn(
      join(root, 'node_modules', '.bin', 'firebase'),
      [
        ...(config.path ? ['--config', config.path] : []),
        'emulators:start',
        '--only',
        'auth',
        '--project',
        FIREBASE_PROJECT,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' },
      }
    )
  const timing = { timeoutMs: 90_000, pollMs: 250, signal: 'SIGINT' }
  const service = { name: 'Firebase Auth emulator', where: EMULATOR_HOST }
  try {
    const stop = await startOrReuse(service, answering, emulator, timing)
    return async () => {
      await stop()
      config.remove()
    }
  } catch (error) {
    config.remove()
    throw error
  }
}
