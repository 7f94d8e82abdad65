import type { DateTime } from 'luxon'
import { type BaseModel, column } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'

/**
 * `created_at` set on insert and `updated_at` on every save, for the tables that have both.
 * Used as `class Review extends compose(BaseModel, withTimestamps)`.
 */
export function withTimestamps<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class TimestampedRecord extends superclass {
    @column.dateTime({ autoCreate: true })
    declare createdAt: DateTime

    @column.dateTime({ autoCreate: true, autoUpdate: true })
    declare updatedAt: DateTime
  }
  return TimestampedRecord
}

/** `archived_at`: hidden from the public and kept for history; null while public. */
export function withArchive<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class ArchivableRecord extends superclass {
    @column.dateTime()
    declare archivedAt: DateTime | null
  }
  return ArchivableRecord
}
