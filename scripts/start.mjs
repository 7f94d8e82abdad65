/*
 * `npm start`: everything a fresh clone needs, then the product on one port.
 * Installs what is missing, builds, migrates and seeds the embedded SQLite database,
 * then serves http://127.0.0.1:3000 (PORT overrides) until Ctrl-C.
 */
import { spawn } from 'node:child_process'
import { ensureInstalled, root, run, waitForHttp } from './lib/steps.mjs'

const port = process.env.PORT ?? '3000'
const host = process.env.HOST ?? '127.0.0.1'
const api = new URL('../api/', import.meta.url).pathname

await ensureInstalled()
await run('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
await run('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api })
await run('seed', 'node', ['ace', 'db:seed'], { cwd: api })

const server = spawn('node', ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
  cwd: api,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: host },
})
const stop = (signal) => server.kill(signal)
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGINT'))
server.on('exit', (code) => process.exit(code ?? 0))

const url = `http://${host}:${port}`
await waitForHttp(`${url}/api/health`)
console.log(`
  Sakan is running at ${url}
    API health   ${url}/api/health

  Demo accounts (password Sakan#2026):
    admin@sakan.test   administrator
    tenant@sakan.test  tenant with an approved application

  Ctrl-C stops everything.
`)
