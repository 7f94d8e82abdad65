import { BaseSchema } from '@adonisjs/lucid/schema'

/** The columns of a stay whose change changes its ledger. */
const LEDGER_INPUTS = ['start_date', 'end_date', 'monthly_rent_halalas', 'deposit_halalas', 'state']

/**
 * What the list of stays filters and sorts by, kept on each stay's row so that the list pages
 * in SQL like every other list: what she owes (`balance_halalas`, deposit included) and the due
 * date of her earliest unpaid month (`first_unpaid_due`: the stay has an overdue month exactly
 * when that date is past the grace days). `ledger_on` is the day they were read for, null once
 * anything they are read from changes; `ledger_until` the first day on which the calendar alone
 * changes them. Triggers clear `ledger_on` on every write to what a ledger reads — the stay's
 * own dates, rent and state, its payments and the months they cover — whichever process or
 * replica writes, in the writing transaction; the API reads the stale rows again
 * (services/stay_summaries.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('tenancies', (table) => {
      table.date('ledger_on').nullable()
      table.date('ledger_until').nullable()
      table.date('first_unpaid_due').nullable()
      table.integer('balance_halalas').notNullable().defaultTo(0)
      table.index(['ledger_on'])
      table.index(['ledger_until'])
      table.index(['first_unpaid_due'])
      table.index(['balance_halalas'])
    })

    const stale = (applicationId: string) =>
      `UPDATE tenancies SET ledger_on = NULL WHERE application_id = ${applicationId};`
    if (this.db.dialect.name.includes('sqlite')) {
      const trigger = (name: string, event: string, table: string, body: string) =>
        this.schema.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN ${body} END`)
      trigger(
        'ledger_payment_months_insert',
        'INSERT',
        'payment_months',
        stale('NEW.application_id')
      )
      trigger(
        'ledger_payment_months_update',
        'UPDATE',
        'payment_months',
        stale('NEW.application_id')
      )
      trigger(
        'ledger_payment_months_delete',
        'DELETE',
        'payment_months',
        stale('OLD.application_id')
      )
      trigger('ledger_payments_insert', 'INSERT', 'payments', stale('NEW.application_id'))
      trigger('ledger_payments_update', 'UPDATE OF status', 'payments', stale('NEW.application_id'))
      trigger(
        'ledger_tenancies_update',
        `UPDATE OF ${LEDGER_INPUTS.join(', ')}`,
        'tenancies',
        'UPDATE tenancies SET ledger_on = NULL WHERE id = NEW.id;'
      )
      return
    }

    this.schema.raw(`
      CREATE FUNCTION ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN ${stale('OLD.application_id')}
        ELSE ${stale('NEW.application_id')}
        END IF;
        RETURN NULL;
      END $$`)
    this.schema.raw(`
      CREATE FUNCTION ledger_inputs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.ledger_on := NULL;
        RETURN NEW;
      END $$`)
    this.schema.raw(
      `CREATE TRIGGER ledger_payment_months_changed AFTER INSERT OR UPDATE OR DELETE ON payment_months FOR EACH ROW EXECUTE FUNCTION ledger_changed()`
    )
    this.schema.raw(
      `CREATE TRIGGER ledger_payments_changed AFTER INSERT OR UPDATE OF status ON payments FOR EACH ROW EXECUTE FUNCTION ledger_changed()`
    )
    this.schema.raw(
      `CREATE TRIGGER ledger_tenancies_changed BEFORE UPDATE OF ${LEDGER_INPUTS.join(', ')} ON tenancies FOR EACH ROW EXECUTE FUNCTION ledger_inputs_changed()`
    )
  }

  async down() {
    if (this.db.dialect.name.includes('sqlite')) {
      for (const name of [
        'ledger_payment_months_insert',
        'ledger_payment_months_update',
        'ledger_payment_months_delete',
        'ledger_payments_insert',
        'ledger_payments_update',
        'ledger_tenancies_update',
      ])
        this.schema.raw(`DROP TRIGGER IF EXISTS ${name}`)
    } else {
      this.schema.raw('DROP TRIGGER IF EXISTS ledger_payment_months_changed ON payment_months')
      this.schema.raw('DROP TRIGGER IF EXISTS ledger_payments_changed ON payments')
      this.schema.raw('DROP TRIGGER IF EXISTS ledger_tenancies_changed ON tenancies')
      this.schema.raw('DROP FUNCTION IF EXISTS ledger_changed()')
      this.schema.raw('DROP FUNCTION IF EXISTS ledger_inputs_changed()')
    }
    this.schema.alterTable('tenancies', (table) => {
      table.dropIndex(['ledger_on'])
      table.dropIndex(['ledger_until'])
      table.dropIndex(['first_unpaid_due'])
      table.dropIndex(['balance_halalas'])
      table.dropColumn('ledger_on')
      table.dropColumn('ledger_until')
      table.dropColumn('first_unpaid_due')
      table.dropColumn('balance_halalas')
    })
  }
}
