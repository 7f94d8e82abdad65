import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/**
 * A timestamp as Lucid stores it on the current connection, for raw inserts: SQLite keeps
 * text (`yyyy-MM-dd HH:mm:ss`, UTC), PostgreSQL an ISO instant. A raw JS Date would reach
 * SQLite as a number that models cannot read back.
 */
export function sqlTimestamp(value: DateTime | Date = DateTime.now()): string {
  const instant = value instanceof Date ? DateTime.fromJSDate(value) : value
  return instant.toUTC().toFormat(db.connection().dialect.dateTimeFormat)
}
