import type { IncomingMessage, ServerResponse } from 'node:http'

/*
 * A request refused before its body was read (a 401, 403 or 404 for an upload) whose client
 * asked to close the connection afterwards (`Connection: close`, as a client without a pool of
 * connections sends): node closes the connection as soon as the answer is written, while the
 * client may still be sending its body. Its next bytes then meet a reset (EPIPE) and it never
 * reads the answer: seen once in a few hundred uploads refused with a 403 by the API's tests.
 * RFC 9112 §9.6 asks a server closing a connection to read what the client still sends, so the
 * answer is read. The rest of such a body is read here and dropped, before the answer is
 * written, within bounds: at most the largest body a route takes, and for at most
 * `UNREAD_BODY_MS`. A longer or slower body is cut off as before.
 *
 * A kept-alive connection needs none of this: node reads the unread body itself after the
 * answer, and the connection stays open.
 */
export const UNREAD_BODY_MS = 30_000

export async function readUnreadBody(
  request: IncomingMessage,
  response: ServerResponse,
  { maxBytes, maxMs = UNREAD_BODY_MS }: { maxBytes: number; maxMs?: number }
): Promise<void> {
  if (response.shouldKeepAlive || request.complete || request.readableDidRead) return
  if (request.destroyed || Number(request.headers['content-length'] ?? 0) > maxBytes) return
  await new Promise<void>((resolve) => {
    let read = 0
    const done = () => {
      clearTimeout(timer)
      request.off('data', count).off('end', done).off('close', done).off('error', done)
      resolve()
    }
    const count = (chunk: Buffer) => {
      read += chunk.length
      if (read > maxBytes) done()
    }
    const timer = setTimeout(done, maxMs)
    request.on('data', count).once('end', done).once('close', done).once('error', done)
    /* Flowing even if a parser paused it before reading anything. */
    request.resume()
  })
}
