/*
 * Redis for tests: the machine's server at 127.0.0.1:6379 when it answers (a database number
 * of the caller's), else a scratch `redis-server` on a free port that keeps nothing on disk.
 */
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { freePort } from './steps.mjs'

/** Sends one command (RESP) and resolves with the first reply line; rejects when nothing answers. */
export function redisCommand(url, ...args) {
  const { hostname, port, pathname } = new URL(url)
  const db = pathname.slice(1) || '0'
  const encode = (parts) =>
    `*${parts.length}\r\n` + parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('')
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port || 6379), hostname)
    let reply = ''
    socket.setTimeout(2000, () => socket.destroy(new Error('Redis did not answer')))
    socket.on('error', reject)
    socket.on('connect', () => socket.write(encode(['SELECT', db]) + encode(args.map(String))))
    socket.on('data', (chunk) => {
      reply += chunk
      const lines = reply.split('\r\n')
      /* The SELECT's +OK, then the command's reply. */
      if (lines.length >= 3) {
        socket.end()
        const answer = lines[1]
        if (lines[0].startsWith('-') || answer.startsWith('-')) reject(new Error(answer))
        else resolve(answer)
      }
    })
  })
}

/**
 * A Redis URL for database `db`, emptied first: SAKAN_TEST_REDIS_URL's server, the machine's
 * at 6379, or a scratch server started here. Resolves with `{ url, stop }`.
 */
export async function testRedis(db = 14) {
  const configured = process.env.SAKAN_TEST_REDIS_URL
  const machine = new URL(configured ?? 'redis://127.0.0.1:6379')
  machine.pathname = `/${db}`
  try {
    await redisCommand(machine.toString(), 'FLUSHDB')
    return { url: machine.toString(), stop: async () => {} }
  } catch {
    if (configured) throw new Error(`Redis does not answer at ${configured}`)
  }
  const server = await startRedisServer()
  return { url: `${server.url}/${db}`, stop: server.stop }
}

/**
 * A private `redis-server` on a free loopback port; the caller may stop it and start it again on
 * the same port (the fault suite). It keeps nothing on disk, unless given a `folder` to keep its
 * append-only file in, so that what it held survives a restart as a production server's does.
 * Resolves with `{ url, stop, start }` once it answers.
 */
export async function startRedisServer({ folder } = {}) {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child = null
  const server = {
    url,
    async start() {
      child = spawn(
        'redis-server',
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--save', ''],
          ...(folder ? ['--dir', folder, '--appendonly', 'yes'] : ['--appendonly', 'no']),
        ],
        { stdio: 'ignore' }
      )
      const deadline = Date.now() + 10_000
      for (;;) {
        try {
          await redisCommand(url, 'PING')
          return
        } catch (error) {
          if (Date.now() > deadline || child.exitCode !== null) {
            child.kill()
            throw new Error(`could not start redis-server: ${error.message}`)
          }
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      await exited
    },
  }
  await server.start()
  return server
}
