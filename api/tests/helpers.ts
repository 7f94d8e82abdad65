import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import limiter from '@adonisjs/limiter/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { ApiRequest } from '@japa/api-client'
import type { SessionData } from '@adonisjs/session/types'
import { randomUUID } from 'node:crypto'
import User from '#models/user'
import env from '#start/env'
import { SESSION_COOKIE } from '#config/session'
import { SIGNED_IN_AT_KEY, sessionStore } from '#services/sessions'

/** Runs each test of the group inside a transaction that is rolled back afterwards. */
export function isolateEachTest(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  /*
   * Redis (sessions, when REDIS_URL is set) has no rollback: in tests REDIS_URL names a
   * database for tests only, like DATABASE_URL, and it starts each test empty.
   */
  if (env.get('REDIS_URL')) {
    group.each.setup(async () => {
      const { default: redis } = await import('@adonisjs/redis/services/main')
      await redis.connection().flushdb()
    })
  }
}

/**
 * A group of tests of rate-limited routes: each test is isolated (`isolateEachTest`) and
 * starts with no rate-limit hits left by the one before.
 */
export function rateLimitedGroup(title: string, define: (group: Group) => void) {
  return test.group(title, (group) => {
    isolateEachTest(group)
    group.each.setup(() => limiter.clear())
    define(group)
  })
}

/** Whether the default connection is PostgreSQL (some tests only mean something there). */
export function onPostgres(): boolean {
  return (process.env.DB_CONNECTION ?? 'sqlite') === 'pg'
}

/**
 * Asserts that the database itself refused a write with an integrity error (CHECK, UNIQUE,
 * FOREIGN KEY, NOT NULL), not that it failed for some other reason.
 */
export async function assertRefusedByDatabase(write: () => Promise<unknown>): Promise<void> {
  /* A savepoint keeps the test's transaction usable after the refusal (PostgreSQL aborts it). */
  await db.rawQuery('SAVEPOINT refused_write')
  try {
    await write()
  } catch (error) {
    await db.rawQuery('ROLLBACK TO SAVEPOINT refused_write')
    const code = String((error as { code?: unknown }).code ?? '')
    if (code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code)) return
    throw new Error(`expected an integrity violation, got ${code || 'no code'}: ${String(error)}`)
  }
  throw new Error('expected the database to refuse the write, but it was stored')
}

/**
 * Sends the request with a genuine session of this user: written to the configured store
 * (database or Redis) as a sign-in writes it, tagged with the user, and named by the same
 * signed cookie the browser would send.
 */
export function as<T extends ApiRequest>(request: T, user: User): T {
  request.setup(async () => {
    request.withCookie(SESSION_COOKIE, await openStoredSession(user))
  })
  return request
}

/** Opens a session for the user directly in the store; answers its id. */
export async function openStoredSession(user: User, values: SessionData = {}): Promise<string> {
  const store = await sessionStore()
  const id = randomUUID()
  await store.write(id, { auth_web: user.id, [SIGNED_IN_AT_KEY]: Date.now(), ...values })
  await store.tag(id, String(user.id))
  return id
}

/** The stored sessions of a user (id and values), as the store lists them. */
export async function storedSessions(user: User) {
  return (await sessionStore()).tagged(String(user.id))
}

/** Makes the user's last Firebase check older than SESSION_RECHECK_SECONDS (300 by default). */
export async function recheckDue(user: User) {
  await User.query()
    .where('id', user.id)
    .update({ firebase_checked_at: Date.now() - 301_000 })
}

/** A December 2026 rent payment of the application as raw SQL writes it, by gateway id and status. */
export function rawPaymentRow(
  application: { id: number; userId: number; roomId: number },
  gatewayPaymentId: string,
  status: string
) {
  return {
    user_id: application.userId,
    room_id: application.roomId,
    application_id: application.id,
    amount_halalas: 150000,
    currency: 'SAR',
    method: 'creditCard',
    month_covered: '2026-12',
    gateway_payment_id: gatewayPaymentId,
    status,
    created_at: new Date(),
    updated_at: new Date(),
  }
}
