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

/** Whether an emulator (ours or another) answers at `EMULATOR_HOST`. */
export async function emulatorAnswers() {
  try {
    await fetch(`http://${EMULATOR_HOST}/`)
    return true
  } catch {
    return false
  }
}

/**
 * The folder of a copy of firebase.json with the emulator's port set to EMULATOR_HOST's, or
 * null when firebase.json already names that port.
 */
function configForPort() {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'))
  const port = Number(EMULATOR_HOST.split(':')[1])
  if (config.emulators.auth.port === port) return null
  const folder = mkdtempSync(join(tmpdir(), 'sakan-emulator-'))
  config.emulators.auth.port = port
  writeFileSync(join(folder, 'firebase.json'), JSON.stringify(config))
  return folder
}

/** The emulator's process; a copied configuration goes once it has exited. */
function spawnEmulator() {
  const folder = configForPort()
  const child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    [
      ...(folder ? ['--config', join(folder, 'firebase.json')] : []),
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
  if (folder) child.once('exit', () => rmSync(folder, { recursive: true, force: true }))
  return child
}

/** Starts the emulator unless one answers; resolves with a stop function once it answers. */
export function startAuthEmulator() {
  const timing = { timeoutMs: 90_000, pollMs: 250, signal: 'SIGINT' }
  const service = { name: 'Firebase Auth emulator', where: EMULATOR_HOST }
  return startOrReuse(service, emulatorAnswers, spawnEmulator, timing)
}
