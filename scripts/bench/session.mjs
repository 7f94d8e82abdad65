/*
 * The demo accounts' sessions for the sections that sign in: opened directly in the session
 * store by `node ace session:open <e-mail>`, and the `Cookie` header that
 * names it, signed with the measured server's APP_KEY (which the server must be started with).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { apiDir } from './database.mjs'

const run = promisify(execFile)

export const ADMIN_EMAIL = 'admin@sakan.test'

/**
 * The server's settings a session opened here needs: the same key, and no re-check against
 * Firebase during the run (the bench has no Auth emulator).
 */
export const sessionServerEnv = (appKey) => ({ APP_KEY: appKey, SESSION_RECHECK_SECONDS: '86400' })

/** The demo resident (a stay, its ledger and a completed payment: the demo seed). */
export const TENANT_EMAIL = 'tenant@sakan.test'

/** Resolves with the `Cookie` header of a new session of the administrator on `database`. */
export function openAdminSession({ database, appKey }) {
  return openSession({ database, appKey, email: ADMIN_EMAIL })
}

/** Resolves with the `Cookie` header of a new session of `email`'s account on `database`. */
export async function openSession({ database, appKey, email }) {
  const env = { ...process.env, ...database, NODE_ENV: 'development', LOG_LEVEL: 'warn' }
  const { stdout } = await run('node', ['ace', 'session:open', email], {
    cwd: apiDir,
    env: { ...env, APP_KEY: appKey },
  })
  const cookie = stdout.trim().split('\n').at(-1)
  if (!cookie?.includes('=')) throw new Error(`session:open printed no cookie: ${stdout.trim()}`)
  return cookie
}
