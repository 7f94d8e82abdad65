/*
 * The Firebase Auth emulator (firebase-tools, pure Node): started for `npm start` and
 * `npm test`, project `demo-sakan` at 127.0.0.1:9099. An emulator already answering there
 * is reused.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { root } from './steps.mjs'

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
export async function startAuthEmulator() {
  if (await answering()) {
    console.log(`▸ Firebase Auth emulator already running at ${EMULATOR_HOST}`)
    return async () => {}
  }
  console.log(`▸ starting the Firebase Auth emulator at ${EMULATOR_HOST}`)
  const child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' },
    }
  )
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.on('exit', resolve))

  const deadline = Date.now() + 90_000
  while (!(await answering())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the Firebase Auth emulator did not start:\n${output.slice(-2000)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return async () => {
    if (child.exitCode !== null) return
    child.kill('SIGINT')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
