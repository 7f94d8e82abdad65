/*
 * Graceful shutdown of the HTTP servers (DESIGN.md §7): on SIGTERM a replica stops accepting
 * connections (a new one is refused at once, so a proxy or client retries elsewhere), lets
 * the requests in flight finish within a bound, then closes its pools and exits 0.
 */
import { Server as NetServer } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown

export class Drain {
  #inFlight = 0
  #draining = false
  #servers: Server[] = []

  get inFlight() {
    return this.#inFlight
  }

  get draining() {
    return this.#draining
  }

  /** Counts the handler's requests until their responses close; the server is closed by `drain`. */
  track(server: Server, handler: Handler): Handler {
    this.#servers.push(server)
    return (request, response) => {
      this.#inFlight++
      /* Once draining, a request that still arrives on an open connection is the last on it. */
      if (this.#draining) response.shouldKeepAlive = false
      response.once('close', () => this.#inFlight--)
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
    const deadline = Date.now() + timeoutMs
    let cut = 0
    for (const server of this.#servers) {
      const closed = this.#stopListening(server)
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
    }
    return cut
  }
}
