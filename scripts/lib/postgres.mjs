/*
 * Scratch PostgreSQL databases for `npm test` and `npm run bench`: made afresh or dropped
 * through the server's maintenance database (`postgres`), reached with `url`'s credentials;
 * and a private server a test may stop and start (the fault suite).
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './steps.mjs'

/** Connects to the server's maintenance database; null when PostgreSQL does not answer. */
async function adminClient(url) {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  /* Imported here: on a fresh clone, `pg` exists only after the install step. */
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 3000,
  })
  try {
    await client.connect()
    return client
  } catch {
    return null
  }
}

/** Whether PostgreSQL answers at `url`'s server. */
export async function postgresAnswers(url) {
  const client = await adminClient(url)
  await client?.end()
  return client !== null
}

/**
 * Drops the database `url` names (closing its connections) and, unless `drop`, makes it again,
 * empty: nothing is left over from an interrupted run. False when PostgreSQL does not answer.
 */
export async function recreateDatabase(url, { drop = false } = {}) {
  const client = await adminClient(url)
  if (!client) return false
  const name = new URL(url).pathname.slice(1)
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    if (!drop) await client.query(`CREATE DATABASE "${name}"`)
    return true
  } finally {
    await client.end()
  }
}

/** The first folder of the PATH, then of `more`, that holds `program`; null if none does. */
function folderOf(program, more = []) {
  const folders = [...(process.env.PATH ?? '').split(':'), ...more]
  return folders.find((folder) => folder && existsSync(join(folder, program))) ?? null
}

/** The folder of PostgreSQL's server programs: initdb on the PATH, or Debian's versioned folder. */
function postgresBin() {
  const onPath = folderOf('initdb')
  if (onPath) return onPath
  const debian = '/usr/lib/postgresql'
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => b - a) : []
  for (const version of versions)
    if (existsSync(join(debian, version, 'bin', 'initdb'))) return join(debian, version, 'bin')
  throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found')
}

/* util-linux's runuser, also where root's PATH leaves out the sbin folders. */
function runuser() {
  const folder = folderOf('runuser', ['/usr/sbin', '/sbin'])
  return folder ? join(folder, 'runuser') : 'runuser'
}

/**
 * A private PostgreSQL server of the caller's (a fresh cluster in a temporary folder, on a free
 * loopback port, trust authentication) that it may stop and start again at will, unlike the
 * machine's. initdb refuses to run as root: as root the cluster belongs to the `postgres` user.
 * Resolves with `{ url, stop, start, destroy }` (`destroy` stops it and removes its folder).
 */
export async function startScratchPostgres() {
  const bin = postgresBin()
  const folder = mkdtempSync(join(tmpdir(), 'sakan-pg-'))
  const data = join(folder, 'data')
  const asOwner = (command, args) => {
    const full = [join(bin, command), ...args]
    return process.getuid?.() === 0
      ? [runuser(), ['-u', 'postgres', '--', ...full]]
      : [full[0], args]
  }
  const exec = (command, args) =>
    new Promise((resolve, reject) => {
      const [program, programArgs] = asOwner(command, args)
      execFile(program, programArgs, { cwd: folder }, (error, stdout, stderr) =>
        error ? reject(new Error(`${command}: ${stderr || stdout || error.message}`)) : resolve()
      )
    })
  if (process.getuid?.() === 0) chownSync(folder, ...postgresIds())
  const port = await freePort()
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'])
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`
  const log = join(folder, 'server.log')
  let running = false
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await exec('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '30', 'start'])
      running = true
    },
    /* Fast shutdown: open sessions are ended (57P01), as when the server is restarted. */
    async stop() {
      if (!running) return
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'])
      running = false
    },
    async destroy() {
      await server.stop().catch(() => {})
      rmSync(folder, { recursive: true, force: true })
    },
  }
  try {
    await server.start()
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
  return server
}

/** The `postgres` user's uid and gid (the owner of a cluster made as root). */
function postgresIds() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  if (!line) throw new Error('no postgres user to own a scratch cluster made as root')
  const [, , uid, gid] = line.split(':')
  return [Number(uid), Number(gid)]
}
