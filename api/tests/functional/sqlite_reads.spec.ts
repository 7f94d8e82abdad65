/*
 * The hot reads' direct path (services/sqlite_reads.ts): the same rows as through
 * knex, and never a transaction's uncommitted writes — while a transaction holds SQLite's one
 * connection, the read waits for it as knex would. On PostgreSQL every read goes through knex.
 * No global transaction here: it would hold the connection for the whole test.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { readRows } from '#services/sqlite_reads'

const VERSION = 'select version from catalog_state where id = ?'

test.group('Direct reads', () => {
  test('answer the rows knex answers, bindings converted as knex converts them', async ({
    assert,
  }) => {
    const sql = 'select ? as flag, ? as day, ? as name, version from catalog_state where id = ?'
    const day = new Date('2026-11-28T00:00:00Z')
    const bindings = [true, day, 'سكن', 1]
    const viaKnex = await db.rawQuery(sql, bindings)
    const rows = Array.isArray(viaKnex) ? viaKnex : viaKnex.rows
    assert.deepEqual(await readRows(sql, bindings), rows)
  })

  test('wait for a transaction holding the connection and never see its writes', async ({
    assert,
  }) => {
    const [before] = await readRows<{ version: string | number }>(VERSION, [1])
    const trx = await db.transaction()
    try {
      await trx.rawQuery('update catalog_state set version = version + 7 where id = 1')
      const during = readRows<{ version: string | number }>(VERSION, [1])
      /* Give the read every chance to run while the transaction is open. */
      await new Promise((resolve) => setTimeout(resolve, 50))
      await trx.rollback()
      const [read] = await during
      assert.equal(String(read!.version), String(before!.version))
    } finally {
      if (!trx.isCompleted) await trx.rollback()
    }
  })
})
