/*
 * Graceful shutdown of the HTTP servers: on SIGTERM a replica stops accepting
 * connections (a new one is refused at once, so a proxy or client retries elsewhere), lets
 * the requests in flight finish within a bound, then closes its pools and exits 0.
 */
import { Server as NetServer, type Socket } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/*
 * How long an idle kept-alive connection stays open: longer than the clients and proxies in
 * front keep one before reusing it (Caddy: 2 minutes). With node's 5 s, a request sent just as
 * the server closed its connection met a reset. Draining still closes idle connections within
 * a second (`IDLE_CLOSE_MS`). The API's own tests serve with it too (tests/bootstrap.ts).
 */
export const KEEP_ALIVE_MS = 130_000

/* While draining, a connection idle this long after its last response is closed: its client
   is not about to send on it (a newly accepted one always gets to send its first request). */
const IDLE_CLOSE_MS = 1000

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown

export class Drain {
  #inFlight = 0
  #draining = false
  #servers: Server[] = []
  #responses = new Set<ServerResponse>()
  /* Each open connection: since when it has been idle after a response, or null while busy
     or before its first request. */
  #idleSince = new Map<Server, Map<Socket, number | null>>()

  get inFlight() {
    return this.#inFlight
  }

  /** Counts the handler's requests until their responses close; the server is closed by `drain`. */
  track(server: Server, handler: Handler): Handler {
    this.#servers.push(server)
    const idleSince = new Map<Socket, number | null>()
    this.#idleSince.set(server, idleSince)
    server.on('connection', (socket: Socket) => {
      idleSince.set(socket, null)
      socket.once('close', () => idleSince.delete(socket))
    })
    /* One listener for all of this server's responses, not a closure per request. */
    const onClosed = (response: ServerResponse) => {
      this.#inFlight--
      this.#responses.delete(response)
      const socket = response.req.socket
      if (idleSince.has(socket)) idleSince.set(socket, Date.now())
    }
    function closed(this: ServerResponse) {
      onClosed(this)
    }
    return (request, response) => {
      this.#inFlight++
      this.#responses.add(response)
      idleSince.set(request.socket, null)
      /* Once draining, a request that still arrives on an open connection is the last on it. */
      if (this.#draining) response.shouldKeepAlive = false
      /* 'close' is emitted once per response. */
      response.on('close', closed)
      return handler(request, response)
    }
  }

  /**
   * Closes the listening socket only: node:http's own close() also destroys every connection
   * without a request under way, which includes one just accepted whose request has not been
   * read yet (its client would see a reset). A kept-alive connection ends instead after its
   * next response (`Connection: close`) or its idle timeout. Resolves once the last
   * connection has ended.
   */
  #stopListening(server: Server): Promise<void> {
    return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()))
  }

  /**
   * Closes the servers one after the other (the public one first: requests in flight may
   * still call the internal one), each within what remains of `timeoutMs`; connections still
   * open at the deadline are cut. Resolves with the number of requests cut.
   */
  async drain(timeoutMs: number): Promise<number> {
    this.#draining = true
    /* Responses not yet started end their connection too. */
    for (const response of this.#responses) {
      if (!response.headersSent) response.shouldKeepAlive = false
    }
    const deadline = Date.now() + timeoutMs
    let cut = 0
    for (const server of this.#servers) {
      const closed = this.#stopListening(server)
      /* Only the server being closed: the internal one's idle connections are the pages'
         pool, still in use while the public one drains. */
      const idleSince = this.#idleSince.get(server)!
      const sweep = setInterval(() => {
        for (const [socket, since] of idleSince) {
          if (since !== null && Date.now() - since >= IDLE_CLOSE_MS) socket.destroy()
        }
      }, 100)
      const inTime = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) =>
          setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref()
        ),
      ])
      if (!inTime) {
        cut += this.#inFlight
        server.closeAllConnections()
        await closed
      }
      clearInterval(sweep)
    }
    return cut
  }
}
