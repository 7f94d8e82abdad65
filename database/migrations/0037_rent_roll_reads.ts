import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The rent roll's reads over 100,000 stays (issue 44), from indexes that hold only what a month
 * needs. A stay that ended before a month cannot hold it, and most stays have ended: the stays
 * are indexed by the day they hold until (`COALESCE(end_date, '9999-12-31')`, an open stay for
 * ever — `STAY_UNTIL_SQL` in api/app/services/rent_roll.ts, written identically so that both
 * dialects match it to the index), so a month's stays are a range of it rather than the whole
 * table. The stays behind are summed and listed from their own index, the deposits given back
 * read from the stays that gave some, and the stays changed since their summary from theirs.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('DROP INDEX tenancies_rent_roll')
    this.schema.raw(
      "CREATE INDEX tenancies_rent_roll ON tenancies ((COALESCE(end_date, '9999-12-31')), start_date, monthly_rent_halalas, room_id, application_id, end_date)"
    )
    this.schema.raw(
      'CREATE INDEX tenancies_behind ON tenancies (first_unpaid_due, id, balance_halalas, room_id)'
    )
    /* The stays whose summary a change made stale, which every list and rent roll looks for
       first: a few at most, so SQLite's planner never takes the search for a scan. */
    this.schema.raw(
      'CREATE INDEX tenancies_summary_changed ON tenancies (id) WHERE ledger_on IS NULL'
    )
    this.schema.raw(
      'CREATE INDEX tenancies_deposit_returned ON tenancies (room_id, deposit_returned_halalas) WHERE deposit_returned_halalas > 0'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX tenancies_summary_changed')
    this.schema.raw('DROP INDEX tenancies_deposit_returned')
    this.schema.raw('DROP INDEX tenancies_behind')
    this.schema.raw('DROP INDEX tenancies_rent_roll')
    this.schema.raw(
      'CREATE INDEX tenancies_rent_roll ON tenancies (start_date, end_date, monthly_rent_halalas, room_id, application_id)'
    )
  }
}
