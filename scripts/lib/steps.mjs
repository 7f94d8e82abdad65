/* Small building blocks shared by the start, test and bench scripts. */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('..', new URL('..', import.meta.url)).pathname.replace(/\/$/, '')

const WORKSPACES = ['common', 'api', 'site', 'backoffice', 'e2e', 'sandbox']
const STAMP = join(root, 'node_modules', '.sakan-install-stamp')

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

/** Runs a command and returns its exit code and combined output, also echoing it. */
export function capture(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const forward = (stream) => (chunk) => {
      output += chunk
      stream.write(chunk)
    }
    child.stdout.on('data', forward(process.stdout))
    child.stderr.on('data', forward(process.stderr))
    child.on('error', (error) => resolve({ code: 1, output: output + String(error) }))
    child.on('exit', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** `npm install` when node_modules is missing or a manifest or the lockfile changed since. */
export async function ensureInstalled() {
  const hash = createHash('sha256')
  for (const file of [
    'package.json',
    'package-lock.json',
    ...WORKSPACES.map((w) => `${w}/package.json`),
  ]) {
    const path = join(root, file)
    if (existsSync(path)) hash.update(file).update(readFileSync(path))
  }
  const digest = hash.digest('hex')
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest) return
  /* `npm ci` fails here for Astro's lockfile (other platforms' bindings); install keeps the lock. */
  await run('install', 'npm', ['install', '--no-audit', '--no-fund'], { cwd: root })
  writeFileSync(STAMP, digest)
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
