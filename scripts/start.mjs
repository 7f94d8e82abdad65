/*
 * `npm start`: everything a fresh clone needs, then the product on one port.
 * Installs what is missing, builds, migrates and seeds the embedded SQLite database,
 * then serves http://127.0.0.1:3000 (PORT overrides) until Ctrl-C.
 */
import { spawn } from 'node:child_process'
import { ensureInstalled, root, run, waitForHttp } from './lib/steps.mjs'
import { EMULATOR_HOST, startAuthEmulator } from './lib/emulator.mjs'

const port = process.env.PORT ?? '3000'
const host = process.env.HOST ?? '127.0.0.1'
const api = new URL('../api/', import.meta.url).pathname

await ensureInstalled()
await run('build common', 'npm', ['run', 'build', '-w', 'common'], { cwd: root })
await run('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api })
await run('seed', 'node', ['ace', 'db:seed'], { cwd: api })

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= EMULATOR_HOST
const stopEmulator = await startAuthEmulator()
try {
  await run('demo accounts', 'node', ['ace', 'demo:identities'], { cwd: api })
} catch (error) {
  await stopEmulator()
  throw error
}

const server = spawn('node', ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
  cwd: api,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: host },
})
const stop = () => server.kill('SIGINT')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', async (code) => {
  await stopEmulator()
  process.exit(code ?? 0)
})

const url = `http://${host}:${port}`
await waitForHttp(`${url}/api/health`)
console.log(`
  Sakan is running at ${url}
    API health   ${url}/api/health
    Sign in      ${url}/login   (Firebase Auth emulator at http://${EMULATOR_HOST})

  Demo accounts (password Sakan#2026):
    admin@sakan.test   administrator
    tenant@sakan.test  tenant with an approved application

  Ctrl-C stops everything.
`)
