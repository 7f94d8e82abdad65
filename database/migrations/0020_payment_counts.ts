import { BaseSchema } from '@adonisjs/lucid/schema'
import { REFUNDED_PAYMENT_STATUSES as PAYMENT_STATUSES } from './0014_payments_refunded_and_reason.js'

/**
 * `payment_counts`, one row per payment status kept by triggers: the back office's payments
 * list, unfiltered or filtered by status only, reads its X-Total-Count here instead of
 * counting a million rows (as in the bench). SQLite has row triggers; PostgreSQL gets
 * statement triggers with transition tables, so a batch changes each row once.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('payment_counts', (table) => {
      table.string('status', 20).primary()
      table.bigint('total').notNullable()
    })
    this.defer(async (db) => {
      const counted = await db
        .from('payments')
        .select('status')
        .count('* as total')
        .groupBy('status')
      const totals = new Map(counted.map((row) => [row.status as string, Number(row.total)]))
      await db
        .table('payment_counts')
        .multiInsert(PAYMENT_STATUSES.map((status) => ({ status, total: totals.get(status) ?? 0 })))
    })
    if (this.onSqlite()) {
      const add = (row: string, sign: string) =>
        `UPDATE payment_counts SET total = total ${sign} 1 WHERE status = ${row}.status;`
      this.schema.raw(
        `CREATE TRIGGER payment_counts_insert AFTER INSERT ON payments BEGIN ${add('NEW', '+')} END`
      )
      this.schema.raw(
        `CREATE TRIGGER payment_counts_delete AFTER DELETE ON payments BEGIN ${add('OLD', '-')} END`
      )
      this.schema.raw(
        `CREATE TRIGGER payment_counts_update AFTER UPDATE OF status ON payments WHEN OLD.status <> NEW.status BEGIN ${add('OLD', '-')} ${add('NEW', '+')} END`
      )
      return
    }
    const apply = (rows: string, sign: string) => `
        UPDATE payment_counts c SET total = c.total ${sign} n.total
          FROM (SELECT status, count(*) AS total FROM ${rows} GROUP BY status) n
          WHERE c.status = n.status;`
    this.schema.raw(`
      CREATE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN ${apply('old_rows', '-')} END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN ${apply('new_rows', '+')} END IF;
        RETURN NULL;
      END $$`)
    this.schema.raw(`
      CREATE FUNCTION payment_counts_recount() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE payment_counts c SET total = (SELECT count(*) FROM payments p WHERE p.status = c.status);
        RETURN NULL;
      END $$`)
    this.schema.raw(
      `CREATE TRIGGER payment_counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_track()`
    )
    this.schema.raw(
      `CREATE TRIGGER payment_counts_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_track()`
    )
    this.schema.raw(
      `CREATE TRIGGER payment_counts_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_track()`
    )
    /* TRUNCATE has no transition table: a recount. */
    this.schema.raw(
      `CREATE TRIGGER payment_counts_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_recount()`
    )
  }

  async down() {
    for (const name of ['insert', 'delete', 'update', 'truncate']) {
      this.schema.raw(
        this.onSqlite()
          ? `DROP TRIGGER IF EXISTS payment_counts_${name}`
          : `DROP TRIGGER IF EXISTS payment_counts_${name} ON payments`
      )
    }
    if (!this.onSqlite()) {
      this.schema.raw('DROP FUNCTION IF EXISTS payment_counts_track()')
      this.schema.raw('DROP FUNCTION IF EXISTS payment_counts_recount()')
    }
    this.schema.dropTable('payment_counts')
  }

  private onSqlite() {
    return this.db.dialect.name.includes('sqlite')
  }
}
