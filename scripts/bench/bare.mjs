/* Starts bare-server.mjs on a plan of recorded statements and reads what it could serve. */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { apiDir } from './database.mjs'
import { onCleanup, onCore, startProcess } from './processes.mjs'

const script = new URL('./bare-server.mjs', import.meta.url).pathname

/**
 * Resolves with `{ url, pid, cases: { [path]: { statements, sql, source, problem } }, stop }` once
 * the server printed its port. With `core`, it runs on that core only (processes.mjs, `onCore`).
 */
export async function startBare({ dialect, database, cases, core }) {
  const planFile = join(apiDir, 'tmp', `bench-plan-${dialect}.json`)
  const plan = {
    dialect,
    sqliteFile: database.SQLITE_FILE ? join(apiDir, database.SQLITE_FILE) : undefined,
    postgresUrl: database.DATABASE_URL,
    cases,
  }
  writeFileSync(planFile, JSON.stringify(plan))
  onCleanup(`remove ${planFile}`, () => rmSync(planFile, { force: true }))
  const [command, args] =
    core === undefined ? ['node', [script, planFile]] : onCore(core, 'node', [script, planFile])
  const server = startProcess(`bare server (${dialect})`, command, args, {
    cwd: apiDir,
    env: process.env,
  })
  const ready = await new Promise((resolve, reject) => {
    let buffer = ''
    server.child.stdout.on('data', (chunk) => {
      buffer += chunk
      const line = buffer.split('\n').find((text) => text.startsWith('{'))
      if (line) resolve(JSON.parse(line))
    })
    server.exited.then((code) =>
      reject(new Error(`the bare server exited (code ${code}):\n${server.output()}`))
    )
  })
  return { ...server, url: `http://127.0.0.1:${ready.port}`, cases: ready.cases }
}
