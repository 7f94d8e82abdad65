/*
 * Property-based fuzzing of every route. Whatever a client sends — query strings,
 * JSON, form and multipart bodies (part names, counts, sizes, types), path parameters and
 * headers (Content-Type, Accept-Language, Origin, Cookie) — the API never answers 5xx, every
 * refusal has the one error shape in the caller's language, and a refusal leaves the database
 * as it was. Every route of the router has a case below: a route without one, or a case
 * without its route, fails the first test. Each request goes as the role that gets past the
 * route's access check, and now and then as someone who does not.
 *
 * Requests are sent byte for byte (node:http), not through the test client: invalid JSON,
 * broken multipart, garbage headers and raw path segments must reach the server as written.
 *
 * FUZZ_RUNS (runs per route, 20 by default) and FUZZ_SEED change the search, FUZZ_ROUTE keeps
 * the routes whose `METHOD pattern` contains it; a failure prints the seed and the
 * counterexample to replay it.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { CookieClient } from '@adonisjs/core/http'
import { Encryption } from '@adonisjs/core/encryption'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import {
  APPLICATION_STATUSES,
  BUILDING_AMENITIES,
  LOCATIONS,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  NOTIFICATION_KINDS,
  NOTIFICATION_STATES,
  PAYMENT_KINDS,
  RECORDED_PAYMENT_METHODS,
  PAYMENT_MONTHS_OFFERED,
  PAYMENT_STATUSES,
  PRIVACY_NOTICE_VERSION,
  ROOM_FEATURES,
  ROOM_PHOTOS_PER_UPLOAD,
  ROOM_PHOTO_MAX_BYTES,
  ROOM_SORTS,
  TENANCY_STATES,
  ZONES,
  monthsOffered,
  riyadhToday,
} from '@sakan/common'
import type User from '#models/user'
import env from '#start/env'
import { SESSION_COOKIE } from '#config/session'
import { uploadsTmpDir } from '#config/bodyparser'
import {
  APPLICATION_SORTS,
  AUDIT_SORTS,
  MAINTENANCE_SORTS,
  PAYMENT_SORTS,
} from '#validators/listing'
import { TENANCY_SORTS } from '#validators/tenancy'
import { notify } from '#services/notifications'
import { samplePdf } from '#services/sample_document'
import { BUILDING_SORTS, REVIEW_SORTS, ROOM_SORTS as ADMIN_ROOM_SORTS } from '#validators/catalog'
import type { AccessLevel } from '#tests/routes'
import { localeOf } from '#server/request_locale'
import {
  ApplicationFactory,
  MaintenanceRequestFactory,
  ReviewFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { isolateEachTest, onPostgres, openStoredSession } from '#tests/helpers'
import { assertAnswer } from '#tests/answers'
import { registeredRoutes, type RegisteredRoute } from '#tests/routes'
import { paymentOf, tenancy } from '#tests/tenancy'
import { filesIn, storedKeys } from '#tests/stored'
import { pngBytes, roomPhotoJpeg } from '#tests/fixtures'

/*
 * Small enough for the whole file to run in well under a minute (15 s on SQLite, 30 s on
 * PostgreSQL with S3, on an idle machine). No shrinking: a 500 can
 * leave PostgreSQL's test transaction aborted, and every shrunk input would then fail for that.
 */
const RUNS = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 20),
  seed: Number(process.env.FUZZ_SEED ?? 20_261_128),
  endOnFailure: true,
}

/* ───────────────────────────── the records a request may name ───────────────────────────── */

interface Made {
  admin: User
  /** A resident with an approved application, her stay, a payment, a maintenance request. */
  resident: User
  rooms: number[]
  buildings: number[]
  applications: number[]
  payments: number[]
  tenancies: number[]
  maintenance: number[]
  reviews: number[]
  notifications: number[]
  photos: number[]
  documentKeys: string[]
  gatewayIds: string[]
}

async function makeRecords(): Promise<Made> {
  const admin = await UserFactory.apply('admin').create()
  const { tenant: resident, room, application } = await tenancy()
  /* Another resident's stay: ids the first one must not reach. */
  const other = await tenancy()
  const spare = await RoomFactory.with('building').create()
  const documentKey = `applications/${randomUUID()}.png`
  const pending = await ApplicationFactory.merge({
    userId: resident.id,
    roomId: spare.id,
    documentKey,
    documentContentType: 'image/png',
  }).create()
  const rejected = await ApplicationFactory.merge({
    userId: other.tenant.id,
    roomId: spare.id,
    status: 'rejected',
  }).create()
  const payment = await paymentOf(application)
  const theirs = await paymentOf(other.application)
  const maintenance = await MaintenanceRequestFactory.merge({
    userId: resident.id,
    roomId: room.id,
    buildingId: room.buildingId,
  }).create()
  const review = await ReviewFactory.create()
  await db.table('room_photos').insert({
    room_id: room.id,
    position: 1,
    key: 'rooms/fuzz-photo',
    width: 1600,
    height: 1200,
  })
  await notify(db.connection(), [
    {
      userId: resident.id,
      kind: 'application_received',
      data: { applicationId: pending.id },
      link: null,
    },
  ])
  const ids = async (table: string) =>
    (await db.from(table).select('id').orderBy('id')).map((row) => Number(row.id))
  return {
    admin,
    resident,
    rooms: [room.id, other.room.id, spare.id],
    buildings: [room.buildingId, spare.buildingId],
    applications: [application.id, pending.id, rejected.id, other.application.id],
    payments: [payment.id, theirs.id],
    tenancies: await ids('tenancies'),
    maintenance: [maintenance.id],
    reviews: [review.id],
    notifications: await ids('notifications'),
    photos: await ids('room_photos'),
    documentKeys: [documentKey],
    gatewayIds: [payment.gatewayPaymentId!, theirs.gatewayPaymentId!],
  }
}

/* ───────────────────────────── what a client might send ───────────────────────────── */

const anyOf = <T>(values: readonly T[]) => fc.constantFrom(...values)

const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  /* Lone surrogates and control characters. */
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 300, max: 9000 }).map((length) => 'x'.repeat(length)),
  anyOf([
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    'NaN',
    'Infinity',
    'true',
    'null',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '١٢٣',
    '\u202e',
    '\u0000',
  ])
)
/** Text a form would plausibly hold. */
const plainText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
)
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  anyOf([0, -1, -0, 0.5, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e20, 1e308])
)
const scalar = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null))
const anyValue = fc.oneof(
  { arbitrary: scalar, weight: 4 },
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 })
)

/** The day `days` from today in Riyadh, `yyyy-MM-dd`. */
const day = (days: number) => DateTime.fromISO(riyadhToday()).plus({ days }).toISODate()!
const dateish = fc.oneof(
  fc.integer({ min: -400, max: 400 }).map(day),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 })
    )
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  /* The edges of time: far years, a leap day, a day past any stay's bounds. */
  anyOf(['0000-01-01', '9999-12-31', '10000-01-01', '2099-01-01', '2028-02-29', '2027-02-29']),
  fc.integer({ min: 360, max: 2200 }).map(day)
)
const offered = () => monthsOffered(PAYMENT_MONTHS_OFFERED)
const month = fc.oneof(
  fc.constantFrom(...offered()),
  fc
    .integer({ min: -24, max: 24 })
    .map((n) => DateTime.now().plus({ months: n }).toFormat('yyyy-MM')),
  anyOf(['2026-13', '0000-00', '2026-1']),
  /* The edges of time: months no stay can hold, and months far ahead. */
  anyOf(['0000-01', '9999-10', '9999-12', '10000-01', '2099-01', '2199-12']),
  fc
    .integer({ min: -60, max: 60 })
    .map((n) => DateTime.now().plus({ months: n }).toFormat('yyyy-MM'))
)
const id = (list: () => number[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...list()), weight: 3 }, fc.integer({ min: 1, max: 50 }))
const idList = (list: () => number[]) => fc.array(id(list), { maxLength: 5 })
const flag = fc.oneof(fc.boolean(), anyOf(['true', 'false', '1', '0', 'yes', 'on']))
const sortOf = (columns: Readonly<Record<string, unknown>>) =>
  fc.oneof(anyOf(Object.keys(columns)), anyOf(['price_halalas', 'id desc', '1', 'password']))
const paging = (columns?: Readonly<Record<string, unknown>>) => ({
  _start: fc.nat(20),
  _end: fc.integer({ min: 21, max: 60 }),
  ...(columns ? { _sort: sortOf(columns), _order: anyOf(['asc', 'desc', 'ASC', 'sideways']) } : {}),
})
const search = { q: fc.string({ maxLength: 20 }) }

/** A field the route reads: its plausible values, sometimes anything at all. */
type Fields = Record<string, fc.Arbitrary<unknown>>

/** The route's fields, each plausible or anything at all, beside fields it does not know. */
function mixedOf(fields: Fields): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.fromEntries(
    Object.entries(fields).map(([name, good]) => [
      name,
      fc.oneof({ arbitrary: good, weight: 3 }, anyValue),
    ])
  )
  const strangers = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 10 }), anyOf(['__proto__', 'constructor', 'id', 'role'])),
    anyValue,
    { maxKeys: 3 }
  )
  /* A record built this way never has an own `__proto__` key: add the stranger keys one by one. */
  return fc.tuple(fc.record(known, { requiredKeys: [] }), strangers).map(([chosen, extra]) => {
    const body: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(extra)) {
      Object.defineProperty(body, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return Object.assign(body, chosen)
  })
}

/**
 * A body or query of the route's fields: often all plausible (every field, or one or two, so
 * that fewer can be refused) to get past validation to what lies behind it, else mixed.
 */
function objectOf(fields: Fields): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields)
  if (names.length === 0) return mixedOf(fields)
  const complete = fc.record(fields)
  const few = fc
    .tuple(
      complete,
      fc.shuffledSubarray(names, { minLength: 1, maxLength: Math.min(2, names.length) })
    )
    .map(([record, keys]) => Object.fromEntries(keys.map((key) => [key, record[key]])))
  return fc.oneof(
    { arbitrary: complete, weight: 1 },
    { arbitrary: few, weight: 2 },
    { arbitrary: mixedOf(fields), weight: 3 }
  )
}

/* ── query strings ── */

/** Text as a URL carries it (a lone surrogate has no UTF-8: it goes as U+FFFD, as a browser sends it). */
const encoded = (text: string) => encodeURIComponent(text.toWellFormed())

const MAX_QUERY_LENGTH = 12_000

/** How a value goes into a query: as is, repeated, as a list, or nested. */
const queryShape = fc.oneof(
  { arbitrary: fc.constant('plain'), weight: 12 },
  anyOf(['repeated', 'list', 'nested'])
)

function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'bigint') return String(value)
  if (value === undefined) return ''
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
}

function queryOf(fields: Fields): fc.Arbitrary<string> {
  return fc
    .tuple(
      objectOf(fields),
      fc.array(queryShape, { minLength: 12, maxLength: 12 }),
      fc.oneof(
        { arbitrary: fc.constant(''), weight: 20 },
        anyOf([
          '&&&',
          '=',
          'a[b][c][d][e][f][g][h][i][j][k]=1',
          'constructor[prototype][x]=1',
          '__proto__[admin]=1',
          '_start[]=1&_start[]=2',
          `q=${'%'.repeat(3)}`,
          '%ZZ=%G0',
          `${'k'.repeat(2000)}=v`,
          Array.from({ length: 300 }, (_, i) => `a${i}=${i}`).join('&'),
        ])
      )
    )
    .map(([object, shapes, tail]) => {
      const pairs: string[] = []
      const put = (key: string, value: unknown) =>
        pairs.push(`${encoded(key)}=${encoded(textOf(value))}`)
      Object.entries(object).forEach(([key, value], index) => {
        const shape = shapes[index % shapes.length]
        if (Array.isArray(value) && shape !== 'nested')
          value.forEach((item) => put(`${key}[]`, item))
        else if (shape === 'repeated') [value, value].forEach((item) => put(key, item))
        else if (shape === 'list') put(`${key}[]`, value)
        else if (shape === 'nested') put(`${key}[0][x]`, value)
        else put(key, value)
      })
      if (tail) pairs.push(tail)
      /* Past 16 KB of request line and headers Node itself refuses the request (431), before the API sees it. */
      return pairs.length > 0 ? `?${pairs.join('&')}`.slice(0, MAX_QUERY_LENGTH) : ''
    })
}

/* ── path parameters ── */

/** A path segment as a client may write it: raw (already URL-safe) or any text, encoded. */
const hostileSegment = fc.oneof(
  anyOf([
    '0',
    '-1',
    '01',
    '1.5',
    '1e3',
    '0x10',
    '2147483648',
    '99999999999999999999',
    'abc',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%00',
    '%',
    '%E2%80%AE',
    '%D9%A1',
    'NaN',
    '+1',
    '%201',
    '%FF',
    '%C3%28',
    '%ED%A0%80',
  ]).map((raw) => ({ raw })),
  fc.oneof(hostileText, hostileNumber.map(String)).map((text) => ({ raw: encoded(text) }))
)

/** The rest of a wildcard path: keys that exist, that look right, and anything else. */
function wildcardOf(good: () => string[]): fc.Arbitrary<string> {
  const segment = hostileSegment.map((s) => s.raw)
  return fc.oneof(
    { arbitrary: fc.constantFrom(...good()), weight: 2 },
    anyOf([
      'rooms/none-640.jpg',
      'avatars/a-160.jpg',
      'applications/../../../etc/passwd',
      'applications/%2e%2e/%2e%2e/.env',
      '..%2F..%2Fpackage.json',
      'rooms//x.jpg',
      `applications/${randomUUID()}.pdf`,
      `applications/${randomUUID().toUpperCase()}.png`,
      'rooms/x.jpg%00.png',
      `rooms/${'a'.repeat(500)}.jpg`,
    ]),
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'))
  )
}

/* ── files ── */

/** What a file part carries; turned into bytes only when sent, so a failure prints briefly. */
type FileContent =
  | 'png'
  | 'roomJpeg'
  | 'pdf'
  | 'empty'
  | 'oversize'
  | 'executable'
  | { head: string; tail: number[] }
  | { random: number[] }

const MAGIC = {
  jpeg: '\xff\xd8\xff',
  png: '\x89PNG\r\n\x1a\n',
  pdf: '%PDF-',
  gif: 'GIF89a',
  webp: 'RIFF\0\0\0\0WEBP',
  html: '<html>',
}
const fileContent: fc.Arbitrary<FileContent> = fc.oneof(
  { arbitrary: anyOf(['png', 'roomJpeg', 'pdf'] as const), weight: 4 },
  anyOf(['empty', 'executable'] as const),
  { arbitrary: fc.constant('oversize' as const), weight: 1 },
  fc
    .tuple(anyOf(Object.values(MAGIC)), fc.array(fc.nat(255), { maxLength: 512 }))
    .map(([head, tail]) => ({ head, tail })),
  fc.array(fc.nat(255), { maxLength: 1024 }).map((random) => ({ random }))
)
const declaredType = fc.option(
  fc.oneof(
    anyOf([
      'image/jpeg',
      'image/png',
      'application/pdf',
      'image/webp',
      'text/html',
      'image/svg+xml',
    ]),
    fc.string({ maxLength: 20 }).map((text) => text.replace(/[\r\n"]/g, ''))
  ),
  { nil: undefined }
)
/* A part name or file name as a form (or a crafted body) may write it. */
const partName = (usual: string) =>
  fc.oneof(
    { arbitrary: fc.constant(usual), weight: 5 },
    anyOf([`${usual}[]`, `${usual}[0]`, `${usual.toUpperCase()}`, '', '__proto__', 'a[b][c]']),
    fc.string({ maxLength: 12 }).map((text) => text.replace(/[\r\n"]/g, ''))
  )
const fileName = fc.oneof(
  anyOf(['photo.jpg', 'id.png', 'scan.pdf', '../../evil.png', 'noextension', '', 'a'.repeat(300)]),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => text.replace(/[\r\n"]/g, ''))
)

interface FilePart {
  name: string
  filename: string
  type: string | undefined
  content: FileContent
}

/* ── bodies ── */

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; type: string }
  | { kind: 'text'; text: string; type: string }
  | { kind: 'form'; value: Record<string, unknown> }
  | {
      kind: 'multipart'
      fields: Record<string, unknown>
      files: FilePart[]
      boundary: 'right' | 'missing' | 'wrong' | 'unterminated'
    }
  | { kind: 'raw'; type: string; bytes: number[] }

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
]
const nested = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}1${close.repeat(depth)}`
/** JSON a parser may choke on: broken, deep, huge, or not an object. */
const oddJson = fc.oneof(
  anyOf([
    '{',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    '\ufeff{"a":1}',
    'NaN',
    'undefined',
    '',
    ' ',
    '\u0000',
    '[1,2',
    '"\\ud800"',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    `{"a":"${'x'.repeat(120_000)}"}`,
    nested(20_000, '[', ']'),
    nested(5_000, '{"a":', '}'),
    '[]',
    '[{}]',
    '"text"',
    '123',
    'null',
    'true',
  ]),
  fc.string({ maxLength: 40 })
)

function bodyOf(fields: Fields, upload?: Upload): fc.Arbitrary<Body> {
  const fieldsObject = objectOf({ ...fields, ...upload?.fields })
  const files = upload
    ? fc.array(
        fc.record({
          name: partName(upload.field),
          filename: fileName,
          type: declaredType,
          content: fileContent,
        }),
        { maxLength: upload.maxFiles + 2 }
      )
    : fc.array(
        fc.record({
          name: fc.string({ maxLength: 8 }),
          filename: fileName,
          type: declaredType,
          content: fileContent,
        }),
        { maxLength: 2 }
      )
  return fc.oneof(
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: fc.oneof({ arbitrary: fieldsObject, weight: 5 }, anyValue),
        type: anyOf(JSON_TYPES),
      }),
      weight: upload ? 2 : 6,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: oddJson,
        type: anyOf(JSON_TYPES),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('form' as const), value: fieldsObject }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        fields: fieldsObject,
        files,
        boundary: fc.oneof(
          { arbitrary: fc.constant('right' as const), weight: 6 },
          anyOf(['missing', 'wrong', 'unterminated'] as const)
        ),
      }),
      weight: upload ? 6 : 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        type: fc.oneof(
          anyOf([
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'application/x-www-form-urlencoded; charset=utf-16',
            'application/json; charset=utf-16',
            'multipart/form-data',
            'multipart/mixed; boundary=x',
            '*/*',
            ';',
          ]),
          latin1Text(30)
        ),
        bytes: fc.array(fc.nat(255), { maxLength: 300 }),
      }),
      weight: 1,
    }
  )
}

/* ── headers ── */

/** Text a header can carry (no CR, LF or NUL: a client cannot send those). */
function latin1Text(maxLength: number) {
  return fc.string({
    unit: fc
      .oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0xa0, max: 0xff }),
        fc.constant(0x09)
      )
      .map((code) => String.fromCharCode(code)),
    maxLength,
  })
}
const acceptLanguage = fc.option(
  fc.oneof(
    {
      arbitrary: anyOf(['ar', 'en', 'ar-SA,en;q=0.5', 'fr, ar;q=0.1', 'en-GB, ar', '*', 'AR']),
      weight: 4,
    },
    latin1Text(40)
  ),
  { nil: undefined }
)
/* A language the API does not speak: it must fall back, never fail (a valid one would be stored as hers). */
const xLocale = fc.option(fc.oneof(anyOf(['fr', 'EN ', 'ar-SA', '']), latin1Text(10)), {
  nil: undefined,
})
const origin = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 8 },
  { arbitrary: fc.constant('own'), weight: 4 },
  anyOf(['https://evil.example', 'null', 'http://127.0.0.1', 'http://localhost:3000', 'file://']),
  latin1Text(30)
)
const extraCookies = fc.option(
  fc.oneof(
    anyOf([
      'a=b; c',
      '=',
      ';;;',
      `${SESSION_COOKIE}=`,
      '__proto__=1',
      'theme=dark; lang=ar',
      'x="y',
    ]),
    latin1Text(60).map((text) => text.replace(/[;,]/g, ''))
  ),
  { nil: undefined }
)
/* Headers a client may add that some layer reads: caching, ranges, proxies, encodings. */
const otherHeaders = fc.array(
  fc.tuple(
    anyOf([
      'if-none-match',
      'if-modified-since',
      'range',
      'x-forwarded-for',
      'x-forwarded-proto',
      'x-forwarded-host',
      'content-encoding',
      'accept',
      'accept-encoding',
      'x-http-method-override',
      'x-request-id',
    ]),
    fc.oneof(
      anyOf([
        '*',
        'W/"x"',
        'bytes=0-0',
        'bytes=-1',
        'gzip',
        'deflate, br',
        'DELETE',
        '0.0.0.0, ::1',
        'https',
      ]),
      latin1Text(40)
    )
  ),
  { maxLength: 2 }
)
const contentTypeOverride = fc.option(
  fc.oneof(
    anyOf([
      'text/plain',
      'application/json',
      'multipart/form-data; boundary=nope',
      'image/png',
      '',
    ]),
    latin1Text(30)
  ),
  { nil: undefined, freq: 8 }
)

/** Who calls: the role the route is for most of the time, someone else now and then. */
type Caller = 'anonymous' | 'resident' | 'admin' | 'forged' | 'unsigned'

function callerFor(level: AccessLevel): fc.Arbitrary<Caller> {
  const others = anyOf(['anonymous', 'forged', 'unsigned'] as const)
  if (level === 'public') {
    return fc.oneof(
      { arbitrary: fc.constant('anonymous' as const), weight: 5 },
      anyOf(['resident', 'admin'] as const),
      others
    )
  }
  if (level === 'signedIn') {
    return fc.oneof(
      { arbitrary: fc.constant('resident' as const), weight: 6 },
      { arbitrary: fc.constant('admin' as const), weight: 3 },
      others
    )
  }
  return fc.oneof(
    { arbitrary: fc.constant('admin' as const), weight: 8 },
    anyOf(['resident'] as const),
    others
  )
}

/* ───────────────────────────── the cases: one per route ───────────────────────────── */

interface Upload {
  /** The file field the route reads and how many files it takes. */
  field: string
  maxFiles: number
  /** The text fields sent beside the files. */
  fields?: Fields
  /** Where an accepted upload stores its files (removed after the run). */
  stores: Array<['documents' | 'media', string]>
}

interface Case {
  /** Query fields the route reads. */
  query?: Fields
  /** Body fields the route reads (JSON, form or multipart text parts). */
  body?: Fields
  upload?: Upload
  /** Plausible values of the path parameters (`:id`, `*`); anything else is tried too. */
  params?: Record<string, fc.Arbitrary<string>>
  /** More headers the route reads. */
  headers?: Record<string, fc.Arbitrary<string | undefined>>
}

const idOf = (list: () => number[]) => fc.constantFrom(...list()).map(String)

const paymentFilters = (m: Made): Fields => ({
  status: anyOf([...PAYMENT_STATUSES, 'paid']),
  paymentStatus: anyOf([...PAYMENT_STATUSES, 'paid']),
  monthCovered: month,
  buildingId: id(() => m.buildings),
  userId: id(() => [m.resident.id, m.admin.id]),
  roomId: id(() => m.rooms),
})
const buildingFields = (): Fields => ({
  name_en: plainText,
  name_ar: fc.constant('سكن الفحص'),
  address_en: plainText,
  address_ar: fc.constant('شارع الفحص، الرياض'),
  zone: anyOf([...ZONES, 'south']),
  amenities: fc.uniqueArray(anyOf([...BUILDING_AMENITIES, 'pool']), { maxLength: 4 }),
  latitude: fc.double({ min: -100, max: 100, noNaN: true }),
  longitude: fc.double({ min: -200, max: 200, noNaN: true }),
  isFullyManaged: flag,
})
const roomFields = (m: Made): Fields => ({
  buildingId: id(() => m.buildings),
  roomNumber: fc.oneof(fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/), plainText),
  price: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 100_000 }), weight: 3 },
    fc.double({ min: 0, max: 200_000, noNaN: true })
  ),
  size: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 500 }), weight: 3 },
    fc.double({ min: 0, max: 600, noNaN: true })
  ),
  type_en: fc.option(plainText),
  type_ar: fc.option(plainText),
  features: fc.uniqueArray(anyOf([...ROOM_FEATURES, 'pool']), { maxLength: 4 }),
  description_en: plainText,
  description_ar: fc.constant('غرفة للفحص.'),
  availability: flag,
  occupancyRate: fc.integer({ min: -10, max: 110 }),
})
const reviewFields = (): Fields => ({
  rating: fc.integer({ min: -1, max: 7 }),
  comment_en: plainText,
  comment_ar: fc.constant('تجربة للفحص.'),
  fullName_en: plainText,
  fullName_ar: fc.constant('نورة'),
  title_en: fc.option(plainText),
  title_ar: fc.option(plainText),
  featured: flag,
})
const reason = fc.oneof(plainText, fc.constant('Moved out early'))

const CASES: Record<string, (m: Made) => Case> = {
  'GET /api/health': () => ({}),
  'GET /api/config': () => ({}),
  'POST /api/auth/firebase-login': () => ({
    body: {
      uid: plainText,
      email: fc.oneof(fc.emailAddress(), plainText),
      displayName: fc.option(plainText),
      photoURL: fc.option(fc.oneof(fc.webUrl(), plainText)),
    },
    headers: {
      authorization: fc.option(
        fc.oneof(
          latin1Text(40).map((text) => `Bearer ${text}`),
          fc.constant(`Bearer ${'a'.repeat(4000)}`),
          fc.constant('Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
          latin1Text(20)
        ),
        { nil: undefined }
      ),
    },
  }),
  'GET /api/auth/me': () => ({}),
  'PATCH /api/auth/me': () => ({
    body: {
      locale: anyOf(['en', 'ar', 'fr', 'AR']),
      rentReminders: flag,
      fullName: fc.option(fc.oneof(plainText, anyOf(['Maha Alharbi', 'م', ' ', 'x'.repeat(101)]))),
      phone: fc.option(
        fc.oneof(plainText, anyOf(['+966 55 123 4567', '0551234567', '123', '+'.repeat(21)]))
      ),
    },
  }),
  'POST /api/auth/logout': () => ({}),
  'POST /api/auth/logout-all': () => ({}),
  'GET /api/me/export': () => ({}),
  'POST /api/me/consent': () => ({
    body: { version: fc.oneof(anyOf([PRIVACY_NOTICE_VERSION, '2020-01-01', '']), plainText) },
  }),
  'DELETE /api/me': () => ({
    headers: {
      authorization: fc.option(
        fc.oneof(
          latin1Text(40).map((text) => `Bearer ${text}`),
          latin1Text(20)
        ),
        { nil: undefined }
      ),
    },
  }),
  'GET /api/notifications': () => ({ query: { unread: flag, ...paging() } }),
  'POST /api/notifications/read': (m) => ({
    body: { ids: idList(() => m.notifications), all: flag },
  }),
  'GET /api/admin/notifications': () => ({
    query: {
      state: anyOf([...NOTIFICATION_STATES, 'lost']),
      kind: anyOf([...NOTIFICATION_KINDS, 'spam']),
      ...paging({ id: 'id', createdAt: 'created_at' }),
    },
  }),
  'POST /api/admin/notifications/:id/resend': (m) => ({
    params: { id: idOf(() => m.notifications) },
  }),
  'GET /api/rooms': () => ({
    query: {
      location: anyOf([...LOCATIONS, 'Jeddah']),
      priceMin: fc.integer({ min: 0, max: 5000 }),
      priceMax: fc.integer({ min: 0, max: 10_000 }),
      amenities: fc.subarray([...BUILDING_AMENITIES, 'pool']).map((list) => list.join(',')),
      features: fc.uniqueArray(anyOf([...ROOM_FEATURES, 'pool']), { maxLength: 4 }),
      availability: flag,
      featured: flag,
      sort: anyOf([...ROOM_SORTS, 'random']),
      ...paging(),
    },
  }),
  'GET /api/rooms/:id': (m) => ({ params: { id: idOf(() => m.rooms) } }),
  'GET /api/reviews': () => ({ query: { featured: flag } }),
  'POST /api/newsletter': () => ({
    body: { email: fc.oneof(fc.emailAddress(), plainText) },
  }),
  'GET /api/applications': (m) => ({
    query: {
      status: anyOf([...APPLICATION_STATUSES, 'archived']),
      roomId: id(() => m.rooms),
      userId: id(() => [m.resident.id]),
      ...paging(APPLICATION_SORTS),
      ...search,
    },
  }),
  'POST /api/applications': (m) => ({
    upload: {
      field: 'idDocument',
      maxFiles: 1,
      fields: {
        roomId: id(() => m.rooms),
        moveInDate: dateish,
        additionalInfo: plainText,
      },
      stores: [['documents', 'applications']],
    },
  }),
  'GET /api/applications/:id': (m) => ({ params: { id: idOf(() => m.applications) } }),
  'PATCH /api/applications/:id/review': (m) => ({
    params: { id: idOf(() => m.applications) },
    body: { status: anyOf(['approved', 'rejected', 'pending', 'APPROVED']) },
  }),
  'DELETE /api/applications/:id': (m) => ({ params: { id: idOf(() => m.applications) } }),
  'GET /api/images/*': (m) => ({ params: { '*': wildcardOf(() => m.documentKeys) } }),
  'GET /api/payments': (m) => ({
    query: { ...paymentFilters(m), ...paging(PAYMENT_SORTS), ...search },
  }),
  'POST /api/payments': (m) => ({
    body: {
      roomId: id(() => m.rooms),
      monthCovered: month,
      monthsCovered: fc.array(month, { maxLength: 13 }),
      kind: anyOf([...PAYMENT_KINDS, 'tip']),
      paymentReference: fc.oneof(fc.constantFrom(...m.gatewayIds), fc.uuid(), plainText),
      amount: fc.integer({ min: 1, max: 5000 }),
      paymentMethod: anyOf(['creditCard', 'cash']),
    },
  }),
  'GET /api/payments/verify/:id': (m) => ({
    params: { id: fc.oneof(fc.constantFrom(...m.gatewayIds), fc.uuid()) },
  }),
  'GET /api/payments/:id': (m) => ({ params: { id: idOf(() => m.payments) } }),
  'GET /api/payments/quote': (m) => ({
    query: {
      roomId: id(() => m.rooms),
      monthCovered: month,
      monthsCovered: fc.array(month, { maxLength: 13 }).map((list) => list.join(',')),
      kind: anyOf([...PAYMENT_KINDS, 'tip']),
    },
  }),
  'GET /api/payments/:id/receipt': (m) => ({ params: { id: idOf(() => m.payments) } }),
  'POST /api/payments/webhook': (m) => ({
    body: {
      id: fc.uuid(),
      type: anyOf(['payment_paid', 'payment_failed', 'payment_refunded']),
      secret_token: fc.oneof(plainText, fc.constant('whsec_wrong')),
      data: fc.record({ id: fc.oneof(fc.constantFrom(...m.gatewayIds), plainText) }),
    },
  }),
  'GET /api/tenancies': (m) => ({
    query: {
      state: anyOf([...TENANCY_STATES, 'paused']),
      overdue: flag,
      buildingId: id(() => m.buildings),
      ...paging(TENANCY_SORTS),
      ...search,
    },
  }),
  'GET /api/tenancies/:id': (m) => ({ params: { id: idOf(() => m.tenancies) } }),
  'GET /api/tenancies/:id/ledger': (m) => ({ params: { id: idOf(() => m.tenancies) } }),
  'PATCH /api/tenancies/:id': (m) => ({
    params: { id: idOf(() => m.tenancies) },
    body: { ejarContractNumber: fc.oneof(fc.stringMatching(/^\d{10}$/), fc.constant(null)) },
  }),
  'POST /api/tenancies/:id/end': (m) => ({
    params: { id: idOf(() => m.tenancies) },
    body: { endDate: dateish, reason },
  }),
  'POST /api/tenancies/:id/deposit-return': (m) => ({
    params: { id: idOf(() => m.tenancies) },
    body: { amount: fc.oneof(fc.double({ min: -10, max: 200_000 }), fc.nat(5000)), reason },
  }),
  'GET /api/maintenance-requests': (m) => ({
    query: {
      status: anyOf([...MAINTENANCE_STATUSES, 'closed']),
      priority: anyOf([...MAINTENANCE_PRIORITIES, 'urgent!']),
      category: anyOf([...MAINTENANCE_CATEGORIES, 'magic']),
      buildingId: id(() => m.buildings),
      roomId: id(() => m.rooms),
      ...paging(MAINTENANCE_SORTS),
      ...search,
    },
  }),
  'GET /api/maintenance-requests/:id': (m) => ({ params: { id: idOf(() => m.maintenance) } }),
  'POST /api/maintenance-requests': (m) => ({
    upload: {
      field: 'photos',
      maxFiles: MAINTENANCE_MAX_PHOTOS,
      fields: {
        title: plainText,
        description: fc.oneof(plainText, fc.constant('The tap in the bathroom drips all night.')),
        category: anyOf([...MAINTENANCE_CATEGORIES, 'magic']),
        priority: anyOf([...MAINTENANCE_PRIORITIES, '']),
        roomId: id(() => m.rooms),
        buildingId: id(() => m.buildings),
      },
      stores: [['documents', 'maintenance']],
    },
  }),
  'PATCH /api/maintenance-requests/:id': (m) => ({
    params: { id: idOf(() => m.maintenance) },
    body: { status: anyOf([...MAINTENANCE_STATUSES, 'closed']) },
  }),
  'GET /api/maintenance-requests/:id/photos/:n': (m) => ({
    params: { id: idOf(() => m.maintenance), n: fc.integer({ min: 1, max: 3 }).map(String) },
  }),
  'GET /api/admin/stats': () => ({}),
  'GET /api/admin/payments/summary': (m) => ({ query: { ...paymentFilters(m), ...search } }),
  'GET /api/admin/payments/export': (m) => ({ query: { ...paymentFilters(m), ...search } }),
  'POST /api/admin/tenancies/:id/payments': (m) => ({
    params: { id: idOf(() => m.tenancies) },
    body: {
      kind: anyOf([...PAYMENT_KINDS, 'tip']),
      monthsCovered: fc.array(month, { maxLength: 14 }),
      method: anyOf([...RECORDED_PAYMENT_METHODS, 'creditCard', 'gold']),
      reference: fc.oneof(plainText, fc.constant('SADAD-153-0001')),
      receivedOn: dateish,
      amount: fc.oneof(fc.double({ min: -10, max: 20_000_000 }), fc.nat(50_000)),
    },
  }),
  'POST /api/admin/payments/:id/void': (m) => ({
    params: { id: idOf(() => m.payments) },
    body: { reason },
  }),
  'POST /api/admin/payments/:id/refund': (m) => ({
    params: { id: idOf(() => m.payments) },
    body: { amount: fc.oneof(fc.double({ min: -10, max: 200_000 }), fc.nat(5000)), reason },
  }),
  'GET /api/admin/rent-roll': (m) => ({
    query: { month, buildingId: id(() => m.buildings) },
  }),
  'GET /api/admin/rent-roll/export': (m) => ({
    query: { month, buildingId: id(() => m.buildings) },
  }),
  'GET /api/admin/audit-events': (m) => ({
    query: {
      actorId: id(() => [m.admin.id]),
      action: anyOf(['application.approved', 'auth.signed_in', '%']),
      subjectType: anyOf(['application', 'room', '']),
      subjectId: id(() => m.applications),
      ...paging(AUDIT_SORTS),
      ...search,
    },
  }),
  'POST /api/buildings': () => ({ body: buildingFields() }),
  'PATCH /api/buildings/:id': (m) => ({
    params: { id: idOf(() => m.buildings) },
    body: { ...buildingFields(), archived: flag },
  }),
  'DELETE /api/buildings/:id': (m) => ({ params: { id: idOf(() => m.buildings) } }),
  'GET /api/admin/buildings': () => ({
    query: {
      zone: anyOf([...ZONES, 'south']),
      isFullyManaged: flag,
      archived: flag,
      ...paging(BUILDING_SORTS),
      ...search,
    },
  }),
  'GET /api/admin/buildings/:id': (m) => ({ params: { id: idOf(() => m.buildings) } }),
  'POST /api/rooms': (m) => ({ body: roomFields(m) }),
  'PATCH /api/rooms/:id': (m) => ({
    params: { id: idOf(() => m.rooms) },
    body: { ...roomFields(m), archived: flag },
  }),
  'DELETE /api/rooms/:id': (m) => ({ params: { id: idOf(() => m.rooms) } }),
  'POST /api/rooms/:id/photos': (m) => ({
    params: { id: idOf(() => m.rooms) },
    upload: { field: 'photos', maxFiles: ROOM_PHOTOS_PER_UPLOAD, stores: [['media', 'rooms']] },
  }),
  'PATCH /api/rooms/:id/photos': (m) => ({
    params: { id: idOf(() => m.rooms) },
    body: { order: idList(() => m.photos) },
  }),
  'DELETE /api/rooms/:id/photos/:photoId': (m) => ({
    params: { id: idOf(() => m.rooms), photoId: idOf(() => m.photos) },
  }),
  'GET /api/admin/rooms': (m) => ({
    query: {
      buildingId: id(() => m.buildings),
      availability: flag,
      archived: flag,
      ...paging(ADMIN_ROOM_SORTS),
      ...search,
    },
  }),
  'GET /api/admin/rooms/:id': (m) => ({ params: { id: idOf(() => m.rooms) } }),
  'POST /api/reviews': () => ({ body: reviewFields() }),
  'PATCH /api/reviews/:id': (m) => ({
    params: { id: idOf(() => m.reviews) },
    body: reviewFields(),
  }),
  'DELETE /api/reviews/:id': (m) => ({ params: { id: idOf(() => m.reviews) } }),
  'POST /api/reviews/:id/avatar': (m) => ({
    params: { id: idOf(() => m.reviews) },
    upload: { field: 'avatar', maxFiles: 1, stores: [['media', 'avatars']] },
  }),
  'DELETE /api/reviews/:id/avatar': (m) => ({ params: { id: idOf(() => m.reviews) } }),
  'GET /api/admin/reviews': () => ({
    query: {
      featured: flag,
      rating: fc.integer({ min: -1, max: 7 }),
      ...paging(REVIEW_SORTS),
      ...search,
    },
  }),
  'GET /api/admin/reviews/:id': (m) => ({ params: { id: idOf(() => m.reviews) } }),
  'GET /media/*': () => ({
    params: { '*': wildcardOf(() => ['rooms/fuzz-photo-640.jpg', 'avatars/none-160.jpg']) },
  }),
}

/* ───────────────────────────── one request, as planned ───────────────────────────── */

interface Plan {
  caller: Caller
  path: string
  query: string
  body: Body
  headers: {
    acceptLanguage?: string
    xLocale?: string
    origin?: string
    cookies?: string
    contentType?: string
    other: Array<[string, string]>
    more: Record<string, string | undefined>
  }
}

/** The path with each parameter filled: mostly a real record's, sometimes anything. */
function pathOf(pattern: string, params: Record<string, fc.Arbitrary<string>>) {
  const names = [...pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*')
  const values = names.map((name) =>
    fc.oneof(
      { arbitrary: params[name] ?? fc.constant('1'), weight: 4 },
      hostileSegment.map((segment) => segment.raw)
    )
  )
  return fc.tuple(...values).map((chosen) => {
    let index = 0
    return pattern.replace(/:\w+|\*/g, () => chosen[index++]!)
  })
}

function planFor(route: RegisteredRoute, fuzz: Case): fc.Arbitrary<Plan> {
  return fc.record({
    caller: callerFor(route.level!),
    path: pathOf(route.pattern, fuzz.params ?? {}),
    query: fuzz.query ? queryOf(fuzz.query) : fc.oneof(fc.constant(''), queryOf({})),
    body:
      route.method === 'GET'
        ? fc.oneof({ arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 }, bodyOf({}))
        : bodyOf(fuzz.body ?? {}, fuzz.upload),
    headers: fc.record(
      {
        acceptLanguage,
        xLocale,
        origin,
        cookies: extraCookies,
        other: otherHeaders,
        contentType: contentTypeOverride,
        more: fc.record(fuzz.headers ?? {}),
      },
      { requiredKeys: ['more', 'other'] }
    ),
  })
}

const files = {
  png: await pngBytes(),
  roomJpeg: await readFile(await roomPhotoJpeg('fuzz-room.jpg')),
  pdf: samplePdf(),
  /* A JPEG's first bytes, then past the 10 MB a single upload may have. */
  oversize: Buffer.concat([Buffer.from(MAGIC.jpeg, 'latin1'), Buffer.alloc(ROOM_PHOTO_MAX_BYTES)]),
  executable: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(256)]),
}

function bytesOf(content: FileContent): Buffer {
  if (content === 'empty') return Buffer.alloc(0)
  if (typeof content === 'string') return files[content]
  if ('random' in content) return Buffer.from(content.random)
  return Buffer.concat([Buffer.from(content.head, 'latin1'), Buffer.from(content.tail)])
}

/** A header-safe rendering of a part's name (quotes and line breaks would end the header). */
const quoted = (text: string) => `"${text.replace(/["\r\n]/g, '_')}"`

function multipartOf(body: Extract<Body, { kind: 'multipart' }>): { type: string; bytes: Buffer } {
  const boundary = `----fuzz${randomUUID()}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(body.fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${textOf(value)}\r\n`
      )
    )
  }
  for (const file of body.files) {
    const type = file.type === undefined ? '' : `Content-Type: ${file.type}\r\n`
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.name)}; filename=${quoted(file.filename)}\r\n${type}\r\n`
      ),
      bytesOf(file.content),
      Buffer.from('\r\n')
    )
  }
  if (body.boundary !== 'unterminated') chunks.push(Buffer.from(`--${boundary}--\r\n`))
  const type =
    body.boundary === 'missing'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${body.boundary === 'wrong' ? 'other' : boundary}`
  return { type, bytes: Buffer.concat(chunks) }
}

function bodyBytes(body: Body): { type?: string; bytes?: Buffer } {
  switch (body.kind) {
    case 'none':
      return {}
    case 'json':
      return { type: body.type, bytes: Buffer.from(JSON.stringify(body.value) ?? 'null') }
    case 'text':
      return { type: body.type, bytes: Buffer.from(body.text) }
    case 'form':
      return {
        type: 'application/x-www-form-urlencoded',
        bytes: Buffer.from(
          Object.entries(body.value)
            .map(([key, value]) => `${encoded(key)}=${encoded(textOf(value))}`)
            .join('&')
        ),
      }
    case 'multipart':
      return multipartOf(body)
    case 'raw':
      return { type: body.type, bytes: Buffer.from(body.bytes) }
  }
}

const server = `${env.get('HOST', '127.0.0.1')}:${env.get('PORT', 3000)}`
const ownOrigin = `http://${server}`
const cookies = new CookieClient(await app.container.make(Encryption))
const signed = (id: string) =>
  `${SESSION_COOKIE}=${encodeURIComponent(cookies.sign(SESSION_COOKIE, id)!)}`

/** The Cookie header of the caller: a genuine session, a forged one, or none. */
async function sessionOf(caller: Caller, made: Made): Promise<string | undefined> {
  switch (caller) {
    case 'resident':
      return signed(await openStoredSession(made.resident))
    case 'admin':
      return signed(await openStoredSession(made.admin))
    /* Signed by us, but no such session is stored. */
    case 'forged':
      return signed(randomUUID())
    /* A session id without the signature. */
    case 'unsigned':
      return `${SESSION_COOKIE}=${randomUUID()}`
    case 'anonymous':
      return undefined
  }
}

/** Longer than any route takes on a loaded machine, far shorter than the test's timeout. */
const ANSWER_WITHIN_MS = 15_000

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: unknown
}

/** Sends the request exactly as written; the answer's body parsed as JSON when it is JSON. */
function send(method: string, path: string, headers: Record<string, string>, bytes?: Buffer) {
  const [host, port] = server.split(':')
  return new Promise<Answer>((resolve, reject) => {
    let answered = false
    const request = httpRequest(
      /* A connection of its own: none stays open after the run to hold the server's close. */
      { host, port: Number(port), method, path, headers, agent: false },
      (response) => {
        answered = true
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const json = /json/.test(String(response.headers['content-type']))
          let body: unknown = text
          if (json) {
            try {
              body = JSON.parse(text)
            } catch {
              body = text
            }
          }
          resolve({ status: response.statusCode!, headers: response.headers, body })
        })
      }
    )
    /* The server may answer (413) and close before the whole body is written. */
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    /* A request left without an answer is a failure, not a hung test. */
    request.setTimeout(ANSWER_WITHIN_MS, () => {
      if (!answered) reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`))
      request.destroy()
    })
    request.end(bytes)
  })
}

async function perform(route: RegisteredRoute, plan: Plan, made: Made) {
  const { type, bytes } = bodyBytes(plan.body)
  const headers: Record<string, string> = {}
  const contentType = plan.headers.contentType ?? type
  if (contentType !== undefined) headers['content-type'] = contentType
  if (bytes) headers['content-length'] = String(bytes.length)
  if (plan.headers.acceptLanguage !== undefined)
    headers['accept-language'] = plan.headers.acceptLanguage
  if (plan.headers.xLocale !== undefined) headers['x-locale'] = plan.headers.xLocale
  if (plan.headers.origin !== undefined) {
    headers.origin = plan.headers.origin === 'own' ? ownOrigin : plan.headers.origin
  }
  const cookie = [await sessionOf(plan.caller, made), plan.headers.cookies].filter(
    (part) => part !== undefined
  )
  if (cookie.length > 0) headers.cookie = cookie.join('; ')
  for (const [name, value] of plan.headers.other) headers[name] = value
  for (const [name, value] of Object.entries(plan.headers.more)) {
    if (value !== undefined) headers[name] = value
  }
  /* Every run reaches the route's own checks, not a rate limit left by the runs before. */
  await limiter.clear()
  return send(route.method, plan.path + plan.query, headers, bytes)
}

/* ───────────────────────────── what must hold ───────────────────────────── */

/*
 * The database's content, table by table, but for what changes on any request by design:
 * - `sessions`: each signed-in call here opens a session, and a session's expiry is touched
 *   on every call it makes (with REDIS_URL they are in Redis, not here);
 * - `rate_limits`: every throttled call is counted, refused or not (only with
 *   LIMITER_STORE=database);
 * - the sign-in log, `audit_events` rows `auth.*`: a refused sign-in and a session ended
 *   are recorded on purpose (spec: every sign-in and refusal is audited);
 * - `users.firebase_checked_at` / `firebase_tokens_valid_after`: the periodic Firebase
 *   re-check of a signed-in user's account, done before any route runs.
 */
const SKIPPED_TABLES = new Set(['sessions', 'rate_limits'])
const SKIPPED_COLUMNS: Record<string, string[]> = {
  users: ['firebase_checked_at', 'firebase_tokens_valid_after'],
}

let tableNames: string[] | undefined

/** The tables of the database, read inside the test's transaction (as every query here is). */
async function allTables(): Promise<string[]> {
  const rows = onPostgres()
    ? await db
        .from('pg_tables')
        .where('schemaname', db.raw('current_schema()'))
        .select('tablename as name')
    : await db
        .from('sqlite_master')
        .where('type', 'table')
        .whereNot('name', 'like', 'sqlite_%')
        .select('name')
  return rows.map((row: { name: string }) => row.name)
}

async function databaseState(): Promise<Map<string, string>> {
  tableNames ??= (await allTables()).filter((name) => !SKIPPED_TABLES.has(name)).sort()
  const state = new Map<string, string>()
  for (const table of tableNames) {
    const query = db.from(table).select('*')
    if (table === 'audit_events') query.whereNot('action', 'like', 'auth.%')
    const skipped = SKIPPED_COLUMNS[table] ?? []
    const rows = (await query).map((row: Record<string, unknown>) =>
      JSON.stringify(Object.entries(row).filter(([column]) => !skipped.includes(column)))
    )
    state.set(table, rows.sort().join('\n'))
  }
  return state
}

function assertUnchanged(
  assert: Assert,
  before: Map<string, string>,
  after: Map<string, string>,
  context: string
) {
  const changed = [...before.keys()].filter((table) => before.get(table) !== after.get(table))
  assert.deepEqual(
    changed,
    [],
    `a refusal changed the database (${changed.join(', ')}): ${context}`
  )
}

const ARABIC = /[\u0600-\u06ff]/

/** The language the API answers in (server/request_locale.ts). */
const localeOfPlan = (plan: Plan) => localeOf(plan.headers.xLocale, plan.headers.acceptLanguage)

/** What a failure prints of the plan: the body's files by kind and size, not their bytes. */
function shown(route: RegisteredRoute, plan: Plan) {
  const body =
    plan.body.kind === 'multipart'
      ? {
          ...plan.body,
          files: plan.body.files.map((file) => ({
            ...file,
            content: bytesOf(file.content).length,
          })),
        }
      : plan.body
  return `${route.method} ${plan.path}${plan.query} as ${plan.caller} ${JSON.stringify({ ...plan, body }).slice(0, 600)}`
}

/* ───────────────────────────── the tests ───────────────────────────── */

test.group('Fuzzing every route', (group) => {
  isolateEachTest(group)
  group.each.timeout(120_000)

  test('every route of the router has a fuzz case, and every case a route', ({ assert }) => {
    const registered = registeredRoutes().map((route) => route.key)
    const missing = registered.filter((key) => !(key in CASES))
    const unknown = Object.keys(CASES).filter((key) => !registered.includes(key))
    assert.deepEqual(missing, [], `routes without a fuzz case: ${missing.join(', ')}`)
    assert.deepEqual(unknown, [], `fuzz cases without a route: ${unknown.join(', ')}`)
  })

  test('{$self}')
    .with(Object.keys(CASES).filter((key) => key.includes(process.env.FUZZ_ROUTE ?? '')))
    .run(async ({ assert, cleanup }, key) => {
      const route = registeredRoutes().find((registered) => registered.key === key)
      assert.exists(route, `${key} is not a route`)
      const made = await makeRecords()
      const fuzz = CASES[key]!(made)
      const stored = async () => {
        const lists = await Promise.all(
          (fuzz.upload?.stores ?? []).map(([disk, folder]) => storedKeys(disk, folder))
        )
        return lists.flat().sort()
      }

      /* A request must not throw past the server either (an uncaught error stops the process). */
      const uncaught: unknown[] = []
      const record = (error: unknown) => uncaught.push(error)
      process.on('uncaughtException', record)
      process.on('unhandledRejection', record)
      cleanup(() => {
        process.off('uncaughtException', record)
        process.off('unhandledRejection', record)
      })

      let before = await databaseState()
      const initialFiles = await stored()
      let filesBefore = initialFiles
      await fc.assert(
        fc.asyncProperty(planFor(route!, fuzz), async (plan) => {
          const answer = await perform(route!, plan, made)
          const context = shown(route!, plan)
          const refused = assertAnswer(assert, answer, context)
          assert.deepEqual(uncaught.map(String), [], `thrown uncaught: ${context}`)
          if (refused && localeOfPlan(plan) === 'ar') {
            const message = (answer.body as { message: string }).message
            assert.match(message, ARABIC, `not in Arabic: ${message} — ${context}`)
          }
          if (fuzz.upload) {
            assert.deepEqual(
              await filesIn(uploadsTmpDir),
              [],
              `a temporary file stayed: ${context}`
            )
          }
          const after = await databaseState()
          const filesAfter = await stored()
          if (refused) {
            assertUnchanged(assert, before, after, context)
            assert.deepEqual(filesAfter, filesBefore, `a refusal stored a file: ${context}`)
          }
          before = after
          filesBefore = filesAfter
        }),
        RUNS
      )
      assert.deepEqual(uncaught.map(String), [], 'thrown uncaught after the last run')
      /* What accepted uploads stored goes; their rows go with the test's transaction. */
      for (const [disk, folder] of fuzz.upload?.stores ?? []) {
        for (const fileKey of await storedKeys(disk, folder)) {
          if (!initialFiles.includes(fileKey)) await drive.use(disk).delete(fileKey)
        }
      }
    })
})
