/* Small building blocks shared by the start, test and bench scripts. */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'

/**
 * How the one-process server starts (api/): its TypeScript through the in-thread loader
 * (bin/loader.mjs), a young generation of at most 16 MB per semi-space and an old generation
 * of at most 256 MB. Both keep the resident memory under load near the idle figure (the
 * bench's goal: a peak RSS of at most 200 MB): without the cap V8 lets garbage pile up to
 * 130 MB before a full collection, while the live heap under load stays near 50 MB (measured
 * on PostgreSQL over 100,000 rooms: peak RSS 300 MB without the cap, 196 MB with it, at the
 * same throughput). 16 MB rather than 8: a page of rooms is about 100 kB while it is built,
 * and with 8 MB semi-spaces the scavenges of a loaded PostgreSQL listing cost about a fifth
 * of its time (a listing's throughput +19 % with 16 MB, at the same peak RSS, now that the log
 * has no worker thread).
 * api/package.json, the Dockerfile and docker-compose.yml say the same.
 */
export const API_SERVER_ARGS = [
  '--max-semi-space-size=16',
  '--max-old-space-size=256',
  '--import=./bin/loader.mjs',
  'bin/server.ts',
]

/**
 * The environment the server starts with besides its own settings: at most two malloc arenas.
 * glibc gives each thread that allocates (libuv's pool, V8's helpers) an arena of its own,
 * which a loaded server fills and never returns: about 12 MB of resident memory for nothing
 * (measured under the bench's load). The Dockerfile sets the same.
 */
export const API_SERVER_ENV = { MALLOC_ARENA_MAX: '2' }

export const root = new URL('..', new URL('..', import.meta.url)).pathname.replace(/\/$/, '')

const WORKSPACES = ['common', 'api', 'site', 'backoffice', 'e2e', 'sandbox']

/** Runs a command, streaming its output; rejects with a clear message when it fails. */
export function run(label, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    console.log(`\n▸ ${label}: ${command} ${args.join(' ')}`)
    const child = spawn(command, args, { stdio: 'inherit', ...options })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (exit code ${code})`))
    )
  })
}

/**
 * Runs a command and returns its exit code and combined output, also echoing it as it comes
 * (`echo: false` keeps it for the caller to print, as commands run side by side do).
 */
export function capture(command, args, { echo = true, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const forward = (stream) => (chunk) => {
      output += chunk
      if (echo) stream.write(chunk)
    }
    child.stdout.on('data', forward(process.stdout))
    child.stderr.on('data', forward(process.stderr))
    child.on('error', (error) => resolve({ code: 1, output: output + String(error) }))
    child.on('exit', (code) => resolve({ code: code ?? 1, output }))
  })
}

/**
 * `npm install` in `folder` (the repository by default) when its node_modules is missing or one
 * of `manifests` changed since the last install there.
 */
export async function ensureInstalled(
  folder = root,
  manifests = ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)]
) {
  const hash = createHash('sha256')
  for (const file of manifests) {
    const path = join(folder, file)
    if (existsSync(path)) hash.update(file).update(readFileSync(path))
  }
  const digest = hash.digest('hex')
  const stamp = join(folder, 'node_modules', '.sakan-install-stamp')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return
  /*
   * `npm ci` fails here for Astro's lockfile (other platforms' bindings); install keeps the lock.
   * The registry sometimes drops a download mid-way (an idle time-out): up to three tries.
   * `--prefer-offline`: what npm's cache already holds is taken without asking the registry
   * again (the lockfile names every version); only what it lacks is downloaded. A fresh
   * clone's install took 22 and 31 s instead of 28 and 37 s on the 2-core machine.
   */
  const where = folder === root ? '' : ` (${relative(root, folder)})`
  for (let attempt = 1; ; attempt++) {
    try {
      const label = attempt === 1 ? `install${where}` : `install${where}, try ${attempt} of 3`
      await run(label, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
        cwd: folder,
      })
      break
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`${error.message}; trying again in 15 s`)
      await new Promise((resolve) => setTimeout(resolve, 15_000))
    }
  }
  writeFileSync(stamp, digest)
}

/** Polls a URL until it answers 2xx (or gives up after `timeoutMs`). */
export async function waitForHttp(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

/** Whether a GET of the URL answers 2xx; false when nothing answers there. */
export async function answersOk(url) {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

/**
 * Starts a local helper service (`spawnService()`, a child with piped output) unless one
 * already answers at `where`, which is then reused and never stopped by us. Resolves with its
 * stop function once it answers (serviceStarted); `detail` follows the starting line.
 */
export async function startOrReuse({ name, where, detail = '' }, answering, spawnService, timing) {
  if (await answering()) {
    console.log(`▸ ${name} already running at ${where}`)
    return async () => {}
  }
  console.log(`▸ starting the ${name} at ${where}${detail}`)
  return serviceStarted(`the ${name}`, spawnService(), answering, timing)
}

/**
 * Waits until a helper service spawned as `child` with piped output answers (`answering()`
 * resolves true); its output stays out of ours. Kills it and rejects with the tail of its output
 * when it exits or takes longer than `timeoutMs`. Resolves with its stop function (stopperOf).
 */
export async function serviceStarted(name, child, answering, { timeoutMs, pollMs, signal }) {
  let output = ''
  const keep = (chunk) => (output = (output + chunk).slice(-4000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const stop = stopperOf(child, signal)
  const deadline = Date.now() + timeoutMs
  while (!(await answering())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${name} did not start:\n${output.slice(-2000)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  return stop
}

/**
 * A child process's stop function: `signal`, then SIGKILL if it has not exited within 5 s;
 * nothing once it has exited. Take it right after spawning, so that no exit is missed.
 */
export function stopperOf(child, signal) {
  const exited = new Promise((resolve) => child.on('exit', resolve))
  return async () => {
    if (child.exitCode !== null) return
    child.kill(signal)
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

/** A TCP port free on the loopback interface right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Every file under a folder, as paths (none when the folder does not exist). */
export function filesUnder(folder) {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}
