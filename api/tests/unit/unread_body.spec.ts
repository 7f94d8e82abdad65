/*
 * The rest of an unread body on a connection closed after its answer
 * (app/server/unread_body.ts), on real sockets: read before the answer, so the client sends
 * all of it and reads the answer; never more than the bound allows, in bytes or in time.
 */
import { test } from '@japa/runner'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { readUnreadBody } from '#server/unread_body'

/** A server that refuses every request at once with a 403, reading its body only through `readUnreadBody`. */
async function refusing(bounds: { maxBytes: number; maxMs: number }): Promise<Server> {
  const server = createServer(async (request, response) => {
    await readUnreadBody(request, response, bounds)
    response.writeHead(403, { 'content-type': 'text/plain' }).end('refused')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/**
 * Sends a POST of `length` bytes in two halves, asking to close the connection (or to keep it);
 * between them, waits for an answer up to `waitMs`: what came back before the second half,
 * whether it went out whole, and the answer.
 */
async function post(server: Server, length: number, waitMs: number, close = true) {
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
  await once(socket, 'connect')
  const received: Buffer[] = []
  socket.on('data', (chunk: Buffer) => received.push(chunk))
  const closed = once(socket, 'close').then(() => null)
  const failed = new Promise<string>((resolve) =>
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
  )
  const half = Buffer.alloc(length / 2, 1)
  socket.write(
    `POST / HTTP/1.1\r\nHost: x\r\nConnection: ${close ? 'close' : 'keep-alive'}\r\n` +
      `Content-Length: ${length}\r\n\r\n`
  )
  socket.write(half)
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    new Promise((resolve) => socket.once('data', resolve)),
    new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
  ])
  clearTimeout(timer)
  const early = Buffer.concat(received).toString()
  socket.end(half)
  const error = await Promise.race([closed, failed])
  socket.destroy()
  return { early, error, answer: Buffer.concat(received).toString() }
}

test.group('A body nobody read, on a connection closed after the answer', (group) => {
  let servers: Server[] = []
  group.each.teardown(async () => {
    for (const server of servers) server.closeAllConnections()
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    servers = []
  })
  const start = async (bounds: { maxBytes: number; maxMs: number }) => {
    const server = await refusing(bounds)
    servers.push(server)
    return server
  }

  test('is read before the answer: the client sends all of it, then reads the 403', async ({
    assert,
  }) => {
    const server = await start({ maxBytes: 1024 * 1024, maxMs: 5000 })
    const { early, error, answer } = await post(server, 256 * 1024, 200)
    assert.equal(early, '', 'no answer while the body is still coming')
    assert.isNull(error)
    assert.match(answer, /^HTTP\/1\.1 403 /)
    assert.include(answer, 'refused')
  })

  test('a body longer than the bound is answered at once, unread', async ({ assert }) => {
    const server = await start({ maxBytes: 64 * 1024, maxMs: 60_000 })
    const { early } = await post(server, 256 * 1024, 5000)
    assert.match(early, /^HTTP\/1\.1 403 /)
  })

  test('a body slower than the bound is answered when the bound runs out', async ({ assert }) => {
    const server = await start({ maxBytes: 1024 * 1024, maxMs: 100 })
    const { early } = await post(server, 256 * 1024, 5000)
    assert.match(early, /^HTTP\/1\.1 403 /)
  })

  test('a kept-alive connection is answered at once: node reads the rest itself', async ({
    assert,
  }) => {
    const server = await start({ maxBytes: 1024 * 1024, maxMs: 60_000 })
    const { early } = await post(server, 256 * 1024, 5000, false)
    assert.match(early, /^HTTP\/1\.1 403 /)
  })
})
