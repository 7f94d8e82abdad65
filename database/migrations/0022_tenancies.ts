import { BaseSchema } from '@adonisjs/lucid/schema'
import { DEPOSIT_STATES, TENANCY_STATES } from '@sakan/common'
import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { residentRoomApplication } from '../schema_helpers.js'

/**
 * `tenancies`: a resident's stay in a room, opened when her application is
 * approved. The rent is fixed at approval; the deposit (one month's rent) is tracked beside
 * it; a room has at most one active stay. The approved applications that exist already get
 * their stays here (see `backfillTenancies`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('tenancies', (table) => {
      table.increments('id')
      residentRoomApplication(table).unique()
      /* Integer halalas, fixed when the application was approved. */
      table.integer('monthly_rent_halalas').notNullable().checkPositive()
      table.date('start_date').notNullable()
      table.date('end_date').nullable()
      table.text('end_reason').nullable()
      table.enum('state', TENANCY_STATES).notNullable().defaultTo('active')
      table.integer('deposit_halalas').notNullable().checkPositive()
      table.enum('deposit_state', DEPOSIT_STATES).notNullable().defaultTo('due')
      table.integer('deposit_returned_halalas').nullable()
      table.text('deposit_return_reason').nullable()
      /* Ejar's residential contract number: 10 digits. */
      table.string('ejar_contract_number', 10).nullable()
      table.check(
        this.db.dialect.name === 'postgres'
          ? "ejar_contract_number ~ '^[0-9]{10}$'"
          : "length(ejar_contract_number) = 10 AND ejar_contract_number NOT GLOB '*[^0-9]*'",
        [],
        'tenancies_ejar_contract_number_format'
      )
      table.check(
        "(state = 'active' AND end_date IS NULL) OR (state = 'ended' AND end_date IS NOT NULL)",
        [],
        'tenancies_end_date_when_ended'
      )
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['state', 'start_date'])
      table.index(['user_id', 'start_date'])
    })
    /* A room is lived in by one resident at a time. */
    this.schema.raw(
      "CREATE UNIQUE INDEX tenancies_one_active_per_room ON tenancies (room_id) WHERE state = 'active'"
    )
    this.defer(async (db) => {
      await backfillTenancies(db)
    })
  }

  async down() {
    this.schema.dropTable('tenancies')
  }
}

interface ApprovedRow {
  id: number
  user_id: number
  room_id: number
  move_in_date: string | Date
  reviewed_at: string | Date | null
  created_at: string | Date
  price_halalas: number
  availability: boolean | number
  room_updated_at: string | Date
}

const isoDate = (value: string | Date) =>
  (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10)

/**
 * One stay per approved application that has none, at the room's price today (the price at
 * approval was not kept before). Of a room's approved applications, the latest is the active
 * stay while the room is still taken; every earlier one, and the latest of a room that is
 * available again, is ended: on the day the next stay began, or the day the room was freed.
 */
export async function backfillTenancies(db: QueryClientContract, now: Date = new Date()) {
  const rows: ApprovedRow[] = await db
    .from('applications')
    .join('rooms', 'rooms.id', 'applications.room_id')
    .leftJoin('tenancies', 'tenancies.application_id', 'applications.id')
    .where('applications.status', 'approved')
    .whereNull('tenancies.id')
    .orderBy('applications.room_id')
    .orderByRaw('COALESCE(applications.reviewed_at, applications.created_at)')
    .orderBy('applications.id')
    .select(
      'applications.id',
      'applications.user_id',
      'applications.room_id',
      'applications.move_in_date',
      'applications.reviewed_at',
      'applications.created_at',
      'rooms.price_halalas',
      'rooms.availability',
      'rooms.updated_at as room_updated_at'
    )
  const active = new Set(
    (await db.from('tenancies').where('state', 'active').select('room_id')).map(
      (row: { room_id: number }) => row.room_id
    )
  )
  const stamp = DateTime.fromJSDate(now).toUTC().toFormat(db.dialect.dateTimeFormat)
  for (const [index, row] of rows.entries()) {
    const next = rows[index + 1]
    const latest = next?.room_id !== row.room_id
    const startDate = isoDate(row.move_in_date)
    const stays = latest && !row.availability && !active.has(row.room_id)
    const endDate = stays
      ? null
      : [latest ? isoDate(row.room_updated_at) : isoDate(next!.move_in_date), startDate].sort()[1]!
    await db.table('tenancies').insert({
      user_id: row.user_id,
      room_id: row.room_id,
      application_id: row.id,
      monthly_rent_halalas: row.price_halalas,
      start_date: startDate,
      end_date: endDate,
      end_reason: endDate ? 'backfill' : null,
      state: endDate ? 'ended' : 'active',
      deposit_halalas: row.price_halalas,
      deposit_state: 'due',
      created_at: stamp,
      updated_at: stamp,
    })
  }
  return rows.length
}
