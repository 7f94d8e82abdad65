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
import type {
  IncomingMessage,
  OutgoingHttpHeader,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http'

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

/**
 * The header fields a response's head is about to carry: those set on the response and those
 * given to writeHead (AdonisJS gives all of its own there, in lower case), the latter winning.
 */
export interface HeadFields {
  get(name: string): string
  set(name: string, value: string): void
  remove(name: string): void
}

function headFields(response: ServerResponse, given: OutgoingHttpHeaders | undefined): HeadFields {
  /* Whether every key is in lower case, as AdonisJS gives them: a name not found is then absent. */
  let lowerCase: boolean | undefined
  /* The name as the object spells it (its keys may be in any case). */
  const keyOf = (name: string) => {
    if (!given) return undefined
    const lower = name.toLowerCase()
    if (lower in given) return lower
    lowerCase ??= Object.keys(given).every((key) => key === key.toLowerCase())
    if (lowerCase) return undefined
    return Object.keys(given).find((key) => key.toLowerCase() === lower)
  }
  return {
    get(name) {
      const key = keyOf(name)
      return headerText(key === undefined ? response.getHeader(name) : given![key])
    },
    set(name, value) {
      if (!given) return void response.setHeader(name, value)
      const key = keyOf(name)
      if (key !== undefined && key !== name.toLowerCase()) delete given[key]
      given[name.toLowerCase()] = value
    },
    remove(name) {
      const key = keyOf(name)
      if (key !== undefined) delete given![key]
      response.removeHeader(name)
    },
  }
}

/**
 * Calls `listener` once, just before the response's head is written, whoever writes it
 * (on-headers' job). Unlike on-headers, headers given to writeHead are not first copied onto
 * the response one validated setHeader call at a time (a dozen per API answer): the
 * listener reads and changes them where they are, through `HeadFields`.
 */
export function onHead(response: ServerResponse, listener: (head: HeadFields) => void) {
  const writeHead = response.writeHead
  response.writeHead = function (
    this: ServerResponse,
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]
  ) {
    response.writeHead = writeHead
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined
    let given = typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders
    /* A flat or nested array of fields (rare): set them on the response, read them there. */
    if (Array.isArray(given)) {
      const flat = given.flat() as string[]
      for (let i = 0; i + 1 < flat.length; i += 2) this.setHeader(flat[i]!, flat[i + 1]!)
      given = undefined
    }
    this.statusCode = statusCode
    listener(headFields(this, given))
    const args = reason === undefined ? [this.statusCode, given] : [this.statusCode, reason, given]
    return Reflect.apply(writeHead, this, args) as ServerResponse
  } as ServerResponse['writeHead']
}

/** Adds a field to the head's Vary, once. */
export function appendVary(head: HeadFields, field: string) {
  const current = head.get('Vary')
  if (!current) return head.set('Vary', field)
  const fields = current.split(',').map((name) => name.trim().toLowerCase())
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return
  head.set('Vary', `${current}, ${field}`)
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
function worthCompressing(
  request: IncomingMessage,
  response: ServerResponse,
  head: HeadFields
): boolean {
  const status = response.statusCode
  /* No body (HEAD, 1xx, 204, 304) or a byte range of the identity body (206). Error pages
     (a localized 404) are pages like any other. */
  if (request.method === 'HEAD' || status < 200 || [204, 206, 304].includes(status)) return false
  if (head.get('Content-Encoding')) return false
  if (/\bno-transform\b/i.test(head.get('Cache-Control'))) return false
  const length = head.get('Content-Length')
  return length === '' || Number(length) >= MIN_BYTES
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
    onHead(response, (head) => {
      if (isCompressible(head.get('Content-Type'))) appendVary(head, 'Accept-Encoding')
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

  onHead(response, (head) => {
    if (!isCompressible(head.get('Content-Type'))) return
    appendVary(head, 'Accept-Encoding')
    if (!worthCompressing(request, response, head)) return

    const length = head.get('Content-Length')
    head.set('Content-Encoding', encoding)
    head.remove('Content-Length')
    const etag = head.get('ETag')
    if (etag.startsWith('"')) head.set('ETag', `W/${etag}`)

    const zipped = compressor(encoding, length === '' ? undefined : Number(length))
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
