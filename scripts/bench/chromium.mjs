/* Debian's Chromium, headless, with a throw-away profile, for Lighthouse to drive. */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--remote-debugging-port=0',
]

/**
 * Starts Chromium with the browser language `locale` (what `navigator.languages` and
 * Accept-Language say: the account app picks its language from them). Resolves with
 * `{ port, close }`.
 */
export async function launchChromium(executable, locale) {
  const profile = mkdtempSync(join(tmpdir(), 'sakan-bench-chromium-'))
  const child = spawn(
    executable,
    [
      ...FLAGS,
      `--user-data-dir=${profile}`,
      `--lang=${locale}`,
      `--accept-lang=${locale}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  )
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000))
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL')
        await exited
      }
    }
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    const port = await new Promise((resolve, reject) => {
      let output = ''
      child.stderr.on('data', (chunk) => {
        output += chunk
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
        if (match) resolve(Number(match[1]))
      })
      child.on('error', reject)
      exited.then(() => reject(new Error(`Chromium exited before listening:\n${output}`)))
      setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${output}`)), 30_000)
    })
    return { port, close }
  } catch (error) {
    await close()
    throw error
  }
}
