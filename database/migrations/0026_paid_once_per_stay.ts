import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The guards as 0023 left them: a room's month paid once, across every stay on the room.
 */
const PER_ROOM = {
  payments: `CREATE UNIQUE INDEX payments_one_completed_per_room_month ON payments (room_id, month_covered) WHERE status = 'completed' AND kind = 'rent'`,
  months:
    'CREATE UNIQUE INDEX payment_months_one_completed_per_room_month ON payment_months (room_id, month) WHERE completed',
}

/**
 * "Paid once" is per stay: a month is paid once within a stay (its application),
 * so the next resident of a room pays a month an earlier stay paid too, and is never told of
 * another resident's payment. The partial unique indexes that guarded a room's month guard a
 * stay's month instead (same definitions, keyed by `application_id`), on SQLite and PostgreSQL.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('DROP INDEX payments_one_completed_per_room_month')
    this.schema.raw(
      `CREATE UNIQUE INDEX payments_one_completed_per_stay_month ON payments (application_id, month_covered) WHERE status = 'completed' AND kind = 'rent'`
    )
    this.schema.raw('DROP INDEX payment_months_one_completed_per_room_month')
    this.schema.raw(
      'CREATE UNIQUE INDEX payment_months_one_completed_per_stay_month ON payment_months (application_id, month) WHERE completed'
    )
  }

  /** Fails, as it should, once two stays of a room have each paid the same month. */
  async down() {
    this.schema.raw('DROP INDEX payment_months_one_completed_per_stay_month')
    this.schema.raw(PER_ROOM.months)
    this.schema.raw('DROP INDEX payments_one_completed_per_stay_month')
    this.schema.raw(PER_ROOM.payments)
  }
}
