import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { ApiRequest } from '@japa/api-client'
import type User from '#models/user'
import { SESSION_EXPIRES_KEY } from '#middleware/access_middleware'

/** Runs each test of the group inside a transaction that is rolled back afterwards. */
export function isolateEachTest(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
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

/** Sends the request with a live session of this user (Japa's session client, memory store). */
export function as<T extends ApiRequest>(request: T, user: User): T {
  return request.withSession({ auth_web: user.id, [SESSION_EXPIRES_KEY]: Date.now() + 60_000 }) as T
}
