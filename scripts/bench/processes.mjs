/*
 * The processes and scratch files a run starts or makes, and their clean-up: every one is
 * registered here as it is made and undone in reverse order at the end, on failure and on
 * Ctrl-C alike.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'

const cleanups = []
let cleaning

/** Registers an undo step; returns a function that runs it now (once) instead of at the end. */
export function onCleanup(label, undo) {
  const entry = { label, undo, done: false }
  cleanups.push(entry)
  return async () => {
    if (entry.done) return
    entry.done = true
    await undo()
  }
}

/** Runs every pending undo step, newest first; failures are printed, never thrown. */
export function cleanUp() {
  cleaning ??= (async () => {
    for (const entry of cleanups.reverse()) {
      if (entry.done) continue
      entry.done = true
      try {
        await entry.undo()
      } catch (error) {
        console.error(`bench: clean-up "${entry.label}" failed: ${error.message}`)
      }
    }
  })()
  return cleaning
}

/* Ctrl-C or a kill: undo what the run made, then leave with the conventional code. */
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, cleaning up…`)
    cleanUp().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)))
  })
}

export { freePort } from '../lib/steps.mjs'

/**
 * Starts a long-running process (a server) with its output kept in memory for error reports,
 * registered for clean-up. Resolves with `{ child, pid, output(), stop() }`.
 */
export function startProcess(label, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk) => {
    /* The last 20 kB are enough to say why a server died. */
    output = (output + chunk).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const stop = onCleanup(`stop ${label}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    /* AdonisJS ends on SIGINT (it ignores SIGTERM under some runners). */
    child.kill('SIGINT')
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000))
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      child.kill('SIGKILL')
      await exited
    }
  })
  return { child, pid: child.pid, exited, output: () => output, stop }
}

/**
 * Runs a command to its end (a build, a migration), streaming its output. It gets a process
 * group of its own so that an interrupted run can stop it with everything it started (npm
 * starts a shell, which starts the build).
 */
export function runStep(label, command, args, options = {}) {
  console.log(`\n▸ ${label}: ${command} ${args.join(' ')}`)
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options })
    const exited = new Promise((done) => child.on('exit', done))
    const signal = (name) => {
      try {
        process.kill(-child.pid, name)
      } catch {
        /* the group is gone */
      }
    }
    const stop = onCleanup(`stop ${label}`, async () => {
      signal('SIGTERM')
      const timeout = new Promise((done) => setTimeout(() => done('timeout'), 5000))
      if ((await Promise.race([exited, timeout])) === 'timeout') signal('SIGKILL')
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      stop()
      if (code === 0) resolve()
      else reject(new Error(`${label} failed (exit code ${code})`))
    })
  })
}

/** Polls `url` until it answers 2xx; fails early when `process` exits first. */
export async function waitUntilUp(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(
        `${url}: the server exited (code ${server.child.exitCode}):\n${server.output()}`
      )
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${server.output()}`)
}

/**
 * A process's peak resident memory in MB so far (the kernel's high-water mark VmHWM, which
 * no polling can miss); NaN when /proc is unavailable.
 */
export function peakRssMb(pid) {
  const file = `/proc/${pid}/status`
  if (!existsSync(file)) return NaN
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(file, 'utf8'))?.[1])
  return kb / 1024
}

/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/** The CPU time a process has used so far, in clock ticks (utime + stime); NaN without /proc. */
export function cpuTicks(pid) {
  const file = `/proc/${pid}/stat`
  if (!existsSync(file)) return NaN
  /* The fields after the command's name (in parentheses, which may hold spaces). */
  const fields = readFileSync(file, 'utf8').split(') ').at(-1).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

/** The CPU time a process has used so far, in seconds; NaN without /proc. */
function cpuSeconds(pid) {
  return cpuTicks(pid) / CLOCK_TICKS
}

/*
 * The measured servers on one core, the load generator (this process) on another, so that
 * a server's CPU time per request is its own work and neither steals the other's core. Only
 * with taskset and at least two cores; otherwise nothing is pinned.
 */
const canPin =
  os.cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0

/** The core the measured servers run on, and the one the load generator runs on. */
export const SERVER_CORE = 0
export const LOAD_CORE = 1

/** `command args` as run on one core (`taskset -c core …`), or unchanged when it cannot be. */
export function onCore(core, command, args) {
  return canPin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]
}

/**
 * Pins this process (every thread of it) to one core; returns a function that gives it
 * back the cores it had. Does nothing where pinning is unavailable.
 */
export function pinSelf(core) {
  if (!canPin) return () => {}
  const before = execFileSync('taskset', ['-pc', String(process.pid)])
    .toString()
    .split(':')
    .at(-1)
    .trim()
  execFileSync('taskset', ['-apc', String(core), String(process.pid)], { stdio: 'ignore' })
  return () => execFileSync('taskset', ['-apc', before, String(process.pid)], { stdio: 'ignore' })
}

/** Whether the servers are pinned to SERVER_CORE and the load generator to LOAD_CORE. */
export const PINNED = canPin

/**
 * Waits until a server has finished what it does by itself after start-up (a cache's warm-up):
 * until it used less than `share` of one core over a whole `windowMs`, at most `timeoutMs`.
 * Resolves with the seconds waited (NaN without /proc, at once).
 */
export async function waitUntilQuiet(
  pid,
  { share = 0.05, windowMs = 1000, timeoutMs = 180_000 } = {}
) {
  const started = performance.now()
  let before = cpuSeconds(pid)
  while (Number.isFinite(before) && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    const now = cpuSeconds(pid)
    if (now - before < (share * windowMs) / 1000) break
    before = now
  }
  return Number.isFinite(before) ? (performance.now() - started) / 1000 : NaN
}
