/*
 * Column blocks the newer migrations share (the older ones are history and keep their own
 * spelling). Not under migrations/: Lucid would run any file there as a migration.
 */
import type { Knex } from 'knex'

/** A required reference to another table's row, never deleted from under it unless `onDelete` says. */
export function reference(
  table: Knex.CreateTableBuilder,
  column: string,
  target: string,
  onDelete: 'RESTRICT' | 'CASCADE' = 'RESTRICT'
) {
  return table.integer(column).unsigned().notNullable().references(target).onDelete(onDelete)
}

/** A resident's record about one room of one application: `user_id`, `room_id`, `application_id`. */
export function residentRoomApplication(table: Knex.CreateTableBuilder) {
  reference(table, 'user_id', 'users.id')
  reference(table, 'room_id', 'rooms.id')
  return reference(table, 'application_id', 'applications.id')
}
