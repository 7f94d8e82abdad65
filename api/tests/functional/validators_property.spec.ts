/*
 * Property-based: whatever a client sends to the routes that validate input, the API never
 * answers 5xx, every refusal has the one error shape, and a refusal writes nothing.
 */
import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import type { ApiRequest, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import {
  APPLICATION_STATUSES,
  BUILDING_AMENITIES,
  LOCATIONS,
  ROOM_FEATURES,
  ROOM_SORTS,
  riyadhToday,
} from '@sakan/common'
import { uploadsTmpDir } from '#config/bodyparser'
import { ApplicationFactory, RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { pngBytes } from '#tests/fixtures'
import { filesIn, rowCount, storedKeys } from '#tests/stored'
import { assertAnswer as assertShape } from '#tests/answers'
import { review } from '#tests/tenancy'

/** The answer of a Japa request, checked (tests/answers.ts). */
function assertAnswer(assert: Assert, response: ApiResponse, input: unknown): boolean {
  return assertShape(assert, { status: response.status(), body: response.body() }, input)
}

/*
 * Reproducible, and small enough to keep the suite fast. No shrinking: a 500 can leave
 * PostgreSQL's test transaction aborted, and every shrunk input would then fail for that.
 */
const RUNS = { numRuns: 60, seed: 20_261_122, endOnFailure: true }

/* ---------- what a client might send ---------- */

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 200, maxLength: 3000 }),
  fc.constantFrom('', ' ', '0', '-1', '1e308', 'NaN', 'true', 'null', '[]', '{}', '__proto__')
)
const numberish = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e20, 1e308)
)
const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
const dateish = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  /* Right shape, any numbers: impossible days and months included. */
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 })
    )
    .map(([year, month, day]) => ymd(year, month, day)),
  fc
    .integer({ min: -30, max: 400 })
    .map((days) => DateTime.fromISO(riyadhToday()).plus({ days }).toISODate()!)
)
const scalar = fc.oneof(text, numberish, fc.boolean(), fc.constant(null), dateish)
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }))

/** A body or query built around the field names a route knows, plus strangers. */
function objectOf(keys: readonly string[], known: Record<string, fc.Arbitrary<unknown>> = {}) {
  const names = fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 }))
  return fc
    .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(names, value, { maxKeys: 5 }))
    .map(([chosen, random]) => ({ ...random, ...chosen }))
}

/** Query values as a URL carries them: strings and lists of strings. */
function queryOf(keys: readonly string[], known: Record<string, fc.Arbitrary<unknown>> = {}) {
  const asText = (input: unknown): unknown =>
    Array.isArray(input) ? input.map((item) => String(item)) : String(input)
  return objectOf(keys, known).map((query) =>
    Object.fromEntries(Object.entries(query).map(([key, item]) => [key, asText(item)]))
  )
}

const count = rowCount

const storedFiles = async () => (await storedKeys('documents', 'applications')).sort()

/** Sends a request built from `input`; the limiter is reset so every run reaches validation. */
async function send(request: () => ApiRequest) {
  await limiter.clear()
  return request()
}

test.group('Validators: arbitrary input never breaks the API', (group) => {
  isolateEachTest(group)
  group.each.timeout(120_000)

  test('GET /api/rooms query', async ({ client, assert }) => {
    await RoomFactory.with('building').createMany(2)
    const query = queryOf(
      [
        'location',
        'priceMin',
        'priceMax',
        'amenities',
        'features',
        'availability',
        'featured',
        'sort',
        '_start',
        '_end',
      ],
      {
        location: fc.constantFrom(...LOCATIONS),
        priceMin: numberish,
        priceMax: numberish,
        amenities: fc.subarray([...BUILDING_AMENITIES]).map((list) => list.join(',')),
        features: fc.array(fc.constantFrom(...ROOM_FEATURES, 'pool')),
        sort: fc.constantFrom(...ROOM_SORTS),
        _start: numberish,
        _end: numberish,
      }
    )
    await fc.assert(
      fc.asyncProperty(query, async (input) => {
        assertAnswer(assert, await send(() => client.get('/api/rooms').qs(input)), input)
      }),
      RUNS
    )
  })

  test('GET /api/applications query', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await ApplicationFactory.with('user')
      .with('room', 1, (room) => room.with('building'))
      .create()
    const query = queryOf(['status', '_start', '_end'], {
      status: fc.constantFrom(...APPLICATION_STATUSES, 'archived'),
      _start: numberish,
      _end: numberish,
    })
    await fc.assert(
      fc.asyncProperty(query, async (input) => {
        const response = await send(() => as(client.get('/api/applications').qs(input), admin))
        assertAnswer(assert, response, input)
      }),
      RUNS
    )
  })

  test('POST /api/newsletter body', async ({ client, assert }) => {
    const body = objectOf(['email'], {
      email: fc.oneof(fc.emailAddress(), text, numberish, fc.constant(null)),
    })
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const before = await count('newsletter_subscriptions')
        const response = await send(() => client.post('/api/newsletter').json(input))
        const refused = assertAnswer(assert, response, input)
        const after = await count('newsletter_subscriptions')
        if (refused) assert.equal(after, before, 'a refusal stores nothing')
        else assert.oneOf(after - before, [0, 1])
      }),
      RUNS
    )
  })

  test('POST /api/auth/firebase-login body', async ({ client, assert }) => {
    const body = objectOf(['uid', 'email', 'displayName', 'photoURL'], {
      uid: text,
      email: fc.oneof(fc.emailAddress(), text),
      displayName: fc.oneof(text, fc.constant(null)),
      photoURL: fc.oneof(fc.webUrl(), text, fc.constant(null)),
    })
    const token = fc.oneof(
      fc.constant(undefined),
      /* What an HTTP header can carry (a client cannot send anything else). */
      text.map((random) => `Bearer ${random.replace(/[^\x20-\x7e]/g, '')}`),
      fc.constant(`Bearer ${randomBytes(48).toString('base64url')}`)
    )
    await fc.assert(
      fc.asyncProperty(body, token, async (input, authorization) => {
        const before = await count('users')
        const response = await send(() => {
          const request = client.post('/api/auth/firebase-login').json(input)
          return authorization ? request.header('authorization', authorization) : request
        })
        assert.isTrue(assertAnswer(assert, response, input), 'no token here is genuine')
        assert.equal(await count('users'), before)
      }),
      RUNS
    )
  })

  test('PATCH /api/applications/:id/review body', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const application = await ApplicationFactory.with('user')
      .with('room', 1, (room) => room.with('building'))
      .create()
    const body = objectOf(['status'], {
      status: fc.oneof(fc.constantFrom('approved', 'rejected', 'pending', 'APPROVED'), scalar),
    })
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const before = await db.from('applications').where('id', application.id).first()
        const events = await count('audit_events')
        const response = await send(() =>
          as(client.patch(`/api/applications/${application.id}/review`), admin).json(input)
        )
        if (assertAnswer(assert, response, input)) {
          const after = await db.from('applications').where('id', application.id).first()
          assert.equal(after.status, before.status, 'a refusal decides nothing')
          assert.equal(await count('audit_events'), events, 'a refusal records nothing')
        }
      }),
      RUNS
    )
  })

  test('POST /api/applications fields and files (multipart and JSON)', async ({
    client,
    assert,
  }) => {
    const tenant = await UserFactory.create()
    const rooms = await RoomFactory.with('building').createMany(3)
    const png = await pngBytes()
    const signatures = [
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0x25, 0x50, 0x44, 0x46, 0x2d],
    ]
    /* Weighted towards files that pass the first checks, so runs reach the deeper ones. */
    const file = fc.oneof(
      fc.constant(undefined),
      { arbitrary: fc.constant(png), weight: 2 },
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 2048 }))
          .map(([head, tail]) => Buffer.concat([Buffer.from(head), Buffer.from(tail)])),
        weight: 2,
      }
    )
    const fieldName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_[\]]{0,15}$/)
    const form = fc.record(
      {
        roomId: fc.oneof(
          { arbitrary: fc.constantFrom(...rooms.map((room) => room.id)), weight: 3 },
          numberish,
          text
        ),
        moveInDate: fc.oneof({ arbitrary: dateish, weight: 3 }, text),
        additionalInfo: fc.oneof(text, fc.constant(undefined)),
        idDocument: file,
        /* A text field where the file should be, or a second file under another name. */
        textDocument: fc.oneof(fc.constant(undefined), text),
        extraFile: fc.oneof(fc.constant(undefined), fc.tuple(fieldName, file)),
        extraField: fc.oneof(fc.constant(undefined), fc.tuple(fieldName, text)),
      },
      { requiredKeys: ['roomId', 'moveInDate', 'idDocument'] }
    )
    const asJson = fc.boolean()

    await fc.assert(
      fc.asyncProperty(form, asJson, async (input, json) => {
        const beforeRows = await count('applications')
        const beforeFiles = await storedFiles()
        const response = await send(() => {
          const request = as(client.post('/api/applications'), tenant)
          const fields: Record<string, unknown> = {
            roomId: input.roomId,
            moveInDate: input.moveInDate,
            additionalInfo: input.additionalInfo,
            idDocument: input.textDocument,
          }
          if (input.extraField) fields[input.extraField[0]] = input.extraField[1]
          if (json) return request.json(fields)
          for (const [name, item] of Object.entries(fields)) {
            if (item !== undefined) request.field(name, String(item))
          }
          if (input.idDocument) request.file('idDocument', input.idDocument, { filename: 'id' })
          if (input.extraFile?.[1]) {
            request.file(input.extraFile[0], input.extraFile[1], { filename: 'more' })
          }
          return request
        })
        const shown = { ...input, idDocument: input.idDocument?.length, json }
        const refused = assertAnswer(assert, response, shown)
        const afterFiles = await storedFiles()
        assert.deepEqual(await filesIn(uploadsTmpDir), [], 'no temporary file stays')
        if (refused) {
          assert.equal(await count('applications'), beforeRows, 'a refusal stores no row')
          assert.deepEqual(afterFiles, beforeFiles, 'a refusal stores no file')
        } else {
          /* An accepted one adds exactly its row and its document; then it is withdrawn. */
          assert.equal(await count('applications'), beforeRows + 1)
          assert.lengthOf(afterFiles, beforeFiles.length + 1)
          await db.from('applications').where('id', response.body().id).delete()
          await drive.use('documents').delete(response.body().idDocument)
        }
      }),
      RUNS
    )
  })
})

test.group('Numbers past what the database holds', (group) => {
  isolateEachTest(group)

  test('ids and page positions beyond its range are refused, not a database error', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const tenant = await UserFactory.create()
    for (const id of ['2147483647', '2147483648', '99999999999']) {
      ;(await client.get(`/api/rooms/${id}`)).assertStatus(404)
      ;(await as(client.get(`/api/applications/${id}`), admin)).assertStatus(404)
      ;(await review(client, admin, id, 'approved')).assertStatus(404)
      ;(await as(client.delete(`/api/applications/${id}`), admin)).assertStatus(404)
    }
    const huge = '100000000000000000000'
    for (const query of [{ _start: huge }, { _end: huge }, { _start: '1', _end: huge }]) {
      const rooms = await client.get('/api/rooms').qs(query)
      rooms.assertStatus(422)
      assert.oneOf(rooms.body().errors[0].field, ['_start', '_end'])
      ;(await as(client.get('/api/applications').qs(query), admin)).assertStatus(422)
      ;(await as(client.get('/api/payments').qs(query), tenant)).assertStatus(422)
      ;(await as(client.get('/api/maintenance-requests').qs(query), tenant)).assertStatus(422)
    }
    const room = await as(client.post('/api/applications'), tenant)
      .field('roomId', '2147483648')
      .field('moveInDate', DateTime.fromISO(riyadhToday()).plus({ days: 7 }).toISODate()!)
      .file('idDocument', await pngBytes(), { filename: 'id.png' })
    room.assertStatus(422)
    assert.equal(room.body().errors[0].field, 'roomId')
  })
})
