/*
 * Uploads leave nothing behind: a multipart body is read only by the route that takes a file,
 * after its sign-in check and rate limit, into our own temporary folder, and every temporary
 * file is gone once the request is over, however it ended.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { once } from 'node:events'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { uploadsTmpDir } from '#config/bodyparser'
import { storageOnS3 } from '#config/drive'
import { Disk } from '@adonisjs/drive'
import { S3Driver } from '@adonisjs/drive/drivers/s3'
import { RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { isolateEachTest } from '#tests/helpers'
import { assertMessage } from '#tests/answers'
import { emulatorSignUp } from '#tests/emulator'
import {
  jpegWithGps,
  oversizePdf,
  pdfFile,
  pngBytes,
  pngFile,
  threeByteJpeg,
} from '#tests/fixtures'
import { filesIn, rowCount, storedKeys } from '#tests/stored'
import { applying, nextWeek, tenantAndRoom } from '#tests/tenancy'

const storageRoot = app.makePath(env.get('STORAGE_DIR', 'tmp/test-storage'))
/* The system's temp folder, pointed at a folder of this test so it can be listed. */
const systemTmp = app.makePath(storageRoot, 'system-tmp')
const host = env.get('HOST', '127.0.0.1')
const port = Number(env.get('PORT', 3000))
const origin = `http://${host}:${port}`

const entries = filesIn

/** Every file an upload could have left: our temporary folder and the system's. */
async function leftovers(): Promise<string[]> {
  return [...(await entries(uploadsTmpDir)), ...(await entries(systemTmp))]
}

/**
 * Makes storing an ID document really fail (no mock of our code): on the local disk, a file
 * where the documents folder should be; in S3, the documents disk pointed at a bucket that
 * does not exist on the same server. Resolves with the undo.
 */
async function breakDocumentsStorage(): Promise<() => Promise<void>> {
  if (storageOnS3) {
    const working = drive.use.bind(drive)
    const missing = new Disk(
      new S3Driver({
        ...(drive.use('documents').driver as S3Driver).options,
        bucket: `missing-${randomBytes(4).toString('hex')}`,
      })
    )
    drive.use = ((name?: string) => (name === 'documents' ? missing : working(name as any))) as any
    return async () => {
      drive.use = working
    }
  }
  const folder = app.makePath(storageRoot, 'documents', 'applications')
  const aside = `${folder}-aside`
  const hadFolder = existsSync(folder)
  if (hadFolder) await rename(folder, aside)
  await mkdir(app.makePath(storageRoot, 'documents'), { recursive: true })
  await writeFile(folder, 'in the way')
  return async () => {
    await rm(folder, { force: true })
    if (hadFolder) await rename(aside, folder)
  }
}

const applicationCount = () => rowCount('applications')

const documentsOnDisk = () => storedKeys('documents', 'applications')

async function until(condition: () => Promise<boolean>, what: string, ms = 5000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer }

/** A multipart body of these parts; `terminated: false` leaves out its closing boundary. */
function multipart(parts: Part[], { terminated = true } = {}) {
  const boundary = `----sakan${randomBytes(8).toString('hex')}`
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
          ),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
          ),
          part.data,
          Buffer.from('\r\n'),
        ]
  )
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([...chunks, Buffer.from(terminated ? `--${boundary}--\r\n` : '')]),
  }
}

/** A real session cookie: an emulator account signed in through the API. */
async function sessionCookie(): Promise<string> {
  const account = await emulatorSignUp()
  const response = await fetch(`${origin}/api/auth/firebase-login`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.idToken}`,
      'content-type': 'application/json',
      origin,
    },
    body: JSON.stringify({ uid: account.uid, email: account.email }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

test.group('Uploads leave nothing behind', (group) => {
  isolateEachTest(group)
  let savedTmpdir: string | undefined
  group.setup(async () => {
    savedTmpdir = process.env.TMPDIR
    await mkdir(systemTmp, { recursive: true })
    process.env.TMPDIR = systemTmp
    return () => {
      if (savedTmpdir === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = savedTmpdir
    }
  })
  group.each.setup(async () => {
    await limiter.clear()
    await rm(uploadsTmpDir, { recursive: true, force: true })
    await rm(systemTmp, { recursive: true, force: true })
    await mkdir(systemTmp, { recursive: true })
  })

  test('an accepted document is stored and no temporary copy stays', async ({ client, assert }) => {
    const tenant = await UserFactory.create()
    for (const file of [await pngFile(), pdfFile(), await jpegWithGps()]) {
      const room = await RoomFactory.with('building').create()
      const response = await applying(client, tenant, room.id).file('idDocument', file)
      response.assertStatus(201)
    }
    assert.deepEqual(await leftovers(), [])
  })

  test('refused uploads leave no temporary file, no row and no stored document', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await tenantAndRoom()
    const taken = await RoomFactory.with('building').merge({ availability: false }).create()
    const documentsBefore = await documentsOnDisk()
    const png = await pngFile()
    const post = (roomId: number, file: string, moveInDate = nextWeek()) =>
      applying(client, tenant, roomId, moveInDate).file('idDocument', file)

    ;(await post(room.id, threeByteJpeg())).assertStatus(422) // content
    ;(await post(room.id, oversizePdf())).assertStatus(422) // size
    ;(await post(room.id, png, '2030-02-30')).assertStatus(422) // validation
    ;(await post(999_999, png)).assertStatus(404) // room gone
    ;(await post(taken.id, png)).assertStatus(409) // room taken
    const admin = await UserFactory.apply('admin').create()
    ;(await applying(client, admin, room.id).file('idDocument', png)).assertStatus(403) // not for the administrator

    assert.deepEqual(await leftovers(), [])
    assert.equal(await applicationCount(), 0)
    assert.deepEqual(await documentsOnDisk(), documentsBefore)
  })

  test('one document only: a second file, or a file under another name, is refused', async ({
    client,
    assert,
  }) => {
    const { tenant, room } = await tenantAndRoom()
    const png = await pngFile()
    const base = () => applying(client, tenant, room.id).file('idDocument', png)

    const twice = await base().file('idDocument', pdfFile())
    assertMessage(assert, twice, 422, 'Please upload one ID document only')
    assert.containsSubset(twice.body().errors, [{ field: 'idDocument', rule: 'file.count' }])

    const other = await base().header('x-locale', 'ar').file('selfie', png)
    assertMessage(assert, other, 422, 'يرجى رفع وثيقة هوية واحدة فقط')
    assert.containsSubset(other.body().errors, [{ field: 'selfie', rule: 'file.count' }])

    /* Found by fuzz_routes.spec.ts: the parser took such names for its handler and never answered. */
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'handler']) {
      const inherited = await base().file(name, png)
      inherited.assertStatus(422)
      assert.containsSubset(inherited.body().errors, [{ field: name, rule: 'file.count' }])
    }

    const crowded = base()
    for (let index = 0; index < 12; index++) crowded.field(`extra${index}`, 'x')
    ;(await crowded).assertStatus(413)

    assert.deepEqual(await leftovers(), [])
    assert.equal(await applicationCount(), 0)
  })

  test('a failure while storing still removes the temporary file', async ({ client, assert }) => {
    const { tenant, room } = await tenantAndRoom()
    const restore = await breakDocumentsStorage()
    try {
      const response = await applying(client, tenant, room.id).file('idDocument', await pngFile())
      response.assertStatus(503)
      assert.deepEqual(response.body(), { message: 'The service is temporarily unavailable' })
    } finally {
      await restore()
    }
    assert.deepEqual(await leftovers(), [])
    assert.equal(await applicationCount(), 0)
  })

  test('an anonymous upload is 401 and never reaches the disk', async ({ assert }) => {
    const room = await RoomFactory.with('building').create()
    const { type, body } = multipart([
      { name: 'roomId', value: String(room.id) },
      { name: 'moveInDate', value: nextWeek() },
      { name: 'idDocument', filename: 'id.png', data: await pngBytes() },
    ])
    const response = await fetch(`${origin}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    })
    assert.equal(response.status, 401)
    assert.deepEqual(await leftovers(), [])
  })

  test('a refused upload is answered even when its client closes the connection after it', async ({
    assert,
  }) => {
    /* Node closed such a connection as soon as its 401 was written, the rest of the body met a
       reset (EPIPE) and the client never read the answer. */
    const room = await RoomFactory.with('building').create()
    const { type, body } = multipart([
      { name: 'roomId', value: String(room.id) },
      { name: 'idDocument', filename: 'id.pdf', data: randomBytes(1024 * 1024) },
    ])
    const socket = connect(port, host)
    await once(socket, 'connect')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    const closed = once(socket, 'close').then(() => null)
    const failure = new Promise<Error>((resolve) => socket.once('error', resolve))
    socket.write(
      `POST /api/applications HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n` +
        `Content-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`
    )
    socket.write(body.subarray(0, 64 * 1024))
    /* Time for the API to refuse the request: it reads the rest first, so says nothing yet. */
    await new Promise((resolve) => setTimeout(resolve, 300))
    assert.deepEqual(received, [], 'no answer before the body is over')
    socket.end(body.subarray(64 * 1024))
    const ended = await Promise.race([closed, failure])
    assert.isNull(ended, 'the client sent its whole body')
    const answer = Buffer.concat(received).toString()
    assert.match(answer, /^HTTP\/1\.1 401 /)
    assert.include(answer, 'Connection: close')
    assert.deepEqual(await leftovers(), [])
  })

  test('a multipart body sent to another route is not written anywhere', async ({
    client,
    assert,
  }) => {
    const before = await db.from('newsletter_subscriptions').count('* as total')
    const response = await client
      .post('/api/newsletter')
      .field('email', 'not-an-address')
      .file('attachment', randomBytes(64 * 1024), { filename: 'a.bin' })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'email')
    assert.deepEqual(await leftovers(), [])
    assert.deepEqual(await db.from('newsletter_subscriptions').count('* as total'), before)
  })

  test('a body that ends in the middle of a part is a 400, not a request left hanging', async ({
    assert,
  }) => {
    /* Found by fuzz_routes.spec.ts: the parser's error on a part nobody read was thrown uncaught. */
    const uncaught: unknown[] = []
    const record = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', record)
    const cookie = await sessionCookie()
    const room = await RoomFactory.with('building').create()
    const png = await pngBytes()
    const unfinished = [
      { name: '', filename: 'x.png', data: png }, // skipped by the parser: no name
      { name: 'idDocument', filename: '', data: png }, // skipped too: no file name
      { name: 'selfie', filename: 'x.png', data: png }, // a file under another name
    ]
    try {
      for (const last of unfinished) {
        for (const before of [[], [{ name: 'idDocument', filename: 'id.png', data: png }]]) {
          const { type, body } = multipart(
            [
              { name: 'roomId', value: String(room.id) },
              { name: 'moveInDate', value: nextWeek() },
              ...before,
              last,
            ],
            { terminated: false }
          )
          const response = await fetch(`${origin}/api/applications`, {
            method: 'POST',
            headers: { cookie, 'content-type': type },
            body,
            signal: AbortSignal.timeout(5000),
          })
          const what = JSON.stringify({ ...last, data: undefined, before: before.length })
          assert.equal(response.status, 400, what)
          assert.deepEqual(await response.json(), {
            message: 'The request could not be understood',
          })
        }
      }
      /* The parser's error reaches the server's event loop a moment after the answer. */
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      process.off('uncaughtException', record)
    }
    assert.deepEqual(uncaught, [], 'nothing was thrown uncaught')
    assert.deepEqual(await leftovers(), [])
    assert.equal(await applicationCount(), 0)
  }).timeout(30_000)

  test('a client that drops the connection mid-upload leaves nothing', async ({ assert }) => {
    const cookie = await sessionCookie()
    const room = await RoomFactory.with('building').create()
    const { type, body } = multipart([
      { name: 'roomId', value: String(room.id) },
      { name: 'moveInDate', value: nextWeek() },
      { name: 'idDocument', filename: 'id.pdf', data: randomBytes(4 * 1024 * 1024) },
    ])
    const socket = connect(port, host)
    await once(socket, 'connect')
    socket.write(
      `POST /api/applications HTTP/1.1\r\nHost: ${host}:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`
    )
    socket.write(body.subarray(0, body.length / 2))
    /* The upload really started: its temporary file exists... */
    await until(async () => (await entries(uploadsTmpDir)).length > 0, 'the upload to start')
    socket.destroy()
    /* ...and is gone soon after the client left. */
    await until(async () => (await leftovers()).length === 0, 'the temporary file to go')
    assert.deepEqual(await leftovers(), [])
    assert.equal(await applicationCount(), 0)
  })
})
