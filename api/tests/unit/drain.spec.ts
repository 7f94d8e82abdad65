/*
 * Graceful shutdown (app/server/drain.ts) on real sockets: requests in flight finish, new
 * connections are refused, idle kept-alive connections do not hold the exit back, and the
 * bound cuts what outlasts it.
 */
import { test } from '@japa/runner'
import { Agent, createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Drain } from '#server/drain'

/** A server whose `/slow` answers after `ms`, everything else at once. */
async function serve(drain: Drain, ms: number): Promise<{ server: Server; url: string }> {
  const server = createServer()
  server.on(
    'request',
    drain.track(server, (req, res) => {
      const wait = req.url === '/slow' ? ms : 0
      setTimeout(() => res.end('done'), wait)
    })
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

function get(
  url: string,
  agent?: Agent
): Promise<{ status?: number; body?: string; error?: string; connection?: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: agent ?? false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode, body, connection: res.headers.connection })
      )
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }))
    req.end()
  })
}

/** Resolves once `condition` holds (the request has reached the server), polling up to 5 s. */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the request never reached the server')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

test.group('Graceful shutdown', () => {
  test('a request in flight finishes, a new connection is refused, nothing is cut', async ({
    assert,
  }) => {
    const drain = new Drain()
    const { url } = await serve(drain, 1000)
    const slow = get(`${url}/slow`)
    await until(() => drain.inFlight === 1)

    const draining = drain.drain(5000)
    const refused = await get(`${url}/fast`)
    assert.equal(refused.error, 'ECONNREFUSED')
    const finished = await slow
    assert.equal(finished.status, 200)
    assert.equal(finished.body, 'done')
    assert.equal(finished.connection, 'close')
    assert.equal(await draining, 0)
  })

  test('an idle kept-alive connection does not hold the shutdown back', async ({ assert }) => {
    const drain = new Drain()
    const { url } = await serve(drain, 0)
    const agent = new Agent({ keepAlive: true })
    assert.equal((await get(`${url}/fast`, agent)).status, 200)
    const started = Date.now()
    assert.equal(await drain.drain(8000), 0)
    /* Closed as idle after about a second, long before the server's 5 s keep-alive. */
    assert.isBelow(Date.now() - started, 3000)
    agent.destroy()
  })

  test('a request that outlasts the bound is cut and counted', async ({ assert }) => {
    const drain = new Drain()
    const { url } = await serve(drain, 5000)
    const slow = get(`${url}/slow`)
    await until(() => drain.inFlight === 1)
    assert.equal(await drain.drain(200), 1)
    assert.equal((await slow).error, 'ECONNRESET')
  })
})
