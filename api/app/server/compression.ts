/**
 * Compression on the fly for the one-process server (front_door.ts): what was not compressed
 * at build time — pages Astro renders on demand (rooms added after the build, 404s), the
 * API's JSON, a text file a build left without its `.br`/`.gz` — is compressed as it is
 * written, with brotli or gzip as the client accepts, at a level meant for speed.
 *
 * The decision is taken when the head is written (the status, type and length are known
 * then): only text types, only answers with a body of at least `MIN_BYTES` (or of unknown
 * length), never an answer already encoded (the pre-compressed files sirv serves) or marked
 * `no-transform`. Compressible answers get `Vary: Accept-Encoding` whether compressed or not,
 * so a shared cache keeps the two apart. A compressed answer's strong ETag becomes weak
 * (`W/"…"`): the bytes differ from the identity body's, the meaning does not; a revalidation
 * with it still matches, since If-None-Match compares weakly.
 */
import {
  constants,
  createBrotliCompress,
  createGzip,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib'
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http'
import onHeaders from 'on-headers'

export type Encoding = 'br' | 'gzip'

/** Below about one packet, compressing saves nothing worth its CPU. */
export const MIN_BYTES = 1024

/** Fast levels: brotli 4 is already smaller than gzip 6, at a fraction of brotli 11's cost. */
export const BROTLI_QUALITY = 4
export const GZIP_LEVEL = 6

/** Text the browser reads: HTML, CSS, JS, JSON (and +json), XML (and +xml), SVG, plain text. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|ecmascript|xml|manifest\+json|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i

/** Whether a Content-Type is one of the text types worth compressing. */
export function isCompressible(contentType: string | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType)
}

/**
 * The encoding to use for an `Accept-Encoding`: brotli if accepted, else gzip, else none.
 * A coding with `q=0` is refused; `*` stands for every coding not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    let weight = 1
    for (const parameter of parameters) {
      const [key, value] = parameter.trim().split('=')
      if (key === 'q') weight = Number(value)
    }
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight)
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0
  const brotli = weightOf('br')
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0)
  if (brotli > 0 && brotli >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return null
}

/** Adds a field to the response's Vary, once. */
export function appendVary(response: ServerResponse, field: string) {
  const current = headerText(response.getHeader('Vary'))
  if (!current) return void response.setHeader('Vary', field)
  const fields = current.split(',').map((name) => name.trim().toLowerCase())
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return
  response.setHeader('Vary', `${current}, ${field}`)
}

function headerText(value: OutgoingHttpHeader | undefined): string {
  if (value === undefined) return ''
  return Array.isArray(value) ? value.join(', ') : String(value)
}

function compressor(encoding: Encoding, length: number | undefined): BrotliCompress | Gzip {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL })
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
    },
  })
}

/** Whether this head, about to be written, announces a body worth compressing. */
function worthCompressing(request: IncomingMessage, response: ServerResponse): boolean {
  const status = response.statusCode
  /* No body (HEAD, 1xx, 204, 304) or a byte range of the identity body (206). Error pages
     (a localized 404) are pages like any other. */
  if (request.method === 'HEAD' || status < 200 || [204, 206, 304].includes(status)) return false
  if (response.hasHeader('Content-Encoding')) return false
  if (/\bno-transform\b/i.test(headerText(response.getHeader('Cache-Control')))) return false
  const length = response.getHeader('Content-Length')
  return length === undefined || Number(length) >= MIN_BYTES
}

type WriteCallback = (error?: Error | null) => void
type Chunk = string | Buffer | Uint8Array

/**
 * Compresses what is written to this response when the client accepts it and the answer is
 * worth it (see above). Call before anything is written; the writer needs to know nothing.
 * Answers the encoding the client prefers, if any.
 */
export function compressResponse(
  request: IncomingMessage,
  response: ServerResponse
): Encoding | null {
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  if (!encoding) {
    /* Nothing to compress for this client (autocannon, curl): only say the answer could be. */
    onHeaders(response, function () {
      if (isCompressible(headerText(response.getHeader('Content-Type')))) {
        appendVary(response, 'Accept-Encoding')
      }
    })
    return null
  }
  /* The response's own write and end, bound: ours replace them below. */
  const write = response.write.bind(response) as (
    chunk: Chunk,
    encoding?: BufferEncoding,
    callback?: WriteCallback
  ) => boolean
  const end = response.end.bind(response) as (
    chunk?: Chunk,
    encoding?: BufferEncoding,
    callback?: () => void
  ) => ServerResponse
  let stream: BrotliCompress | Gzip | null = null

  onHeaders(response, function () {
    if (!isCompressible(headerText(response.getHeader('Content-Type')))) return
    appendVary(response, 'Accept-Encoding')
    if (!worthCompressing(request, response)) return

    const length = response.getHeader('Content-Length')
    response.setHeader('Content-Encoding', encoding)
    response.removeHeader('Content-Length')
    const etag = headerText(response.getHeader('ETag'))
    if (etag.startsWith('"')) response.setHeader('ETag', `W/${etag}`)

    const zipped = compressor(encoding, length === undefined ? undefined : Number(length))
    stream = zipped
    zipped.on('data', (chunk: Buffer) => {
      if (!write(chunk)) zipped.pause()
    })
    zipped.on('end', () => end())
    zipped.on('error', (error) => response.destroy(error))
    /* Backpressure both ways: the socket drains → read more; the compressor drains → the
       writer (a pipe, Astro's handler) may write again. */
    response.on('drain', () => zipped.resume())
    zipped.on('drain', () => response.emit('drain'))
  })

  /* Writing the head first lets the listener above decide where the body goes. */
  const head = (chunk?: Chunk | null, chunkEncoding?: BufferEncoding) => {
    if (response.headersSent) return
    /* A body given whole to end() has a known length: small ones stay uncompressed. */
    if (chunk && !response.hasHeader('Content-Length')) {
      response.setHeader(
        'Content-Length',
        typeof chunk === 'string' ? Buffer.byteLength(chunk, chunkEncoding) : chunk.byteLength
      )
    }
    response.writeHead(response.statusCode)
  }

  response.write = function (
    chunk: Chunk,
    encodingOrCallback?: BufferEncoding | WriteCallback,
    callback?: WriteCallback
  ): boolean {
    head()
    const chunkEncoding = typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback
    if (!stream) return write(chunk, chunkEncoding, done)
    return stream.write(chunk, chunkEncoding as BufferEncoding, done)
  } as ServerResponse['write']

  response.end = function (
    chunkOrCallback?: Chunk | null | (() => void),
    encodingOrCallback?: BufferEncoding | (() => void) | null,
    callback?: (() => void) | null
  ): ServerResponse {
    const chunk = typeof chunkOrCallback === 'function' ? null : chunkOrCallback
    const chunkEncoding = typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined
    const done = [chunkOrCallback, encodingOrCallback, callback].find(
      (argument): argument is () => void => typeof argument === 'function'
    )
    head(chunk, chunkEncoding)
    if (!stream) {
      return end(chunk ?? undefined, chunkEncoding, done)
    }
    if (done) response.once('finish', done)
    if (chunk) stream.end(chunk, chunkEncoding as BufferEncoding)
    else stream.end()
    return response
  } as ServerResponse['end']
  return encoding
}
