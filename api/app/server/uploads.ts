import { randomUUID } from 'node:crypto'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { finished, Transform } from 'node:stream'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import { errors as vineErrors } from '@vinejs/vine'
import { ROOM_PHOTO_MAX_BYTES, ROOM_PHOTOS_PER_UPLOAD } from '@sakan/common'
import { uploadsTmpDir } from '#config/bodyparser'
import { isDiskFull } from '#services/outages'
/* Before any multipart body is parsed: a part's stream error can no longer stop the process. */
import '#server/multipart_parts'

export interface UploadRules {
  /** The one file field the route takes. */
  field: string
  /** Its size limit: bytes past it are counted (so validation refuses the file) but not written. */
  maxBytes: number
  /** How many files the field takes (1 unless said). */
  maxFiles?: number
  /** The message (catalogue key) for a file too many, or a file under another name. */
  extraFileMessage: string
}

/**
 * Part names a plain object answers by inheritance. The parser (@adonisjs/bodyparser 11) finds
 * a file part's handler by name in a plain object, so a part named `constructor`, `toString`
 * or `__proto__` found that property instead of a handler, was never read, and the request
 * hung until the client gave up, its other files left in the temporary folder (found by
 * tests/functional/fuzz_routes.spec.ts). Each gets the handler of "any other file" as its own;
 * `__proto__` makes that handler the lookup's prototype, whose `handler` and `options` are then
 * covered too.
 */
const INHERITED_NAMES = [
  '__proto__',
  ...Object.getOwnPropertyNames(Object.prototype).filter((name) => name !== '__proto__'),
  'handler',
  'options',
]

/** Room in a body's byte limit for what surrounds its files (part headers, boundaries). */
const BODY_SLACK_BYTES = 2 * 1024 * 1024

/** The largest body any route takes: a room's photos, six of 10 MB each, with the slack. */
export const LARGEST_BODY_BYTES = ROOM_PHOTOS_PER_UPLOAD * ROOM_PHOTO_MAX_BYTES + BODY_SLACK_BYTES

/**
 * Reads a multipart body carrying at most `maxFiles` files (one by default) into our temporary folder, runs `action`
 * (which validates `ctx.request` as usual), and removes the temporary file on every path:
 * stored, refused, failed, or the client gone mid-body. Call it inside the action, after the
 * route's sign-in check, rate limit and authorisation: nothing is written before those pass.
 * A body that is not multipart goes straight to `action`.
 */
export async function withUpload<T>(
  ctx: HttpContext,
  rules: UploadRules,
  action: () => Promise<T>
): Promise<T> {
  if (ctx.request.bodyType !== 'multipart') return action()

  const maxFiles = rules.maxFiles ?? 1
  const written: Array<{ path: string; stream: WriteStream; done: Promise<unknown> }> = []
  const extraFields: string[] = []
  let over = false
  let diskFull = false

  const multipart = ctx.request.multipart
  multipart.onFile(
    rules.field,
    /* Sizes are checked by the validator, in the caller's language. */
    { size: rules.maxBytes, deferValidations: true },
    async (part, reportChunk) => {
      if (over || written.length >= maxFiles) {
        if (!over) extraFields.push(rules.field)
        part.resume()
        return
      }
      const path = join(uploadsTmpDir, randomUUID())
      const stream = createWriteStream(path, { flags: 'wx' })
      part.pause()
      part.on('data', reportChunk)
      const sink = cap(rules.maxBytes)
      /* The part is piped rather than part of the pipeline, so that a failed write (a full disk)
         leaves it to be read to its end: the request is then answered, not cut off. */
      finished(part, (error) => error && sink.destroy(error))
      part.pipe(sink)
      const done = pipeline(sink, stream).catch((error: unknown) => {
        part.unpipe(sink)
        part.resume()
        if (isDiskFull(error)) diskFull = true
        throw error
      })
      written.push({ path, stream, done })
      await done
      return { tmpPath: path }
    }
  )
  /* Any other file is drained unread and refused below. */
  const refuseOther = async (part: { name: string; resume(): unknown }) => {
    extraFields.push(part.name)
    part.resume()
  }
  for (const name of ['*', ...INHERITED_NAMES]) {
    multipart.onFile(name, { deferValidations: true }, refuseOther)
  }

  try {
    await mkdir(uploadsTmpDir, { recursive: true })
    await multipart
      .process({ limit: maxFiles * rules.maxBytes + BODY_SLACK_BYTES })
      .catch((error: unknown) => {
        /* The client went away mid-body: nobody reads the answer, but it is not our failure. */
        if (ctx.request.request.destroyed && typeof (error as Status).status !== 'number') {
          throw new Exception('errors.badRequest', { status: 400, code: 'E_REQUEST_ABORTED' })
        }
        throw error
      })
    if (diskFull) {
      throw new Exception('errors.insufficientStorage', {
        status: 507,
        code: 'E_INSUFFICIENT_STORAGE',
      })
    }
    if (extraFields.length > 0) {
      const message = ctx.i18n.t(rules.extraFileMessage)
      throw new vineErrors.E_VALIDATION_ERROR(
        extraFields.map((field) => ({ field, rule: 'file.count', message }))
      )
    }
    return await action()
  } finally {
    over = true
    /* Wait until each file is closed (an aborted write may still be opening it), then remove it. */
    for (const { path, stream, done } of written) {
      await done.catch(() => {})
      if (!stream.closed) await once(stream, 'close').catch(() => {})
      await rm(path, { force: true })
    }
  }
}

type Status = { status?: unknown }

/** Passes the first `limit` bytes and drops the rest, so an oversize file never lands whole. */
function cap(limit: number): Transform {
  let passed = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const room = Math.max(0, limit - passed)
      passed += chunk.length
      callback(null, room > 0 ? chunk.subarray(0, room) : undefined)
    },
  })
}

/** No upload takes this long: a file older than this in the uploads folder was orphaned. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000

/**
 * Removes what a process killed mid-upload (power loss, SIGKILL) left in the uploads folder,
 * where no `finally` ran. Only files older than any live upload, so replicas sharing the
 * folder never lose a file in use. Answers how many it removed.
 */
export async function sweepStaleUploads(folder = uploadsTmpDir, now = Date.now()): Promise<number> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    const path = join(folder, name)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile() || now - info.mtimeMs < STALE_UPLOAD_MS) continue
    await rm(path, { force: true })
    removed++
  }
  return removed
}
